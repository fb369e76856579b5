// The catalog models, kept in their own module and imported by resource.ts.
import { a } from '@aws-amplify/backend';

export const catalog = a
  .schema({
    Product: a.model({ name: a.string().required(), price: a.float() }),
  })
  .authorization((allow) => [allow.publicApiKey()]);
