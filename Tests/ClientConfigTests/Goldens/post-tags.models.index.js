// @ts-check
import { initSchema } from '@aws-amplify/datastore';
import { schema } from './schema';



const { PostTag, Post, Tag } = initSchema(schema);

export {
  PostTag,
  Post,
  Tag
};