import { ModelInit, MutableModel, PersistentModelConstructor, __modelMeta__, ManagedIdentifier } from "@aws-amplify/datastore";
// @ts-ignore
import { LazyLoading, LazyLoadingDisabled, AsyncCollection, AsyncItem } from "@aws-amplify/datastore";
import { initSchema } from "@aws-amplify/datastore";

import { schema } from "./schema";



type EagerMemberModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<MemberModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teamId?: string | null;
  readonly team?: TeamModel | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyMemberModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<MemberModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly name: string;
  readonly teamId?: string | null;
  readonly team: AsyncItem<TeamModel | undefined>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type MemberModel = LazyLoading extends LazyLoadingDisabled ? EagerMemberModel : LazyMemberModel

export declare const MemberModel: (new (init: ModelInit<MemberModel>) => MemberModel) & {
  copyOf(source: MemberModel, mutator: (draft: MutableModel<MemberModel>) => MutableModel<MemberModel> | void): MemberModel;
}

type EagerTeamModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TeamModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly mantra: string;
  readonly members?: (MemberModel | null)[] | null;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

type LazyTeamModel = {
  readonly [__modelMeta__]: {
    identifier: ManagedIdentifier<TeamModel, 'id'>;
    readOnlyFields: 'createdAt' | 'updatedAt';
  };
  readonly id: string;
  readonly mantra: string;
  readonly members: AsyncCollection<MemberModel>;
  readonly createdAt?: string | null;
  readonly updatedAt?: string | null;
}

export declare type TeamModel = LazyLoading extends LazyLoadingDisabled ? EagerTeamModel : LazyTeamModel

export declare const TeamModel: (new (init: ModelInit<TeamModel>) => TeamModel) & {
  copyOf(source: TeamModel, mutator: (draft: MutableModel<TeamModel>) => MutableModel<TeamModel> | void): TeamModel;
}



const { Member, Team } = initSchema(schema) as {
  Member: PersistentModelConstructor<MemberModel>;
  Team: PersistentModelConstructor<TeamModel>;
};

export {
  Member,
  Team
};