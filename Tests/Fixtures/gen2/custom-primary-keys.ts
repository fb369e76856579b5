// Gen 2 twin of examples/custom-primary-keys.graphql: identifiers.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const name = { firstName: a.string(), lastName: a.string() };

const schema = a.schema({
  Book: a.model({ isbn: a.id().required(), title: a.string().required(), description: a.string() }).identifier(['isbn']),
  Edition: a.model({ isbn: a.id().required(), title: a.string().required(), description: a.string() }).identifier(['isbn', 'title']),
  CustomerNoId: a.model({ ...name }),
  // The example declares `id: ID!` here without @primaryKey; Gen 2 cannot (a declared id gets @primaryKey), so it is left implicit.
  CustomerWithId: a.model({ ...name }),
  CustomerCustomKey: a.model({ customerId: a.id().required(), ...name }).identifier(['customerId']),
  CustomerIdKey: a.model({ id: a.id().required(), dob: a.datetime().required(), ...name }).identifier(['id']),
  CustomerIdSortKey: a.model({ id: a.id().required(), dob: a.datetime().required(), ...name }).identifier(['id', 'dob']),
  CustomerIdInSortKey: a.model({ country: a.string().required(), id: a.id().required(), ...name }).identifier(['country', 'id']),
  CustomerZip: a.model({ zip: a.string().required(), username: a.string().required(), ...name }).identifier(['zip', 'username']),
}).authorization((allow) => [allow.publicApiKey()]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
