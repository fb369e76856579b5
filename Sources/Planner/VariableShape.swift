import JSON

/// A request's variables split into their shape (which variables are given, object keys in order, list
/// lengths, where nulls are, the kind of each scalar) and their leaves (the non-null scalars, in a fixed
/// order: variables by name, depth first). Requests of one operation with the same shape share a plan;
/// only the leaves differ, and they become the plan's parameters.
struct VariableShape {
    /// The shape as text, for the plan cache's key.
    private(set) var key = ""
    /// The non-null scalars, in leaf order.
    private(set) var leaves: [InputValue] = []

    /// Reads the shape and leaves of `variables`.
    init(_ variables: [String: InputValue]) {
        for name in variables.keys.sorted() {
            key.append(JSONText.quote(name))
            key.append("=")
            describe(variables[name]!)
            key.append(";")
        }
    }

    private mutating func describe(_ value: InputValue) {
        switch value {
        case .null: key.append("n")
        case .string: key.append("s"); leaves.append(value)
        case .int: key.append("i"); leaves.append(value)
        case .float: key.append("f"); leaves.append(value)
        case .boolean: key.append("b"); leaves.append(value)
        case .enumValue: key.append("e"); leaves.append(value)
        case .leaf(_, let inner): describe(inner)
        case .list(let items):
            key.append("[")
            for item in items { describe(item); key.append(",") }
            key.append("]")
        case .object(let fields):
            key.append("{")
            for (name, field) in fields {
                key.append(JSONText.quote(name))
                key.append(":")
                describe(field)
                key.append(",")
            }
            key.append("}")
        }
    }

    /// `variables` with every leaf marked by its position (the same order as `leaves`), for planning.
    static func symbolic(_ variables: [String: InputValue]) -> [String: InputValue] {
        var next = 0
        func mark(_ value: InputValue) -> InputValue {
            switch value {
            case .null: return .null
            case .string, .int, .float, .boolean, .enumValue:
                defer { next += 1 }
                return .leaf(next, value)
            case .leaf(_, let inner): return mark(inner)
            case .list(let items): return .list(items.map(mark))
            case .object(let fields): return .object(fields.map { ($0.0, mark($0.1)) })
            }
        }
        var result: [String: InputValue] = [:]
        for name in variables.keys.sorted() { result[name] = mark(variables[name]!) }
        return result
    }
}
