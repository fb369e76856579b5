import APISchema
import ModelIR
import SQLSyntax
import Storage

/// The text operators the extended API adds to `ModelStringInput`. Case is folded with the ICU collation's
/// `lower()` on both sides; the `LIKE` operands are escaped when bound, so `%`, `_` and `\` in a client's
/// operand match themselves. The expressions are `TextSearchSQL`'s, which the text indexes are built on.
///
/// | operator | SQL |
/// | --- | --- |
/// | `eqInsensitive` | `lower((c) COLLATE "und-x-icu") = lower(($1) COLLATE "und-x-icu")` |
/// | `beginsWithInsensitive` | `lower((c) COLLATE "und-x-icu") LIKE lower(($1) COLLATE "und-x-icu") ESCAPE '\'`, `$1` = escaped operand + `%` |
/// | `containsInsensitive` | the same with `$1` = `%` + escaped operand + `%` |
/// | `search` | `to_tsvector('simple', c) @@ websearch_to_tsquery('simple', $1)` |
extension FilterCompiler {
    /// The condition of one text operator on a single string field.
    func textCondition(_ op: Operator, field: Field, column: SQLExpression, value: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard !field.type.isList, InputTypeNames.filter(for: field.type) == "ModelStringInput" else {
            throw PlanError(.invalidArguments, "\(op.rawValue) applies to single string fields only ('\(field.name)').")
        }
        if op.foldsCase, !api.hasCaseFolding {
            throw PlanError(
                .unsupported,
                "\(op.rawValue) is unavailable: the database server has no ICU collation \"\(TextSearchSQL.foldingCollation)\" (PostgreSQL built without ICU), which case-insensitive operators need."
            )
        }
        let text = Self.text(of: field, column: column)
        let label = "\(model.name).\(field.name)"
        func operand(_ transform: @escaping @Sendable (String) -> String) throws(PlanError) -> SQLExpression {
            try binds.bind(value, as: .text) { (value) throws(PlanError) in
                guard case .string(let string) = value else { throw PlanError(.badValue, "Filter on '\(label)' expects a string operand.") }
                if let problem = StoredText.problem(in: value) { throw PlanError(.badValue, "Value for '\(label)' \(problem).") }
                return transform(string)
            }
        }
        switch op {
        case .eqInsensitive:
            return .binary(TextSearchSQL.folded(text), .equal, TextSearchSQL.folded(try operand { $0 }))
        case .beginsWithInsensitive:
            return .like(TextSearchSQL.folded(text), pattern: TextSearchSQL.folded(try operand { TextSearchSQL.likeEscaped($0) + "%" }), escape: TextSearchSQL.likeEscape)
        case .containsInsensitive:
            return .like(TextSearchSQL.folded(text), pattern: TextSearchSQL.folded(try operand { "%" + TextSearchSQL.likeEscaped($0) + "%" }), escape: TextSearchSQL.likeEscape)
        case .search:
            return .binary(TextSearchSQL.vector(text), .textSearchMatch, TextSearchSQL.query(try operand { $0 }))
        default:
            throw PlanError(.badValue, "Unknown filter operator '\(op.rawValue)' on '\(field.name)'.")
        }
    }

    /// The text the operators read: a text column itself (so the text indexes, built on the column, serve
    /// them), any other value as the API writes it (an AWSDateTime as ISO 8601 text).
    static func text(of field: Field, column: SQLExpression) -> SQLExpression {
        if StorageMapping.sqlType(of: field) == .text { return column }
        return .cast(SelectionCompiler.output(column, type: FieldType(field.type.base)), .text)
    }
}
