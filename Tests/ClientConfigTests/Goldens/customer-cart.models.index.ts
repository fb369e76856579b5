import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerCartModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CartModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly items: string[];
  readonly customerId?: string | null;
  readonly customer?: CustomerModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCartModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CartModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly items: string[];
  readonly customerId?: string | null;
  readonly customer: AsyncItem<CustomerModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CartModel = LazyLoading extends LazyLoadingDisabled ? EagerCartModel : LazyCartModel

export declare const CartModel: (new (init: ModelInit<CartModel>) => CartModel) & {
  copyOf(source: CartModel, mutator: (draft: MutableModel<CartModel>) => MutableModel<CartModel> | void): CartModel;
}

type EagerCustomerModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name?: string | null;
  readonly activeCart?: CartModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyCustomerModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CustomerModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name?: string | null;
  readonly activeCart: AsyncItem<CartModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type CustomerModel = LazyLoading extends LazyLoadingDisabled ? EagerCustomerModel : LazyCustomerModel

export declare const CustomerModel: (new (init: ModelInit<CustomerModel>) => CustomerModel) & {
  copyOf(source: CustomerModel, mutator: (draft: MutableModel<CustomerModel>) => MutableModel<CustomerModel> | void): CustomerModel;
}



const { Cart, Customer } = initSchema(schema) as {
  Cart: PersistentModelConstructor<CartModel>;
  Customer: PersistentModelConstructor<CustomerModel>;
};

export {
  Cart,
  Customer
};