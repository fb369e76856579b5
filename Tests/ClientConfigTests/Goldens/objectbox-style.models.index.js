// @ts-check
import { initSchema } from '@aws-amplify/datastore';
import { schema } from './schema';



const { Customer, Order, TreeNode, Student, Teacher, StudentTeacher } = initSchema(schema);

export {
  Customer,
  Order,
  TreeNode,
  Student,
  Teacher,
  StudentTeacher
};