// @ts-check
import { initSchema } from '@aws-amplify/datastore';
import { schema } from './schema';



const { Cart, Customer } = initSchema(schema);

export {
  Cart,
  Customer
};