import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerCustomerModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly orders?: (OrderModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly orders: AsyncCollection<OrderModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerModel : LazyCustomerModel

export declare const CustomerModel: (new (init: ModelInit<CustomerModel>) => CustomerModel) & {
  copyOf(source: CustomerModel, mutator: (draft: MutableModel<CustomerModel>) => MutableModel<CustomerModel> | void): CustomerModel;
}

type EagerOrderModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<OrderModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly summary?: string | null;
  readonly customerId?: string | null;
  readonly customer?: CustomerModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyOrderModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<OrderModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly summary?: string | null;
  readonly customerId?: string | null;
  readonly customer: AsyncItem<CustomerModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type OrderModel = LazyLoading extends LazyLoadingDisabled ? EagerOrderModel : LazyOrderModel

export declare const OrderModel: (new (init: ModelInit<OrderModel>) => OrderModel) & {
  copyOf(source: OrderModel, mutator: (draft: MutableModel<OrderModel>) => MutableModel<OrderModel> | void): OrderModel;
}

type EagerTreeNodeModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TreeNodeModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly label: string;
  readonly parentId?: string | null;
  readonly parent?: TreeNodeModel | null;
  readonly children?: (TreeNodeModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTreeNodeModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TreeNodeModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly label: string;
  readonly parentId?: string | null;
  readonly parent: AsyncItem<TreeNodeModel | undefined>;
  readonly children: AsyncCollection<TreeNodeModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type TreeNodeModel = LazyLoading extends LazyLoadingDisabled ? EagerTreeNodeModel : LazyTreeNodeModel

export declare const TreeNodeModel: (new (init: ModelInit<TreeNodeModel>) => TreeNodeModel) & {
  copyOf(source: TreeNodeModel, mutator: (draft: MutableModel<TreeNodeModel>) => MutableModel<TreeNodeModel> | void): TreeNodeModel;
}

type EagerStudentModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teachers?: (StudentTeacherModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyStudentModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teachers: AsyncCollection<StudentTeacherModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type StudentModel = LazyLoading extends LazyLoadingDisabled ? EagerStudentModel : LazyStudentModel

export declare const StudentModel: (new (init: ModelInit<StudentModel>) => StudentModel) & {
  copyOf(source: StudentModel, mutator: (draft: MutableModel<StudentModel>) => MutableModel<StudentModel> | void): StudentModel;
}

type EagerTeacherModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TeacherModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly students?: (StudentTeacherModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTeacherModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TeacherModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly students: AsyncCollection<StudentTeacherModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type TeacherModel = LazyLoading extends LazyLoadingDisabled ? EagerTeacherModel : LazyTeacherModel

export declare const TeacherModel: (new (init: ModelInit<TeacherModel>) => TeacherModel) & {
  copyOf(source: TeacherModel, mutator: (draft: MutableModel<TeacherModel>) => MutableModel<TeacherModel> | void): TeacherModel;
}

type EagerStudentTeacherModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentTeacherModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly studentId?: string | null;
  readonly teacherId?: string | null;
  readonly student: StudentModel;
  readonly teacher: TeacherModel;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyStudentTeacherModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentTeacherModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly studentId?: string | null;
  readonly teacherId?: string | null;
  readonly student: AsyncItem<StudentModel>;
  readonly teacher: AsyncItem<TeacherModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type StudentTeacherModel = LazyLoading extends LazyLoadingDisabled ? EagerStudentTeacherModel : LazyStudentTeacherModel

export declare const StudentTeacherModel: (new (init: ModelInit<StudentTeacherModel>) => StudentTeacherModel) & {
  copyOf(source: StudentTeacherModel, mutator: (draft: MutableModel<StudentTeacherModel>) => MutableModel<StudentTeacherModel> | void): StudentTeacherModel;
}



const { Customer, Order, TreeNode, Student, Teacher, StudentTeacher } = initSchema(schema) as {
  Customer: PersistentModelConstructor<CustomerModel>;
  Order: PersistentModelConstructor<OrderModel>;
  TreeNode: PersistentModelConstructor<TreeNodeModel>;
  Student: PersistentModelConstructor<StudentModel>;
  Teacher: PersistentModelConstructor<TeacherModel>;
  StudentTeacher: PersistentModelConstructor<StudentTeacherModel>;
};

export {
  Customer,
  Order,
  TreeNode,
  Student,
  Teacher,
  StudentTeacher
};