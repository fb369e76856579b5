import { ModelInit, MutableModel, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";





type EagerCustomer = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Customer, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly orders?: (Order | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomer = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Customer, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly orders: AsyncCollection<Order>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Customer = LazyLoading extends LazyLoadingDisabled ? EagerCustomer : LazyCustomer

export declare const Customer: (new (init: ModelInit<Customer>) => Customer) & {
  copyOf(source: Customer, mutator: (draft: MutableModel<Customer>) => MutableModel<Customer> | void): Customer;
}

type EagerOrder = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Order, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly summary?: string | null;
  readonly customerId?: string | null;
  readonly customer?: Customer | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyOrder = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Order, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly summary?: string | null;
  readonly customerId?: string | null;
  readonly customer: AsyncItem<Customer | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Order = LazyLoading extends LazyLoadingDisabled ? EagerOrder : LazyOrder

export declare const Order: (new (init: ModelInit<Order>) => Order) & {
  copyOf(source: Order, mutator: (draft: MutableModel<Order>) => MutableModel<Order> | void): Order;
}

type EagerTreeNode = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TreeNode, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly label: string;
  readonly parentId?: string | null;
  readonly parent?: TreeNode | null;
  readonly children?: (TreeNode | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTreeNode = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TreeNode, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly label: string;
  readonly parentId?: string | null;
  readonly parent: AsyncItem<TreeNode | undefined>;
  readonly children: AsyncCollection<TreeNode>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type TreeNode = LazyLoading extends LazyLoadingDisabled ? EagerTreeNode : LazyTreeNode

export declare const TreeNode: (new (init: ModelInit<TreeNode>) => TreeNode) & {
  copyOf(source: TreeNode, mutator: (draft: MutableModel<TreeNode>) => MutableModel<TreeNode> | void): TreeNode;
}

type EagerStudent = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Student, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teachers?: (StudentTeacher | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyStudent = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Student, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teachers: AsyncCollection<StudentTeacher>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Student = LazyLoading extends LazyLoadingDisabled ? EagerStudent : LazyStudent

export declare const Student: (new (init: ModelInit<Student>) => Student) & {
  copyOf(source: Student, mutator: (draft: MutableModel<Student>) => MutableModel<Student> | void): Student;
}

type EagerTeacher = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Teacher, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly students?: (StudentTeacher | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTeacher = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<Teacher, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly students: AsyncCollection<StudentTeacher>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Teacher = LazyLoading extends LazyLoadingDisabled ? EagerTeacher : LazyTeacher

export declare const Teacher: (new (init: ModelInit<Teacher>) => Teacher) & {
  copyOf(source: Teacher, mutator: (draft: MutableModel<Teacher>) => MutableModel<Teacher> | void): Teacher;
}

type EagerStudentTeacher = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentTeacher, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly studentId?: string | null;
  readonly teacherId?: string | null;
  readonly student: Student;
  readonly teacher: Teacher;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyStudentTeacher = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<StudentTeacher, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly studentId?: string | null;
  readonly teacherId?: string | null;
  readonly student: AsyncItem<Student>;
  readonly teacher: AsyncItem<Teacher>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type StudentTeacher = LazyLoading extends LazyLoadingDisabled ? EagerStudentTeacher : LazyStudentTeacher

export declare const StudentTeacher: (new (init: ModelInit<StudentTeacher>) => StudentTeacher) & {
  copyOf(source: StudentTeacher, mutator: (draft: MutableModel<StudentTeacher>) => MutableModel<StudentTeacher> | void): StudentTeacher;
}