import SQLSyntax

/// Hands out `$n` parameters for values, in order of first use, so every value reaches PostgreSQL as a
/// parameter and the SQL text stays the same for the same operation.
struct BindAllocator {
    private(set) var values: [String?] = []
    private var aliasCounter = 0

    /// A parameter for `value`, cast to `type`.
    mutating func bind(_ value: String?, as type: SQLType?) -> SQLExpression {
        values.append(value)
        return .parameter(values.count, type)
    }

    /// The next table alias: `t0`, `t1`, …
    mutating func alias() -> String {
        defer { aliasCounter += 1 }
        return "t\(aliasCounter)"
    }
}
