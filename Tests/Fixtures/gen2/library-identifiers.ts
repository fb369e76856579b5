// Identifiers: a custom single field, a composite one, a string partition key with an ID sort key.
import { a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Customer: a
    .model({
      customerId: a.id().required(),
      name: a.string(),
    })
    .identifier(['customerId']),
  StoreBranch: a
    .model({
      tenantId: a.id().required(),
      name: a.string().required(),
      country: a.string(),
    })
    .identifier(['tenantId', 'name']),
  Reading: a
    .model({
      sensor: a.string().required(),
      takenAt: a.datetime().required(),
      value: a.float(),
    })
    .identifier(['sensor', 'takenAt']),
}).authorization((allow) => [allow.publicApiKey()]);

export const data = defineData({ schema });
