/// A JSON value as read by `JSONReader`: objects keep their keys in the order they were written.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case string(String)
    /// A number without a fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case float(Double)
    case boolean(Bool)
    case list([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value of `key` in an object; nil when absent (distinct from `.null`) or when this is not an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }
}
