internal import JSON

/// A JSON value as the client sends and receives it: request variables, response data, filter inputs.
public indirect enum GraphQLValue: Sendable, Equatable, Hashable {
    /// JSON null.
    case null
    /// A string (also every ID, enum value and AWS string scalar).
    case string(String)
    /// A number without a fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// A list.
    case list([GraphQLValue])
    /// An object; its keys are written sorted.
    case object([String: GraphQLValue])

    /// The value of `key` when this is an object.
    public subscript(key: String) -> GraphQLValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// The fields when this is an object.
    public var objectValue: [String: GraphQLValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// True for `.null`.
    public var isNull: Bool { self == .null }

    /// The JSON text, object keys sorted so equal values always read the same.
    public var jsonText: String { JSONText.encode(jsonValue) }

    /// Reads JSON text (a response body); nil when it is not JSON.
    public init?(jsonText bytes: [UInt8]) {
        guard let value = try? JSONReader.parse(bytes) else { return nil }
        self.init(value)
    }

    /// The project's JSON value for the writer.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .float(number)
        case .bool(let flag): .boolean(flag)
        case .list(let items): .list(items.map(\.jsonValue))
        case .object(let fields): .object(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.jsonValue) })
        }
    }

    /// The value of a JSON value the reader produced.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .float(let number): self = .double(number)
        case .boolean(let flag): self = .bool(flag)
        case .list(let items): self = .list(items.map(GraphQLValue.init))
        case .object(let fields):
            var object: [String: GraphQLValue] = [:]
            // The reader keeps duplicates in order; the last one wins, as the project's reader documents.
            for (key, item) in fields { object[key] = GraphQLValue(item) }
            self = .object(object)
        }
    }
}
