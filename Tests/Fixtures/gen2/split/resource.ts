// A resource.ts that imports part of its schema from a module beside it.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';
import { catalog } from './catalog';

const orders = a
  .schema({
    Order: a.model({ reference: a.string().required(), total: a.float() }),
  })
  .authorization((allow) => [allow.publicApiKey()]);

const schema = a.combine([catalog, orders]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
