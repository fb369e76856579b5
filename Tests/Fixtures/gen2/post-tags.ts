// Gen 2 twin of examples/post-tags.graphql: many-to-many through the join model PostTag.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  PostTag: a.model({
    postId: a.id().required(),
    tagId: a.id().required(),
    post: a.belongsTo('Post', 'postId'),
    tag: a.belongsTo('Tag', 'tagId'),
  }),
  Post: a.model({
    title: a.string(),
    content: a.string(),
    tags: a.hasMany('PostTag', 'postId'),
  }),
  Tag: a.model({
    name: a.string(),
    posts: a.hasMany('PostTag', 'tagId'),
  }),
}).authorization((allow) => [allow.publicApiKey()]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
