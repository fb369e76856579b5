import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";

export enum PostStatus {
  ACTIVE = "ACTIVE",
  INACTIVE = "INACTIVE"
}

type EagerPostModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly title: string;
  readonly rating: number;
  readonly status: PostStatus | keyof typeof PostStatus;
  readonly comments?: (CommentModel | null)[] | null;
  readonly editors?: (PostEditorModel | null)[] | null;
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
  readonly rating: number;
  readonly status: PostStatus | keyof typeof PostStatus;
  readonly comments: AsyncCollection<CommentModel>;
  readonly editors: AsyncCollection<PostEditorModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PostModel = LazyLoading extends LazyLoadingDisabled ? EagerPostModel : LazyPostModel

export declare const PostModel: (new (init: ModelInit<PostModel>) => PostModel) & {
  copyOf(source: PostModel, mutator: (draft: MutableModel<PostModel>) => MutableModel<PostModel> | void): PostModel;
}

type EagerCommentModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CommentModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly content?: string | null;
  readonly post?: PostModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
  readonly postCommentsId?: string | null;
}

type LazyCommentModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<CommentModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly content?: string | null;
  readonly post: AsyncItem<PostModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
  readonly postCommentsId?: string | null;
}

export declare type CommentModel = LazyLoading extends LazyLoadingDisabled ? EagerCommentModel : LazyCommentModel

export declare const CommentModel: (new (init: ModelInit<CommentModel>) => CommentModel) & {
  copyOf(source: CommentModel, mutator: (draft: MutableModel<CommentModel>) => MutableModel<CommentModel> | void): CommentModel;
}

type EagerUserModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<UserModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly username: string;
  readonly posts?: (PostEditorModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyUserModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<UserModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly username: string;
  readonly posts: AsyncCollection<PostEditorModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type UserModel = LazyLoading extends LazyLoadingDisabled ? EagerUserModel : LazyUserModel

export declare const UserModel: (new (init: ModelInit<UserModel>) => UserModel) & {
  copyOf(source: UserModel, mutator: (draft: MutableModel<UserModel>) => MutableModel<UserModel> | void): UserModel;
}

type EagerPostEditorModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostEditorModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly postId?: string | null;
  readonly userId?: string | null;
  readonly post: PostModel;
  readonly user: UserModel;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyPostEditorModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<PostEditorModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly postId?: string | null;
  readonly userId?: string | null;
  readonly post: AsyncItem<PostModel>;
  readonly user: AsyncItem<UserModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type PostEditorModel = LazyLoading extends LazyLoadingDisabled ? EagerPostEditorModel : LazyPostEditorModel

export declare const PostEditorModel: (new (init: ModelInit<PostEditorModel>) => PostEditorModel) & {
  copyOf(source: PostEditorModel, mutator: (draft: MutableModel<PostEditorModel>) => MutableModel<PostEditorModel> | void): PostEditorModel;
}



const { Post, Comment, User, PostEditor } = initSchema(schema) as {
  Post: PersistentModelConstructor<PostModel>;
  Comment: PersistentModelConstructor<CommentModel>;
  User: PersistentModelConstructor<UserModel>;
  PostEditor: PersistentModelConstructor<PostEditorModel>;
};

export {
  Post,
  Comment,
  User,
  PostEditor
};