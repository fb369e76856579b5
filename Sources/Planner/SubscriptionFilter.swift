package import APISchema
package import JSON

/// A subscription's `filter:` argument, checked on the server against each changed record as the subscriber
/// would read it (its fields' API values: strings, numbers, booleans, lists of them).
///
/// The semantics are the list filter's (docs/decisions.md §3): entries of one object and `and` lists must all
/// hold, an `or` list needs one; strings compare byte by byte; `between` is inclusive; `contains` is a
/// substring test on a string and a membership test on a list; a field without a value satisfies only `ne`
/// (of a value), `notContains` and `notIn`.
package indirect enum SubscriptionFilter: Equatable, Sendable {
    /// Every part holds (an object's entries, an `and` list).
    case all([SubscriptionFilter])
    /// At least one part holds (an `or` list; an empty one holds for nothing).
    case any([SubscriptionFilter])
    /// One operator on one field.
    case compare(field: String, Operator, JSONValue)

    /// Reads a `ModelSubscription…FilterInput` value; nil for a null filter (everything matches).
    package init?(_ input: InputValue) throws(PlanError) {
        guard input != .null else { return nil }
        guard case .object(let entries) = input.concrete else { throw PlanError(.validation, "A subscription filter must be an object.") }
        var parts: [SubscriptionFilter] = []
        for (name, value) in entries where value != .null {
            switch name {
            case "and", "or":
                guard case .list(let items) = value else { throw PlanError(.validation, "'\(name)' of a subscription filter must be a list.") }
                var children: [SubscriptionFilter] = []
                for item in items {
                    if let child = try SubscriptionFilter(item) { children.append(child) }
                }
                parts.append(name == "and" ? .all(children) : .any(children))
            default:
                guard case .object(let operators) = value else { throw PlanError(.validation, "The filter of '\(name)' must be an object of operators.") }
                for (opName, operand) in operators {
                    guard let op = Operator(rawValue: opName), Operator.operators(of: .subscriptionFilter, surface: .appSync).contains(op) else {
                        throw PlanError(.validation, "Unknown subscription filter operator '\(opName)' on '\(name)'.")
                    }
                    var value = JSONValue(operand)
                    // GraphQL reads a single value where a list is expected as a list of one.
                    if [.between, .in, .notIn].contains(op), value != .null, !value.isList { value = .list([value]) }
                    if op == .between, case .list(let bounds) = value, bounds.count != 2 {
                        throw PlanError(.invalidArguments, "Argument \(name).between expects exactly 2 elements.")
                    }
                    parts.append(.compare(field: name, op, value))
                }
            }
        }
        self = parts.count == 1 ? parts[0] : .all(parts)
    }

    /// The filter written as a filter input value (`{and: [{postId: {eq: "p1"}}, …]}`), for people to read.
    package var text: String {
        switch self {
        case .all(let parts): "{and: [" + parts.map(\.text).joined(separator: ", ") + "]}"
        case .any(let parts): "{or: [" + parts.map(\.text).joined(separator: ", ") + "]}"
        case .compare(let field, let op, let operand): "{\(field): {\(op.rawValue): \(JSONText.encode(operand))}}"
        }
    }

    /// What is left to check once a record is known to hold one of `values` in `field` (one of
    /// `requiredValues`): this filter without that comparison; nil when nothing is left.
    package func removingRequired(field: String, values: [String]) -> SubscriptionFilter? {
        var removed = false
        return removing(field: field, values: values, removed: &removed)
    }

    private func removing(field: String, values: [String], removed: inout Bool) -> SubscriptionFilter? {
        switch self {
        case .compare(field, _, _) where !removed && Self.requiredValues(of: self)?.values == values:
            removed = true
            return nil
        case .all(let parts):
            let kept = parts.compactMap { $0.removing(field: field, values: values, removed: &removed) }
            if kept.isEmpty { return nil }
            return kept.count == 1 ? kept[0] : .all(kept)
        default:
            return self
        }
    }

    /// The texts a field must hold one of, for every passing record: `eq` with a string (one text) and `in` with
    /// strings (one of them), in the top-level object and its `and` lists, not under an `or`.
    package var requiredValues: [(field: String, values: [String])] {
        switch self {
        case .all(let parts): parts.flatMap(\.requiredValues)
        case .any: []
        case .compare: Self.requiredValues(of: self).map { [$0] } ?? []
        }
    }

    private static func requiredValues(of comparison: SubscriptionFilter) -> (field: String, values: [String])? {
        switch comparison {
        case .compare(let field, .eq, .string(let value)): return (field, [value])
        case .compare(let field, .in, .list(let options)) where !options.isEmpty:
            let texts = options.compactMap { if case .string(let text) = $0 { text } else { nil } }
            return texts.count == options.count ? (field, texts) : nil
        default: return nil
        }
    }

    /// True when `record` (a JSON object of field values) passes.
    package func matches(_ record: JSONValue) -> Bool {
        switch self {
        case .all(let parts): parts.allSatisfy { $0.matches(record) }
        case .any(let parts): parts.contains { $0.matches(record) }
        case .compare(let field, let op, let operand): Self.holds(op, record[field] ?? .null, operand)
        }
    }

    /// Every field and operator the filter uses, for checking them against the filter's input type.
    package var comparisons: [(field: String, op: Operator)] {
        switch self {
        case .all(let parts), .any(let parts): parts.flatMap(\.comparisons)
        case .compare(let field, let op, _): [(field, op)]
        }
    }

    /// The field names the filter reads.
    package var fields: Set<String> {
        switch self {
        case .all(let parts), .any(let parts): parts.reduce(into: []) { $0.formUnion($1.fields) }
        case .compare(let field, _, _): [field]
        }
    }

    private static func holds(_ op: Operator, _ value: JSONValue, _ operand: JSONValue) -> Bool {
        switch op {
        case .eq: return equal(value, operand)
        case .ne: return !equal(value, operand)
        case .lt, .le, .gt, .ge:
            guard let order = order(value, operand) else { return false }
            switch op {
            case .lt: return order < 0
            case .le: return order <= 0
            case .gt: return order > 0
            default: return order >= 0
            }
        case .between:
            guard case .list(let bounds) = operand, bounds.count == 2, let low = order(value, bounds[0]), let high = order(value, bounds[1]) else { return false }
            return low >= 0 && high <= 0
        case .beginsWith:
            guard case .string(let text) = value, case .string(let prefix) = operand else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case .contains: return contains(value, operand)
        case .notContains: return !contains(value, operand)
        case .in:
            guard case .list(let options) = operand, value != .null else { return false }
            return options.contains { equal(value, $0) }
        case .notIn:
            guard case .list(let options) = operand else { return true }
            return !options.contains { equal(value, $0) }
        case .attributeExists, .attributeType, .size, .eqInsensitive, .containsInsensitive, .beginsWithInsensitive, .search:
            // Not in a subscription filter input.
            return false
        }
    }

    /// JSON equality with numbers compared by value (`1` equals `1.0`) and strings byte by byte (text that is
    /// only canonically equivalent, `é` and `e` + U+0301, is not equal, as in PostgreSQL's "C" collation).
    private static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && equal($0.1, $1.1) }
        default: return a == b
        }
    }

    /// -1, 0 or 1 for two numbers or two strings (byte order); nil when they cannot be ordered.
    private static func order(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if let x = number(a), let y = number(b) { return x < y ? -1 : x > y ? 1 : 0 }
        guard case .string(let x) = a, case .string(let y) = b else { return nil }
        if x.utf8.elementsEqual(y.utf8) { return 0 }
        return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
    }

    private static func contains(_ value: JSONValue, _ operand: JSONValue) -> Bool {
        switch value {
        case .string(let text):
            guard case .string(let part) = operand else { return false }
            return part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
        case .list(let items):
            return items.contains { equal($0, operand) }
        default:
            return false
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .float(let number): number
        default: nil
        }
    }
}

extension JSONValue {
    /// True for a list.
    fileprivate var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
