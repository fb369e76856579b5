import SQLSyntax

/// Hands out `$n` parameters for values, in order of first use, so every value reaches PostgreSQL as a
/// parameter and the SQL text stays the same for the same operation. Each parameter also remembers where its
/// value comes from, so a cached plan can be bound again for a request with other variable values.
struct BindAllocator {
    /// The caller the plan is made for: parameters computed from its identity take its values now, and the
    /// values of each later caller that reuses the plan.
    let caller: Caller
    private(set) var values: [String?] = []
    private(set) var sources: [ParameterSource] = []
    private var aliasCounter = 0
    /// How many relation filters were compiled so far: a page compares it before and after its filter to
    /// know whether its rows are filtered across a relationship (`ConnectionCompiler`).
    var relationFilters = 0

    /// An allocator for a plan made for `caller`.
    init(caller: Caller = .apiKey) {
        self.caller = caller
    }

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
            sources.append(.computed { (leaves, _) throws(PlanError) in try compute(inputs.map { $0.substituting(leaves) }) })
        } else {
            sources.append(.fixed(text))
        }
        return .parameter(values.count, type)
    }

    /// A parameter whose text `compute` derives from `input` and the caller (an owner value checked against
    /// the caller's identity): computed again for every request, since another caller may reuse the plan.
    mutating func bind(
        _ input: InputValue, as type: SQLType?, withCaller compute: @escaping @Sendable (InputValue, Caller) throws(PlanError) -> String?
    ) throws(PlanError) -> SQLExpression {
        values.append(try compute(input.concrete, caller))
        sources.append(.computed { (leaves, caller) throws(PlanError) in try compute(input.substituting(leaves), caller) })
        return .parameter(values.count, type)
    }

    /// A parameter holding what `compute` reads from the caller's identity (its owner forms, its groups).
    mutating func bind(callerValue compute: @escaping @Sendable (Caller) -> String?, as type: SQLType?) -> SQLExpression {
        values.append(compute(caller))
        sources.append(.computed { (_, caller) throws(PlanError) in compute(caller) })
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
    /// Computed from the request's variable leaves (`VariableShape.leaves`) and its caller; throws the error a
    /// fresh plan would report for a bad value.
    case computed(@Sendable ([InputValue], Caller) throws(PlanError) -> String?)

    /// The parameter's text for a request with `leaves` made by `caller`.
    func value(for leaves: [InputValue], caller: Caller) throws(PlanError) -> String? {
        switch self {
        case .fixed(let text): text
        case .computed(let compute): try compute(leaves, caller)
        }
    }

    /// True when every request gets the same text.
    var isFixed: Bool {
        if case .fixed = self { return true }
        return false
    }
}
