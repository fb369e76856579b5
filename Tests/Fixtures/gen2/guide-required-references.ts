// The relationship guide's required and optional references: a Member must belong to a Team (teamId is
// required), a Project may have a Team lead or not.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Team: a.model({
    mantra: a.string().required(),
    members: a.hasMany('Member', 'teamId'),
    project: a.hasOne('Project', 'teamId'),
  }),
  Member: a.model({
    name: a.string().required(),
    teamId: a.id().required(),
    team: a.belongsTo('Team', 'teamId'),
  }),
  Project: a.model({
    title: a.string(),
    teamId: a.id(),
    team: a.belongsTo('Team', 'teamId'),
  }),
}).authorization((allow) => allow.publicApiKey());

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
