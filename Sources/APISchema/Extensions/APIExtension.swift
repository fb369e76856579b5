package import ModelIR

/// One feature's additions to the API for one model (or shared by all, when `model` is nil), added as a whole
/// or not at all: if any of them clashes with a name AppSync's API (or an earlier extension) already uses, the
/// whole extension is left out and a warning names it.
package struct APIExtension: Equatable, Sendable {
    /// The feature, as warnings name it (`sort`, `count`…).
    package var feature: String
    /// The model the additions are for; nil for additions no single model owns.
    package var model: String?
    /// The additions, applied in order (a type before the fields that use it).
    package var additions: [APIAddition]

    /// Creates an extension.
    package init(feature: String, model: String?, additions: [APIAddition]) {
        self.feature = feature
        self.model = model
        self.additions = additions
    }
}

/// One addition to the generated API. Existing types keep their fields and arguments in order; additions come
/// last, so documents written against AppSync's API read the same.
package enum APIAddition: Equatable, Sendable {
    /// A new type, input, enum or scalar. Re-adding a definition an earlier extension added, unchanged, is
    /// allowed (shared types such as an enum every model's extension uses); any other existing name clashes.
    case definition(SDLDefinition)
    /// A field appended to an existing object or input type other than the root types (`rootField` adds those).
    case field(SDLField, toType: String)
    /// An argument appended to an existing field of an object type, root types included (`Query.listPosts`).
    case argument(SDLArgument, toType: String, field: String)
    /// A new root field and its entry in the root-field table the planner reads.
    case rootField(APIOperationType, SDLField, RootField)
}

/// The three root types.
package enum APIOperationType: String, CaseIterable, Sendable {
    case query = "Query"
    case mutation = "Mutation"
    case subscription = "Subscription"
}

/// What extension providers read: the model schema and AppSync's API for it, complete before any extension is
/// added.
package struct APIExtensionContext: Sendable {
    /// The model schema.
    package let schema: Schema
    /// AppSync's definitions other than the root types, in order.
    package let definitions: [SDLDefinition]
    /// AppSync's root fields, by operation type and name.
    package let rootFields: [APIOperationType: [String: RootField]]
    /// The builder of AppSync's per-model definitions, for extensions that derive from them.
    let models: ModelDefinitionsBuilder

    /// AppSync's definition named `name`, if any (root types excluded).
    package func definition(named name: String) -> SDLDefinition? {
        definitions.first { $0.name == name }
    }
}

/// Computes a feature's extensions for a whole schema (usually one `APIExtension` per model).
package typealias APIExtensionProvider = @Sendable (APIExtensionContext) -> [APIExtension]

/// The extensions of the extended API, in the order they are added.
package enum APIExtensions {
    /// Every registered feature. A feature lives in its own file in this folder and adds one line here.
    package static let registered: [APIExtensionProvider] = [
        Sorting.extensions, Counting.extensions, RelationFilters.extensions, NestedWrites.provider, NestedUpdates.provider, BatchWrites.provider, transaction,
    ]
}
