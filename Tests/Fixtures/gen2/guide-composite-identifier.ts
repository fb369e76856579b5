// A parent identified by two fields: the child refers to it with two references, in identifier order.
import { a, defineData } from '@aws-amplify/backend';

const schema = a
  .schema({
    Team: a
      .model({
        id: a.id().required(),
        sk: a.id().required(),
        motto: a.string(),
        members: a.hasMany('Member', ['teamId', 'teamSk']),
      })
      .identifier(['id', 'sk']),
    Member: a.model({
      name: a.string(),
      teamId: a.id(),
      teamSk: a.id(),
      team: a.belongsTo('Team', ['teamId', 'teamSk']),
    }),
  })
  .authorization((allow) => allow.publicApiKey());

export const data = defineData({ schema });
