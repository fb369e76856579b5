// Gen 2 twin of examples/team-members.graphql.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Member: a
    .model({
      name: a.string().required(),
      teamId: a.id(),
      team: a.belongsTo('Team', 'teamId'),
    })
    .authorization((allow) => [allow.publicApiKey()]),
  Team: a
    .model({
      mantra: a.string().required(),
      members: a.hasMany('Member', 'teamId'),
    })
    .authorization((allow) => [allow.publicApiKey()]),
});

export type Schema = ClientSchema<typeof schema>;

export const data = defineData({
  schema,
  authorizationModes: {
    defaultAuthorizationMode: 'apiKey',
    apiKeyAuthorizationMode: { expiresInDays: 30 },
  },
});
