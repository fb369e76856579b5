// Custom operations on an existing PostgreSQL database: inline SQL (quotes, newlines and backslashes escaped
// for GraphQL) and SQL files by reference, added with addQueries / addMutations, with static group rules.
import { a, defineData, configure, secret } from '@aws-amplify/backend';

const sqlSchema = configure({
  database: { engine: 'postgresql', connectionUri: secret('SQL_CONNECTION_STRING') },
}).schema({
  posts: a
    .model({
      id: a.integer().required(),
      title: a.string().required(),
      status: a.string(),
    })
    .identifier(['id']),
});

const schema = sqlSchema
  .authorization((allow) => [allow.authenticated()])
  .renameModels(() => [['posts', 'Post']])
  .addToSchema({
    PostMeta: a.customType({ viewCount: a.integer(), approvedOn: a.date() }),
  })
  .addQueries({
    activePosts: a
      .query()
      .arguments({ limit: a.integer().required() })
      .returns(a.ref('Post').array())
      .handler(a.handler.inlineSql(`SELECT * FROM posts
WHERE status = 'active' AND title <> "it\\'s"
LIMIT :limit`))
      .authorization((allow) => [allow.publicApiKey()]),
    postMeta: a
      .query()
      .arguments({ id: a.integer() })
      .returns(a.ref('PostMeta'))
      .handler(a.handler.sqlReference('./post-meta.sql')),
  })
  .addMutations({
    archivePosts: a
      .mutation()
      .arguments({ before: a.date().required() })
      .returns(a.integer())
      .handler(a.handler.inlineSql("UPDATE posts SET status = 'archived' WHERE created < :before"))
      .authorization((allow) => [allow.groups(['Editors', 'Admins'], 'oidc')]),
  });

export const data = defineData({ schema });
