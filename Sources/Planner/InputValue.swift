import GraphQL
package import JSON

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
    /// A non-null scalar taken from the request's variables: its position among the request's variable
    /// leaves (`VariableShape`) and its value. Plans built over such leaves are replayed for later requests
    /// of the same shape with other values; code that decides structure on a leaf pins it
    /// (`ValueResolver.pinned`), code that binds it computes the parameter from it (`BindAllocator`).
    case leaf(Int, InputValue)

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
        case (.leaf(let a, let x), .leaf(let b, let y)): a == b && x == y
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

    /// A canonical text of the value, for hashing arguments into a `nextToken`. An enum value reads the same
    /// as the string a JSON variable carries for it, so a literal `DESC` and `$direction = "DESC"` agree.
    package var canonical: String {
        switch self {
        case .null: "null"
        case .string(let text), .enumValue(let text): "s" + JSONText.quote(text)
        case .int(let value): "i\(value)"
        case .float(let value): "f\(value)"
        case .boolean(let value): "b\(value)"
        case .list(let items): "[" + items.map(\.canonical).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.sorted { $0.0 < $1.0 }.map { JSONText.quote($0.0) + ":" + $0.1.canonical }.joined(separator: ",") + "}"
        case .leaf(_, let value): value.canonical
        }
    }

    /// A value read from JSON (a request's variables): objects keep their key order.
    package init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .float(let number): self = .float(number)
        case .boolean(let flag): self = .boolean(flag)
        case .list(let items): self = .list(items.map(InputValue.init))
        case .object(let fields): self = .object(fields.map { ($0.0, InputValue($0.1)) })
        }
    }

    /// The value with every variable leaf replaced by the value it holds.
    package var concrete: InputValue {
        switch self {
        case .leaf(_, let value): value
        case .list(let items): .list(items.map(\.concrete))
        case .object(let fields): .object(fields.map { ($0.0, $0.1.concrete) })
        default: self
        }
    }

    /// True when some part of the value comes from the request's variables.
    package var containsLeaves: Bool {
        switch self {
        case .leaf: true
        case .list(let items): items.contains { $0.containsLeaves }
        case .object(let fields): fields.contains { $0.1.containsLeaves }
        default: false
        }
    }

    /// The value with every variable leaf replaced by the leaf of the same position in `leaves` (another
    /// request of the same shape).
    package func substituting(_ leaves: [InputValue]) -> InputValue {
        switch self {
        case .leaf(let index, _): leaves[index]
        case .list(let items): .list(items.map { $0.substituting(leaves) })
        case .object(let fields): .object(fields.map { ($0.0, $0.1.substituting(leaves)) })
        default: self
        }
    }

    /// The name an enum argument carries: an enum literal, or the string a JSON variable holds.
    package var enumName: String? {
        switch self {
        case .enumValue(let name), .string(let name): name
        default: nil
        }
    }
}

/// Substitutes variables into AST values.
struct ValueResolver {
    /// Variable values, already converted; an absent key is an absent variable.
    let variables: [String: InputValue]
    /// Where leaves that decided the plan's structure are recorded.
    var pins = PinnedLeaves()

    /// `value` with its leaves resolved, recording each leaf as one the plan depends on: for arguments whose
    /// value chooses the SQL's shape (`sortDirection`, `@skip(if:)`, `attributeExists`, …).
    func pinned(_ value: InputValue) -> InputValue {
        pins.pin(value)
    }

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
}

/// The variable leaves a plan's structure depends on, with the values it was planned for. A cached plan
/// answers a later request only when that request's leaves at these positions hold the same values.
final class PinnedLeaves: @unchecked Sendable {
    /// Leaf position → the value the plan was built for.
    private(set) var values: [Int: InputValue] = [:]

    /// Records the leaves inside `value` and returns it resolved.
    func pin(_ value: InputValue) -> InputValue {
        switch value {
        case .leaf(let index, let concrete):
            values[index] = concrete
            return concrete
        case .list(let items): return .list(items.map(pin))
        case .object(let fields): return .object(fields.map { ($0.0, pin($0.1)) })
        default: return value
        }
    }
}

/// Literals for variables written in Swift (tests, tools): `["id": "a", "limit": 5]`.
extension InputValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An `Int`.
    package init(integerLiteral value: Int) { self = .int(value) }
    /// A `Float`.
    package init(floatLiteral value: Double) { self = .float(value) }
    /// A `Boolean`.
    package init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// A list.
    package init(arrayLiteral elements: InputValue...) { self = .list(elements) }
    /// An object, its fields in the order written.
    package init(dictionaryLiteral elements: (String, InputValue)...) { self = .object(elements) }
    /// `null`.
    package init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The JSON of an input value: an enum value as its name's string, a variable leaf as the value it holds.
    package init(_ value: InputValue) {
        switch value {
        case .null: self = .null
        case .string(let text), .enumValue(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .float(let number): self = .float(number)
        case .boolean(let flag): self = .boolean(flag)
        case .list(let items): self = .list(items.map(JSONValue.init))
        case .object(let fields): self = .object(fields.map { ($0.0, JSONValue($0.1)) })
        case .leaf(_, let value): self = JSONValue(value)
        }
    }
}
