// @ts-check
import { initSchema } from '@aws-amplify/datastore';
import { schema } from './schema';



const { Post, Person } = initSchema(schema);

export {
  Post,
  Person
};