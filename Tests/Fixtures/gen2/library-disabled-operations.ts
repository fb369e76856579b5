// .disableOperations: coarse groups, fine operations, and a coarse one covering fine ones.
import { a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  AuditEntry: a.model({ message: a.string().required() }).disableOperations(['update', 'delete', 'subscriptions']),
  Snapshot: a.model({ body: a.json() }).disableOperations(['onCreate', 'get', 'mutations', 'create']),
  Plain: a.model({ note: a.string() }).disableOperations([]),
}).authorization((allow) => [allow.publicApiKey()]);

export const data = defineData({ schema });
