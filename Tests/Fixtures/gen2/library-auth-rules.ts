// Every authorization rule ModelGraph serves, at schema, model and field level.
import { a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Note: a
    .model({
      content: a.string(),
      secret: a.string().authorization((allow) => [allow.owner()]),
    })
    .authorization((allow) => [allow.owner(), allow.authenticated().to(['read'])]),
  Doc: a
    .model({
      title: a.string(),
      editors: a.string().array(),
      author: a.string(),
    })
    .authorization((allow) => [
      allow.ownersDefinedIn('editors').to(['read', 'update']),
      allow.ownerDefinedIn('author').identityClaim('email'),
      allow.authenticated('oidc').to(['read']),
    ]),
  Report: a
    .model({
      title: a.string(),
      team: a.string(),
      teams: a.string().array(),
    })
    .authorization((allow) => [
      allow.group('Admins'),
      allow.groups(['Auditors', 'Managers']).to(['read']),
      allow.groupDefinedIn('team').withClaimIn('custom:groups'),
      allow.groupsDefinedIn('teams'),
      allow.owner('oidc'),
    ]),
  Bulletin: a.model({ text: a.string() }),
}).authorization((allow) => [allow.publicApiKey().to(['read']), allow.authenticated('userPools')]);

export const data = defineData({
  schema,
  authorizationModes: { defaultAuthorizationMode: 'userPool', apiKeyAuthorizationMode: { expiresInDays: 7 } },
});
