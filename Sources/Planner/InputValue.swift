import GraphQL

/// An argument value after variables are substituted: what the client meant, before it is checked against
/// a column type.
package indirect enum InputValue: Equatable, Sendable {
    case null
    case string(String)
    case int(Int)
    case float(Double)
    case boolean(Bool)
    case enumValue(String)
    case list([InputValue])
    case object([(String, InputValue)])

    package static func == (lhs: InputValue, rhs: InputValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        case (.enumValue(let a), .enumValue(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// True for `.null` (cheaper than `== .null`).
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value of `key` in an object; nil when absent (distinct from `.null`).
    package subscript(key: String) -> InputValue? {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }

    /// A canonical text of the value, for hashing arguments into a `nextToken`.
    package var canonical: String {
        switch self {
        case .null: "null"
        case .string(let text): "s" + JSONText.quote(text)
        case .int(let value): "i\(value)"
        case .float(let value): "f\(value)"
        case .boolean(let value): "b\(value)"
        case .enumValue(let value): "e" + JSONText.quote(value)
        case .list(let items): "[" + items.map(\.canonical).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.sorted { $0.0 < $1.0 }.map { JSONText.quote($0.0) + ":" + $0.1.canonical }.joined(separator: ",") + "}"
        }
    }
}

/// Substitutes variables into AST values.
struct ValueResolver {
    /// Variable values, already converted; an absent key is an absent variable.
    let variables: [String: InputValue]

    /// The value of an AST node; nil when it is a variable that was not provided (an absent argument).
    func resolve(_ value: any Value) -> InputValue? {
        switch value {
        case let variable as Variable:
            return variables[variable.name.value]
        case let value as StringValue: return .string(value.value)
        case let value as IntValue: return Int(value.value).map(InputValue.int) ?? .float(Double(value.value) ?? 0)
        case let value as FloatValue: return .float(Double(value.value) ?? 0)
        case let value as BooleanValue: return .boolean(value.value)
        case let value as EnumValue: return .enumValue(value.value)
        case is NullValue: return .null
        case let value as ListValue: return .list(value.values.compactMap { resolve($0) })
        case let value as ObjectValue:
            return .object(value.fields.compactMap { field in resolve(field.value).map { (field.name.value, $0) } })
        default: return .null
        }
    }

    /// Converts JSON variables (numbers arrive as Double-backed `Map.number`).
    static func fromMap(_ map: Map) -> InputValue {
        switch map {
        case .undefined, .null: return .null
        case .bool(let value): return .boolean(value)
        case .number(let number):
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 9.007_199_254_740_992e15 { return .int(Int(double)) }
            return .float(double)
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(fromMap))
        case .dictionary(let fields): return .object(fields.map { ($0.key, fromMap($0.value)) })
        }
    }
}
