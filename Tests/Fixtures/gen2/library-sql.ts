// An existing PostgreSQL database, as `npx ampx generate schema-from-database` writes it, with the usual
// changes: models renamed, relationships and rules added.
import { a } from '@aws-amplify/data-schema';
import { configure } from '@aws-amplify/data-schema/internals';
import { secret } from '@aws-amplify/backend';

export const schema = configure({
  database: {
    identifier: 'IDm4UsOP2vgk4Ld9RYsRfhdg',
    engine: 'postgresql',
    connectionUri: secret('SQL_CONNECTION_STRING'),
  },
})
  .schema({
    blogs: a
      .model({
        id: a.integer().default(),
        title: a.string().required(),
        description: a.string(),
      })
      .identifier(['id']),
    posts: a
      .model({
        id: a.integer().default(),
        title: a.string().required(),
        content: a.string(),
        parent_blog_id: a.integer(),
        status: a.ref('PostStatus'),
      })
      .identifier(['id']),
    PostStatus: a.enum(['draft', 'published']),
  })
  .renameModels(() => [
    ['blogs', 'Blog'],
    ['posts', 'Post'],
  ])
  .setRelationships((models) => [
    models.Blog.relationships({ posts: a.hasMany('Post', 'parent_blog_id') }),
    models.Post.relationships({ blog: a.belongsTo('Blog', 'parent_blog_id') }),
  ])
  .setAuthorization((models, schema) => [
    schema.authorization((allow) => allow.publicApiKey()),
    models.Post.authorization((allow) => [allow.publicApiKey().to(['read']), allow.authenticated()]),
  ]);
