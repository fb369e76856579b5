// Gen 2 form of examples/blog-implicit.graphql. Gen 2 has neither implicit relationships nor @manyToMany: the
// reference field (Comment.postCommentsId) is declared, and the join model PostEditor is written out.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  PostStatus: a.enum(['ACTIVE', 'INACTIVE']),
  Post: a
    .model({
      title: a.string().required(),
      rating: a.integer().required(),
      status: a.ref('PostStatus').required(),
      comments: a.hasMany('Comment', 'postCommentsId'),
      editors: a.hasMany('PostEditor', 'postID'),
    })
    .authorization((allow) => [allow.publicApiKey()]),
  Comment: a.model({
    content: a.string(),
    postCommentsId: a.id(),
    post: a.belongsTo('Post', 'postCommentsId'),
  }),
  User: a.model({
    username: a.string().required(),
    posts: a.hasMany('PostEditor', 'userID'),
  }),
  PostEditor: a.model({
    postID: a.id().required(),
    userID: a.id().required(),
    post: a.belongsTo('Post', 'postID'),
    user: a.belongsTo('User', 'userID'),
  }),
}).authorization((allow) => [allow.publicApiKey()]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
