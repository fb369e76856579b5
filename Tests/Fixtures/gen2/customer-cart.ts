// Gen 2 twin of examples/customer-cart.graphql (the relationship guide's hasOne example).
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Cart: a.model({
    items: a.string().required().array().required(),
    customerId: a.id(),
    customer: a.belongsTo('Customer', 'customerId'),
  }),
  Customer: a.model({
    name: a.string(),
    activeCart: a.hasOne('Cart', 'customerId'),
  }),
}).authorization((allow) => allow.publicApiKey());

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
