import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier, CompositeIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerPostModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly authorName?: string | null;
  readonly authorDoB?: string | null;
  readonly author?: PersonModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyPostModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly authorName?: string | null;
  readonly authorDoB?: string | null;
  readonly author: AsyncItem<PersonModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PostModel = LazyLoading extends LazyLoadingDisabled ? EagerPostModel : LazyPostModel

export declare const PostModel: (new (init: ModelInit<PostModel>) => PostModel) & {
  copyOf(source: PostModel, mutator: (draft: MutableModel<PostModel>) => MutableModel<PostModel> | void): PostModel;
}

type EagerPersonModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<PersonModel, ['name', 'dateOfBirth']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly name: string;
  readonly dateOfBirth: string;
  readonly authoredPosts?: (PostModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyPersonModel = {
  readonly [__modelMeta__]: {
    identifier: CompositeIdentifier<PersonModel, ['name', 'dateOfBirth']>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly name: string;
  readonly dateOfBirth: string;
  readonly authoredPosts: AsyncCollection<PostModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PersonModel = LazyLoading extends LazyLoadingDisabled ? EagerPersonModel : LazyPersonModel

export declare const PersonModel: (new (init: ModelInit<PersonModel>) => PersonModel) & {
  copyOf(source: PersonModel, mutator: (draft: MutableModel<PersonModel>) => MutableModel<PersonModel> | void): PersonModel;
}



const { Post, Person } = initSchema(schema) as {
  Post: PersistentModelConstructor<PostModel>;
  Person: PersistentModelConstructor<PersonModel>;
};

export {
  Post,
  Person
};