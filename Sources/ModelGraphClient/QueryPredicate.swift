/// A filter or condition as the API's `ModelXFilterInput`/`ModelXConditionInput` takes it, untyped.
public indirect enum QueryFilter: Sendable, Equatable {
    /// `{field: {operator: value}}`.
    case field(String, String, GraphQLValue)
    /// `{and: [...]}`.
    case and([QueryFilter])
    /// `{or: [...]}`.
    case or([QueryFilter])
    /// `{not: ...}`.
    case not(QueryFilter)

    /// The input object.
    public var graphQLValue: GraphQLValue {
        switch self {
        case .field(let name, let op, let value): .object([name: .object([op: value])])
        case .and(let parts): .object(["and": .list(parts.map(\.graphQLValue))])
        case .or(let parts): .object(["or": .list(parts.map(\.graphQLValue))])
        case .not(let part): .object(["not": part.graphQLValue])
        }
    }
}

/// A filter or condition on model `M`, built from its typed field paths (`Member.keys.teamId == id`).
public struct QueryPredicate<M: Model>: Sendable, Equatable {
    /// The untyped filter.
    public var filter: QueryFilter

    /// Wraps a filter.
    public init(_ filter: QueryFilter) {
        self.filter = filter
    }

    /// Both predicates (flattened into one `and`).
    public static func && (lhs: QueryPredicate, rhs: QueryPredicate) -> QueryPredicate {
        switch (lhs.filter, rhs.filter) {
        case (.and(let left), .and(let right)): QueryPredicate(.and(left + right))
        case (.and(let left), let right): QueryPredicate(.and(left + [right]))
        default: QueryPredicate(.and([lhs.filter, rhs.filter]))
        }
    }

    /// Either predicate (flattened into one `or`).
    public static func || (lhs: QueryPredicate, rhs: QueryPredicate) -> QueryPredicate {
        switch (lhs.filter, rhs.filter) {
        case (.or(let left), .or(let right)): QueryPredicate(.or(left + right))
        case (.or(let left), let right): QueryPredicate(.or(left + [right]))
        default: QueryPredicate(.or([lhs.filter, rhs.filter]))
        }
    }

    /// The negation.
    public static prefix func ! (operand: QueryPredicate) -> QueryPredicate {
        QueryPredicate(.not(operand.filter))
    }
}

/// A typed path to a stored field of model `M` whose values are `Value` (without optionality).
public struct FieldPath<M: Model, Value: GraphQLValueConvertible>: Sendable {
    /// The field's GraphQL name.
    public let name: String

    /// Creates the path; generated `keys` call this.
    public init(_ name: String) {
        self.name = name
    }

    private func compare(_ op: String, _ value: GraphQLValue) -> QueryPredicate<M> {
        QueryPredicate(.field(name, op, value))
    }

    /// `eq`; `nil` compares with null.
    public static func == (path: FieldPath, value: Value?) -> QueryPredicate<M> { path.compare("eq", value.graphQLValue) }
    /// `ne`.
    public static func != (path: FieldPath, value: Value?) -> QueryPredicate<M> { path.compare("ne", value.graphQLValue) }
    /// `lt`.
    public static func < (path: FieldPath, value: Value) -> QueryPredicate<M> { path.compare("lt", value.graphQLValue) }
    /// `le`.
    public static func <= (path: FieldPath, value: Value) -> QueryPredicate<M> { path.compare("le", value.graphQLValue) }
    /// `gt`.
    public static func > (path: FieldPath, value: Value) -> QueryPredicate<M> { path.compare("gt", value.graphQLValue) }
    /// `ge`.
    public static func >= (path: FieldPath, value: Value) -> QueryPredicate<M> { path.compare("ge", value.graphQLValue) }

    /// `eq`.
    public func eq(_ value: Value?) -> QueryPredicate<M> { compare("eq", value.graphQLValue) }
    /// `ne`.
    public func ne(_ value: Value?) -> QueryPredicate<M> { compare("ne", value.graphQLValue) }
    /// `beginsWith`: string fields start with `prefix`.
    public func beginsWith(_ prefix: String) -> QueryPredicate<M> { compare("beginsWith", .string(prefix)) }
    /// `contains`: a substring of a string, or an element of a list.
    public func contains(_ value: Value) -> QueryPredicate<M> { compare("contains", value.graphQLValue) }
    /// `notContains`.
    public func notContains(_ value: Value) -> QueryPredicate<M> { compare("notContains", value.graphQLValue) }
    /// `between`: from `lower` to `upper`, both included.
    public func between(_ lower: Value, _ upper: Value) -> QueryPredicate<M> { compare("between", .list([lower.graphQLValue, upper.graphQLValue])) }
    /// `attributeExists`: the field has a value (true) or is null (false).
    public func attributeExists(_ exists: Bool) -> QueryPredicate<M> { compare("attributeExists", .bool(exists)) }
}
