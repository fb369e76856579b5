package import ModelIR

/// What a root field of the generated API does, so the planner never re-derives names.
package enum RootFieldKind: Equatable, Sendable {
    case get
    case list
    /// `syncXs(filter, limit, nextToken, lastSync)`: DataStore's base or delta sync, tombstones included.
    case sync
    /// An `@index` query field.
    case indexQuery(SecondaryIndex)
    case create
    case update
    case delete
    /// `batchCreateX(input: [CreateXInput!]!)`: every record or none (an extension beyond AppSync).
    case batchCreate
    /// `batchUpdateX(input: [UpdateXInput!]!)`: every record or none (an extension beyond AppSync).
    case batchUpdate
    /// `batchDeleteX(input: [DeleteXInput!]!)`: every record or none (an extension beyond AppSync).
    case batchDelete
    /// A subscription on the named mutation kind (create, update or delete).
    case subscription(String)
    /// `countPosts(filter)`: how many records the caller may list match the filter.
    case count
    /// `aggregatePosts(filter)`: the count, sums, averages, minimums and maximums of those records.
    case aggregate
    /// A field the schema declares itself (`Schema.customOperations`), answered by its handler. Boxed: every
    /// root field's kind is as large as the largest case.
    indirect case custom(CustomOperation)
}

/// A root field and the model it serves.
package struct RootField: Equatable, Sendable {
    /// The field name, e.g. `listPosts`.
    package var name: String
    /// The model's name.
    package var model: String
    /// What it does.
    package var kind: RootFieldKind
    /// The sort-key argument name, for list and index queries with a sort key.
    package var sortKeyArgument: String?

    /// Creates an entry.
    package init(name: String, model: String, kind: RootFieldKind, sortKeyArgument: String? = nil) {
        self.name = name
        self.model = model
        self.kind = kind
        self.sortKeyArgument = sortKeyArgument
    }
}
