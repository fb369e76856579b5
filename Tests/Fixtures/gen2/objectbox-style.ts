// Gen 2 form of examples/objectbox-style.graphql. Gen 2 has no @manyToMany: students and teachers are related
// through an explicit join model, StudentTeacher, with two belongsTo.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend';

const schema = a.schema({
  Customer: a.model({
    name: a.string().required(),
    orders: a.hasMany('Order', 'customerId'),
  }),
  Order: a.model({
    summary: a.string(),
    customerId: a.id(),
    customer: a.belongsTo('Customer', 'customerId'),
  }),
  TreeNode: a.model({
    label: a.string().required(),
    parentId: a.id(),
    parent: a.belongsTo('TreeNode', 'parentId'),
    children: a.hasMany('TreeNode', 'parentId'),
  }),
  Student: a.model({
    name: a.string().required(),
    teachers: a.hasMany('StudentTeacher', 'studentId'),
  }),
  Teacher: a.model({
    name: a.string().required(),
    students: a.hasMany('StudentTeacher', 'teacherId'),
  }),
  StudentTeacher: a.model({
    studentId: a.id().required(),
    teacherId: a.id().required(),
    student: a.belongsTo('Student', 'studentId'),
    teacher: a.belongsTo('Teacher', 'teacherId'),
  }),
}).authorization((allow) => [allow.publicApiKey()]);

export type Schema = ClientSchema<typeof schema>;
export const data = defineData({ schema });
