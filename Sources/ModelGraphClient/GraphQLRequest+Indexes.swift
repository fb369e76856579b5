extension GraphQLRequest {
    /// A query of a secondary index (`@index(queryField:)`) or another key query: `field` with `keyArguments`
    /// (the partition value, a sort-key condition), then `sortDirection`, the filter, the page size and token.
    /// Generated code wraps each index query in a function named like its field (`.itemsByShelfIdAndAddedOn(…)`).
    public static func keyQuery<M: Model>(
        _ type: M.Type, field: String, keyArguments: [KeyArgument], sortDirection: SortDirection? = nil, where predicate: QueryPredicate<M>? = nil,
        limit: Int? = nil, nextToken: String? = nil, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<List<M>> where R == List<M> {
        do {
            let selection = try SelectionSet.page(of: M.schema, includes: IncludeTree(includes(ModelPath<M>())), depth: 2)
            return connection(
                M.self, field: field, keyArguments: keyArguments, sortDirection: sortDirection, filter: predicate?.filter, limit: limit, nextToken: nextToken,
                selection: selection)
        } catch {
            return .failing(error)
        }
    }
}

/// The order of a key query's records by the sort key (`ModelSortDirection`).
public enum SortDirection: String, Sendable {
    /// Smallest sort key first.
    case ascending = "ASC"
    /// Largest sort key first.
    case descending = "DESC"
}

/// One argument of a request the generated code builds (a key query's key, a custom operation's argument): its
/// name (also its variable's), the GraphQL type its variable is declared with (`ID!`, `[CartLine!]!`,
/// `ModelStringKeyConditionInput`), and its value (nil: not sent, so the server uses the argument's default, or
/// null when it has none).
public struct RequestArgument: Sendable {
    /// The argument's name.
    public var name: String
    /// Its variable's GraphQL type.
    public var type: String
    /// Its value; nil leaves it out.
    public var value: GraphQLValue?

    /// Creates an argument; generated code calls this.
    public init(_ name: String, _ type: String, _ value: GraphQLValue?) {
        self.name = name
        self.type = type
        self.value = value
    }
}

/// One key argument of a key query.
public typealias KeyArgument = RequestArgument

/// A condition on a sort key (`Model…KeyConditionInput`): one comparison.
public struct KeyCondition<Value: GraphQLValueConvertible>: Sendable {
    /// The input object (`{"beginsWith": "2024-"}`).
    public let graphQLValue: GraphQLValue

    private init(_ name: String, _ value: GraphQLValue) {
        graphQLValue = .object([name: value])
    }

    /// Equal to `value`.
    public static func eq(_ value: Value) -> KeyCondition { KeyCondition("eq", value.graphQLValue) }
    /// Less than or equal to `value`.
    public static func le(_ value: Value) -> KeyCondition { KeyCondition("le", value.graphQLValue) }
    /// Less than `value`.
    public static func lt(_ value: Value) -> KeyCondition { KeyCondition("lt", value.graphQLValue) }
    /// Greater than or equal to `value`.
    public static func ge(_ value: Value) -> KeyCondition { KeyCondition("ge", value.graphQLValue) }
    /// Greater than `value`.
    public static func gt(_ value: Value) -> KeyCondition { KeyCondition("gt", value.graphQLValue) }
    /// From `lower` to `upper`, both included.
    public static func between(_ lower: Value, _ upper: Value) -> KeyCondition {
        KeyCondition("between", .list([lower.graphQLValue, upper.graphQLValue]))
    }
}

extension KeyCondition where Value == String {
    /// Starting with `prefix`.
    public static func beginsWith(_ prefix: String) -> KeyCondition { KeyCondition("beginsWith", .string(prefix)) }
}
