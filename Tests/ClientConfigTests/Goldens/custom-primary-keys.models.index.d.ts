import { ModelInit, MutableModel, __modelMeta__, CustomIdentifier, CompositeIdentifier, ManagedIdentifier, OptionallyManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled } from "@aws-amplify/datastore";





type EagerBook = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<Book, 'isbn'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyBook = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<Book, 'isbn'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Book = LazyLoading extends LazyLoadingDisabled ? EagerBook : LazyBook

export declare const Book: (new (init: ModelInit<Book>) => Book) & {
  copyOf(source: Book, mutator: (draft: MutableModel<Book>) => MutableModel<Book> | void): Book;
}

type EagerEdition = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<Edition, ['isbn', 'title']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyEdition = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<Edition, ['isbn', 'title']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type Edition = LazyLoading extends LazyLoadingDisabled ? EagerEdition : LazyEdition

export declare const Edition: (new (init: ModelInit<Edition>) => Edition) & {
  copyOf(source: Edition, mutator: (draft: MutableModel<Edition>) => MutableModel<Edition> | void): Edition;
}

type EagerCustomerNoId = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerNoId, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerNoId = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerNoId, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerNoId = LazyLoading extends LazyLoadingDisabled ? EagerCustomerNoId : LazyCustomerNoId

export declare const CustomerNoId: (new (init: ModelInit<CustomerNoId>) => CustomerNoId) & {
  copyOf(source: CustomerNoId, mutator: (draft: MutableModel<CustomerNoId>) => MutableModel<CustomerNoId> | void): CustomerNoId;
}

type EagerCustomerWithId = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerWithId, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerWithId = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerWithId, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerWithId = LazyLoading extends LazyLoadingDisabled ? EagerCustomerWithId : LazyCustomerWithId

export declare const CustomerWithId: (new (init: ModelInit<CustomerWithId>) => CustomerWithId) & {
  copyOf(source: CustomerWithId, mutator: (draft: MutableModel<CustomerWithId>) => MutableModel<CustomerWithId> | void): CustomerWithId;
}

type EagerCustomerCustomKey = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<CustomerCustomKey, 'customerId'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly customerId: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerCustomKey = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<CustomerCustomKey, 'customerId'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly customerId: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerCustomKey = LazyLoading extends LazyLoadingDisabled ? EagerCustomerCustomKey : LazyCustomerCustomKey

export declare const CustomerCustomKey: (new (init: ModelInit<CustomerCustomKey>) => CustomerCustomKey) & {
  copyOf(source: CustomerCustomKey, mutator: (draft: MutableModel<CustomerCustomKey>) => MutableModel<CustomerCustomKey> | void): CustomerCustomKey;
}

type EagerCustomerIdKey = {
  readonly [__modelMeta__]: {
    identifier: OptionallyManagedIdentifier<CustomerIdKey, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdKey = {
  readonly [__modelMeta__]: {
    identifier: OptionallyManagedIdentifier<CustomerIdKey, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdKey = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdKey : LazyCustomerIdKey

export declare const CustomerIdKey: (new (init: ModelInit<CustomerIdKey>) => CustomerIdKey) & {
  copyOf(source: CustomerIdKey, mutator: (draft: MutableModel<CustomerIdKey>) => MutableModel<CustomerIdKey> | void): CustomerIdKey;
}

type EagerCustomerIdSortKey = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdSortKey, ['id', 'dob']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdSortKey = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdSortKey, ['id', 'dob']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdSortKey = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdSortKey : LazyCustomerIdSortKey

export declare const CustomerIdSortKey: (new (init: ModelInit<CustomerIdSortKey>) => CustomerIdSortKey) & {
  copyOf(source: CustomerIdSortKey, mutator: (draft: MutableModel<CustomerIdSortKey>) => MutableModel<CustomerIdSortKey> | void): CustomerIdSortKey;
}

type EagerCustomerIdInSortKey = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdInSortKey, ['country', 'id']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly country: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdInSortKey = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdInSortKey, ['country', 'id']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly country: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdInSortKey = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdInSortKey : LazyCustomerIdInSortKey

export declare const CustomerIdInSortKey: (new (init: ModelInit<CustomerIdInSortKey>) => CustomerIdInSortKey) & {
  copyOf(source: CustomerIdInSortKey, mutator: (draft: MutableModel<CustomerIdInSortKey>) => MutableModel<CustomerIdInSortKey> | void): CustomerIdInSortKey;
}

type EagerCustomerZip = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerZip, ['zip', 'username']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly zip: string;
  readonly username: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerZip = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerZip, ['zip', 'username']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly zip: string;
  readonly username: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerZip = LazyLoading extends LazyLoadingDisabled ? EagerCustomerZip : LazyCustomerZip

export declare const CustomerZip: (new (init: ModelInit<CustomerZip>) => CustomerZip) & {
  copyOf(source: CustomerZip, mutator: (draft: MutableModel<CustomerZip>) => MutableModel<CustomerZip> | void): CustomerZip;
}