import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerPostTagModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostTagModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly postId: string;
  readonly tagId: string;
  readonly post?: PostModel | null;
  readonly tag?: TagModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyPostTagModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostTagModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly postId: string;
  readonly tagId: string;
  readonly post: AsyncItem<PostModel | undefined>;
  readonly tag: AsyncItem<TagModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PostTagModel = LazyLoading extends LazyLoadingDisabled ? EagerPostTagModel : LazyPostTagModel

export declare const PostTagModel: (new (init: ModelInit<PostTagModel>) => PostTagModel) & {
  copyOf(source: PostTagModel, mutator: (draft: MutableModel<PostTagModel>) => MutableModel<PostTagModel> | void): PostTagModel;
}

type EagerPostModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly title?: string | null;
  readonly content?: string | null;
  readonly tags?: (PostTagModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyPostModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly title?: string | null;
  readonly content?: string | null;
  readonly tags: AsyncCollection<PostTagModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PostModel = LazyLoading extends LazyLoadingDisabled ? EagerPostModel : LazyPostModel

export declare const PostModel: (new (init: ModelInit<PostModel>) => PostModel) & {
  copyOf(source: PostModel, mutator: (draft: MutableModel<PostModel>) => MutableModel<PostModel> | void): PostModel;
}

type EagerTagModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TagModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name?: string | null;
  readonly posts?: (PostTagModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTagModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TagModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name?: string | null;
  readonly posts: AsyncCollection<PostTagModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type TagModel = LazyLoading extends LazyLoadingDisabled ? EagerTagModel : LazyTagModel

export declare const TagModel: (new (init: ModelInit<TagModel>) => TagModel) & {
  copyOf(source: TagModel, mutator: (draft: MutableModel<TagModel>) => MutableModel<TagModel> | void): TagModel;
}



const { PostTag, Post, Tag } = initSchema(schema) as {
  PostTag: PersistentModelConstructor<PostTagModel>;
  Post: PersistentModelConstructor<PostModel>;
  Tag: PersistentModelConstructor<TagModel>;
};

export {
  PostTag,
  Post,
  Tag
};