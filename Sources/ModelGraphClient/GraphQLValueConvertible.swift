/// A Swift value that travels as a GraphQL value: scalars, enums, non-model types, models, and lists and
/// optionals of them. Generated code conforms its types; the client converts every value through this.
public protocol GraphQLValueConvertible: Sendable {
    /// Reads the value from a response; `context` carries the client that lazy relationships load through.
    init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError)
    /// The value as a request sends it.
    var graphQLValue: GraphQLValue { get }
}

extension String: GraphQLValueConvertible {
    /// Reads a JSON string.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .string(let text) = value else { throw .decoding("expected a string, got \(value.jsonText)") }
        self = text
    }

    /// A JSON string.
    public var graphQLValue: GraphQLValue { .string(self) }
}

extension Int: GraphQLValueConvertible {
    /// Reads a JSON integer.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .int(let number) = value else { throw .decoding("expected an integer, got \(value.jsonText)") }
        self = number
    }

    /// A JSON integer.
    public var graphQLValue: GraphQLValue { .int(self) }
}

extension Double: GraphQLValueConvertible {
    /// Reads a JSON number (an integer too).
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        switch value {
        case .double(let number): self = number
        case .int(let number): self = Double(number)
        default: throw .decoding("expected a number, got \(value.jsonText)")
        }
    }

    /// A JSON number.
    public var graphQLValue: GraphQLValue { .double(self) }
}

extension Bool: GraphQLValueConvertible {
    /// Reads a JSON boolean.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .bool(let flag) = value else { throw .decoding("expected a boolean, got \(value.jsonText)") }
        self = flag
    }

    /// A JSON boolean.
    public var graphQLValue: GraphQLValue { .bool(self) }
}

extension Optional: GraphQLValueConvertible where Wrapped: GraphQLValueConvertible {
    /// `nil` for JSON null, else the wrapped value.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        self = value.isNull ? nil : try Wrapped(graphQLValue: value, context: context)
    }

    /// JSON null for `nil`.
    public var graphQLValue: GraphQLValue { map(\.graphQLValue) ?? .null }
}

extension Array: GraphQLValueConvertible where Element: GraphQLValueConvertible {
    /// Reads a JSON list element by element.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .list(let items) = value else { throw .decoding("expected a list, got \(value.jsonText)") }
        var elements: [Element] = []
        for item in items { elements.append(try Element(graphQLValue: item, context: context)) }
        self = elements
    }

    /// A JSON list.
    public var graphQLValue: GraphQLValue { .list(map(\.graphQLValue)) }
}

/// A generated enum: its cases travel as their GraphQL names (the raw values).
public protocol GraphQLEnum: GraphQLValueConvertible, RawRepresentable, CaseIterable where RawValue == String {}

extension GraphQLEnum {
    /// Reads the GraphQL name of a case.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .string(let name) = value, let known = Self(rawValue: name) else {
            throw .decoding("expected a value of \(Self.self), got \(value.jsonText)")
        }
        self = known
    }

    /// The GraphQL name of the case.
    public var graphQLValue: GraphQLValue { .string(rawValue) }
}
