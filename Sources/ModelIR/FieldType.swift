/// What a field's values are, before list and null wrappers.
package enum BaseType: Equatable, Hashable, Sendable, Codable {
    /// A built-in or AWS scalar.
    case scalar(ScalarType)
    /// A user enum, by name.
    case enumeration(String)
    /// A non-model object type (stored as JSON), by name.
    case object(String)
    /// Another `@model` type (a relationship field), by name.
    case model(String)

    /// The GraphQL type name.
    package var name: String {
        switch self {
        case .scalar(let scalar): scalar.graphQLName
        case .enumeration(let name), .object(let name), .model(let name): name
        }
    }
}

/// A field's full type: a base type, optionally in a list, with GraphQL nullability on both levels.
package struct FieldType: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The element type.
    package var base: BaseType
    /// True when the field is a list.
    package var isList: Bool
    /// True when the field itself is non-null (`T!` or `[T]!`).
    package var isRequired: Bool
    /// True when list elements are non-null (`[T!]`); false for non-lists.
    package var isElementRequired: Bool

    /// Creates a type.
    package init(_ base: BaseType, isList: Bool = false, isRequired: Bool = false, isElementRequired: Bool = false) {
        self.base = base
        self.isList = isList
        self.isRequired = isRequired
        self.isElementRequired = isElementRequired
    }

    /// The same type with the outer nullability changed.
    package func with(required: Bool) -> FieldType {
        var copy = self
        copy.isRequired = required
        return copy
    }

    /// The GraphQL spelling, e.g. `[String!]!`.
    package var description: String { spelled(baseName: base.name) }

    /// The GraphQL spelling with another base name (for input twins such as `PostMetadataInput`).
    package func spelled(baseName: String) -> String {
        var text = baseName
        if isList {
            text = "[\(text)\(isElementRequired ? "!" : "")]"
        }
        return isRequired ? text + "!" : text
    }
}
