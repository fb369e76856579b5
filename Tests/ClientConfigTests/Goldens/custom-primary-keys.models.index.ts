import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, CustomIdentifier, CompositeIdentifier, ManagedIdentifier, OptionallyManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerBookModel = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<BookModel, 'isbn'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyBookModel = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<BookModel, 'isbn'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type BookModel = LazyLoading extends LazyLoadingDisabled ? EagerBookModel : LazyBookModel

export declare const BookModel: (new (init: ModelInit<BookModel>) => BookModel) & {
  copyOf(source: BookModel, mutator: (draft: MutableModel<BookModel>) => MutableModel<BookModel> | void): BookModel;
}

type EagerEditionModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<EditionModel, ['isbn', 'title']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyEditionModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<EditionModel, ['isbn', 'title']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly isbn: string;
  readonly title: string;
  readonly description?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type EditionModel = LazyLoading extends LazyLoadingDisabled ? EagerEditionModel : LazyEditionModel

export declare const EditionModel: (new (init: ModelInit<EditionModel>) => EditionModel) & {
  copyOf(source: EditionModel, mutator: (draft: MutableModel<EditionModel>) => MutableModel<EditionModel> | void): EditionModel;
}

type EagerCustomerNoIdModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerNoIdModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerNoIdModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerNoIdModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerNoIdModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerNoIdModel : LazyCustomerNoIdModel

export declare const CustomerNoIdModel: (new (init: ModelInit<CustomerNoIdModel>) => CustomerNoIdModel) & {
  copyOf(source: CustomerNoIdModel, mutator: (draft: MutableModel<CustomerNoIdModel>) => MutableModel<CustomerNoIdModel> | void): CustomerNoIdModel;
}

type EagerCustomerWithIdModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerWithIdModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerWithIdModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerWithIdModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerWithIdModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerWithIdModel : LazyCustomerWithIdModel

export declare const CustomerWithIdModel: (new (init: ModelInit<CustomerWithIdModel>) => CustomerWithIdModel) & {
  copyOf(source: CustomerWithIdModel, mutator: (draft: MutableModel<CustomerWithIdModel>) => MutableModel<CustomerWithIdModel> | void): CustomerWithIdModel;
}

type EagerCustomerCustomKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<CustomerCustomKeyModel, 'customerId'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly customerId: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerCustomKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CustomIdentifier<CustomerCustomKeyModel, 'customerId'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly customerId: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerCustomKeyModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerCustomKeyModel : LazyCustomerCustomKeyModel

export declare const CustomerCustomKeyModel: (new (init: ModelInit<CustomerCustomKeyModel>) => CustomerCustomKeyModel) & {
  copyOf(source: CustomerCustomKeyModel, mutator: (draft: MutableModel<CustomerCustomKeyModel>) => MutableModel<CustomerCustomKeyModel> | void): CustomerCustomKeyModel;
}

type EagerCustomerIdKeyModel = {
  readonly [__modelMeta__]: {
    identifier: OptionallyManagedIdentifier<CustomerIdKeyModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdKeyModel = {
  readonly [__modelMeta__]: {
    identifier: OptionallyManagedIdentifier<CustomerIdKeyModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdKeyModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdKeyModel : LazyCustomerIdKeyModel

export declare const CustomerIdKeyModel: (new (init: ModelInit<CustomerIdKeyModel>) => CustomerIdKeyModel) & {
  copyOf(source: CustomerIdKeyModel, mutator: (draft: MutableModel<CustomerIdKeyModel>) => MutableModel<CustomerIdKeyModel> | void): CustomerIdKeyModel;
}

type EagerCustomerIdSortKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdSortKeyModel, ['id', 'dob']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdSortKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdSortKeyModel, ['id', 'dob']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly dob: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdSortKeyModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdSortKeyModel : LazyCustomerIdSortKeyModel

export declare const CustomerIdSortKeyModel: (new (init: ModelInit<CustomerIdSortKeyModel>) => CustomerIdSortKeyModel) & {
  copyOf(source: CustomerIdSortKeyModel, mutator: (draft: MutableModel<CustomerIdSortKeyModel>) => MutableModel<CustomerIdSortKeyModel> | void): CustomerIdSortKeyModel;
}

type EagerCustomerIdInSortKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdInSortKeyModel, ['country', 'id']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly country: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerIdInSortKeyModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerIdInSortKeyModel, ['country', 'id']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly country: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerIdInSortKeyModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerIdInSortKeyModel : LazyCustomerIdInSortKeyModel

export declare const CustomerIdInSortKeyModel: (new (init: ModelInit<CustomerIdInSortKeyModel>) => CustomerIdInSortKeyModel) & {
  copyOf(source: CustomerIdInSortKeyModel, mutator: (draft: MutableModel<CustomerIdInSortKeyModel>) => MutableModel<CustomerIdInSortKeyModel> | void): CustomerIdInSortKeyModel;
}

type EagerCustomerZipModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerZipModel, ['zip', 'username']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly zip: string;
  readonly username: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerZipModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<CustomerZipModel, ['zip', 'username']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly zip: string;
  readonly username: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerZipModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerZipModel : LazyCustomerZipModel

export declare const CustomerZipModel: (new (init: ModelInit<CustomerZipModel>) => CustomerZipModel) & {
  copyOf(source: CustomerZipModel, mutator: (draft: MutableModel<CustomerZipModel>) => MutableModel<CustomerZipModel> | void): CustomerZipModel;
}



const { Book, Edition, CustomerNoId, CustomerWithId, CustomerCustomKey, CustomerIdKey, CustomerIdSortKey, CustomerIdInSortKey, CustomerZip } = initSchema(schema) as {
  Book: PersistentModelConstructor<BookModel>;
  Edition: PersistentModelConstructor<EditionModel>;
  CustomerNoId: PersistentModelConstructor<CustomerNoIdModel>;
  CustomerWithId: PersistentModelConstructor<CustomerWithIdModel>;
  CustomerCustomKey: PersistentModelConstructor<CustomerCustomKeyModel>;
  CustomerIdKey: PersistentModelConstructor<CustomerIdKeyModel>;
  CustomerIdSortKey: PersistentModelConstructor<CustomerIdSortKeyModel>;
  CustomerIdInSortKey: PersistentModelConstructor<CustomerIdInSortKeyModel>;
  CustomerZip: PersistentModelConstructor<CustomerZipModel>;
};

export {
  Book,
  Edition,
  CustomerNoId,
  CustomerWithId,
  CustomerCustomKey,
  CustomerIdKey,
  CustomerIdSortKey,
  CustomerIdInSortKey,
  CustomerZip
};