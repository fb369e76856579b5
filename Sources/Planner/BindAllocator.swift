import SQLSyntax

/// Hands out `$n` parameters for values, in order of first use, so every value reaches PostgreSQL as a
/// parameter and the SQL text stays the same for the same operation. Each parameter also remembers where its
/// value comes from, so a cached plan can be bound again for a request with other variable values.
struct BindAllocator {
    private(set) var values: [String?] = []
    private(set) var sources: [ParameterSource] = []
    private var aliasCounter = 0

    /// A parameter holding `value` whatever the request's variables say, cast to `type`.
    mutating func bind(_ value: String?, as type: SQLType?) -> SQLExpression {
        values.append(value)
        sources.append(.fixed(value))
        return .parameter(values.count, type)
    }

    /// A parameter whose text `compute` derives from `input` (which may hold variable leaves); `compute`
    /// runs now, and again for each later request that reuses the plan.
    mutating func bind(
        _ input: InputValue, as type: SQLType?, _ compute: @escaping @Sendable (InputValue) throws(PlanError) -> String?
    ) throws(PlanError) -> SQLExpression {
        try bind([input], as: type) { (inputs) throws(PlanError) in try compute(inputs[0]) }
    }

    /// A parameter whose text `compute` derives from several inputs.
    mutating func bind(
        _ inputs: [InputValue], as type: SQLType?, _ compute: @escaping @Sendable ([InputValue]) throws(PlanError) -> String?
    ) throws(PlanError) -> SQLExpression {
        let text = try compute(inputs.map(\.concrete))
        values.append(text)
        if inputs.contains(where: \.containsLeaves) {
            sources.append(.computed { (leaves) throws(PlanError) in try compute(inputs.map { $0.substituting(leaves) }) })
        } else {
            sources.append(.fixed(text))
        }
        return .parameter(values.count, type)
    }

    /// The next alias for a compiled object's row: `__r$0`, `__r$1`, … It is referenced unqualified (a
    /// whole-row reference), so it must be no column's name and no response key's: schemas cannot name columns
    /// with a leading `__`, and no GraphQL name (an alias) can hold a `$`.
    mutating func rowAlias() -> String {
        defer { aliasCounter += 1 }
        return "__r$\(aliasCounter)"
    }

    /// The next table alias: `t0`, `t1`, …
    mutating func alias() -> String {
        defer { aliasCounter += 1 }
        return "t\(aliasCounter)"
    }
}

/// Where a planned parameter's value comes from.
package enum ParameterSource: Sendable {
    /// The same text for every request (a literal of the query, a default).
    case fixed(String?)
    /// Computed from the request's variable leaves (`VariableShape.leaves`); throws the error a fresh plan
    /// would report for a bad value.
    case computed(@Sendable ([InputValue]) throws(PlanError) -> String?)

    /// The parameter's text for a request with `leaves`.
    func value(for leaves: [InputValue]) throws(PlanError) -> String? {
        switch self {
        case .fixed(let text): text
        case .computed(let compute): try compute(leaves)
        }
    }

    /// True when every request gets the same text.
    var isFixed: Bool {
        if case .fixed = self { return true }
        return false
    }
}
