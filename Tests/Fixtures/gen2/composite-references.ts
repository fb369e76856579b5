// Gen 2 twin of examples/composite-references.graphql: Person is identified by (name, dateOfBirth).
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Post: a.model({
    title: a.string().required(),
    content: a.string().required(),
    authorName: a.string(),
    authorDoB: a.date(),
    author: a.belongsTo('Person', ['authorName', 'authorDoB']),
  }),
  Person: a
    .model({
      name: a.string().required(),
      dateOfBirth: a.date().required(),
      authoredPosts: a.hasMany('Post', ['authorName', 'authorDoB']),
    })
    .identifier(['name', 'dateOfBirth']),
}).authorization((allow) => [allow.publicApiKey()]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
