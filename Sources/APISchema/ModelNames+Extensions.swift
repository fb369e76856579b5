import ModelIR

/// The names of the extensions beyond AppSync for one model. Every extension takes its names from here, so
/// the SDL, the planner and the tests cannot disagree; examples are for a model `Post` with a hasMany field
/// `comments` to `Comment` and a belongsTo field `blog` to `Blog`.
extension ModelNames {
    /// The enum shared by every sort input, saying where nulls go: `enum ModelSortNulls { FIRST LAST }`.
    package static let sortNulls = "ModelSortNulls"

    /// The enum of the fields a list can be sorted by: `ModelPostSortableFields`.
    package var sortableFields: String { "Model\(upperTypeName)SortableFields" }

    /// One entry of a `sort` argument (`field`, `direction`, `nulls`): `ModelPostSortInput`.
    package var sortInput: String { "Model\(upperTypeName)SortInput" }

    /// The root query counting the records a filter matches, `countPosts`; nil when the model has no list query.
    package var count: String? { list.map { _ in Inflection.camel(["count", Inflection.pluralize(typeName)]) } }

    /// The root query aggregating the records a filter matches, `aggregatePosts`; nil when the model has no
    /// list query.
    package var aggregate: String? { list.map { _ in Inflection.camel(["aggregate", Inflection.pluralize(typeName)]) } }

    /// The type an aggregate query returns (`count`, `sum`, `avg`, `min`, `max`): `ModelPostAggregate`.
    package var aggregateType: String { "Model\(upperTypeName)Aggregate" }

    /// The type of an aggregate's `sum` and `avg` (the numeric fields, as `Float`): `ModelPostAggregateNumbers`.
    package var aggregateNumbers: String { "Model\(upperTypeName)AggregateNumbers" }

    /// The type of an aggregate's `min` and `max` (the orderable fields, in their own types):
    /// `ModelPostAggregateValues`.
    package var aggregateValues: String { "Model\(upperTypeName)AggregateValues" }

    /// The field on a parent counting the related records of its hasMany or manyToMany field `field`:
    /// `commentsCount` for `comments`.
    package static func relationCount(_ field: String) -> String { field + "Count" }

    /// The filter a hasMany or manyToMany field pointing at this model takes in its parent's filter
    /// (`some`, `every`, `none`): `ModelCommentRelationFilterInput` for `Comment`.
    package var relationFilterInput: String { "Model\(upperTypeName)RelationFilterInput" }

    /// The primary-key fields of this model, all required, for nested writes' `connect`, `disconnect` and
    /// `delete`: `ModelCommentKeyInput` for `Comment`.
    package var keyInput: String { "Model\(upperTypeName)KeyInput" }

    /// The nested-create input of this model's relationship field `field`: `CreatePostCommentsRelationInput`
    /// for `comments` (`create`, `connect`).
    package func createRelationInput(_ field: String) -> String { "Create\(upperTypeName)\(Inflection.upperFirst(field))RelationInput" }

    /// The item of a nested create through this model's hasMany field `field`, without the reference fields
    /// the parent fills: `CreatePostCommentsItemInput` for `comments`.
    package func createItemInput(_ field: String) -> String { "Create\(upperTypeName)\(Inflection.upperFirst(field))ItemInput" }

    /// The nested-update input of this model's relationship field `field`: `UpdatePostCommentsRelationInput`
    /// for `comments` (`create`, `connect`, `disconnect`, `delete`, `set`).
    package func updateRelationInput(_ field: String) -> String { "Update\(upperTypeName)\(Inflection.upperFirst(field))RelationInput" }

    /// The batch create mutation, `batchCreatePost`; nil when the model has no create mutation.
    package var batchCreate: String? { create.map { _ in Inflection.camel(["batch", "create", typeName]) } }

    /// The batch update mutation, `batchUpdatePost`; nil when the model has no update mutation.
    package var batchUpdate: String? { update.map { _ in Inflection.camel(["batch", "update", typeName]) } }

    /// The batch delete mutation, `batchDeletePost`; nil when the model has no delete mutation.
    package var batchDelete: String? { delete.map { _ in Inflection.camel(["batch", "delete", typeName]) } }

    /// The type name with its first letter upper-cased, as AppSync's generated names spell it.
    private var upperTypeName: String { Inflection.upperFirst(typeName) }
}
