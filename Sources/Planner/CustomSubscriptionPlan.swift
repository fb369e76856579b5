package import JSON
package import ModelIR

/// A planned subscription: to a model's changes, or to the answers of the mutations a custom subscription
/// names.
package enum PlannedSubscription: Sendable {
    /// `onCreateX`, `onUpdateX`, `onDeleteX`: the model's changes, read from the database.
    case records(SubscriptionPlan)
    /// A custom subscription (`@aws_subscribe(mutations:)`): the named mutations' answers, as published.
    case custom(CustomSubscriptionPlan)
}

/// A planned custom subscription: which mutations' answers it receives, which of them it wants (AppSync's
/// rule: each argument given must equal the top-level field of the answer with its name), and the shape its
/// selection set gives an answer.
package struct CustomSubscriptionPlan: Sendable {
    /// The operation's name, as given or as written in the document.
    package var operationName: String?
    /// The key the field's value goes under in `data` (its alias, else its name).
    package var responseKey: String
    /// The subscription field, as a custom operation's field: its arguments (what a subscribe-time function
    /// receives), the caller and the shape of its selection set.
    package var field: CustomFieldPlan
    /// The arguments given with a value (not null): the answer's top-level fields they must equal.
    package var filter: [(name: String, value: JSONValue)]

    /// The mutations it receives.
    package var mutations: [String] {
        if case .subscribe(let source) = field.operation.handler { return source.mutations }
        return []
    }

    /// The functions to call when a client subscribes (an error from one refuses the subscription).
    package var functions: [FunctionStep] {
        if case .subscribe(let source) = field.operation.handler { return source.functions }
        return []
    }

    /// True when a mutation's published answer `value` is wanted: every argument given equals the answer's
    /// field of that name (numbers by value). An answer that is not an object passes only an empty filter.
    package func wants(_ value: JSONValue) -> Bool {
        guard !filter.isEmpty else { return true }
        guard case .object(let members) = value else { return false }
        return filter.allSatisfy { condition in
            guard let member = members.last(where: { $0.0 == condition.name })?.1 else { return false }
            return Self.same(member, condition.value)
        }
    }

    /// JSON equality, numbers compared by value (an `Int` argument equals a field answered as `5.0`).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .float(let y)), (.float(let y), .int(let x)): Double(x) == y
        case (.list(let x), .list(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { member in y.last(where: { $0.0 == member.0 }).map { same(member.1, $0.1) } ?? false }
        default: a == b
        }
    }
}
