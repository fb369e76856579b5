import JSON
import SQLSyntax

/// A JSON object built in SQL from response keys and values, in the order given.
///
/// `json_build_object` takes at most 100 arguments (50 keys), PostgreSQL's limit on any function's
/// arguments; a selection of more fields than that (aliases of `nextToken`, say) failed in the database. Past
/// 50 entries the object is written as text instead: each entry's JSON-quoted key and `to_json` of its value
/// (the conversion `json_build_object` applies), joined from an array, which has no such limit.
enum JSONObjectExpression {
    /// The most entries one `json_build_object` call takes.
    static let maximumBuildEntries = 50

    /// `{"key": value, …}` as a `json` value.
    static func build(_ entries: [(key: String, value: SQLExpression)]) -> SQLExpression {
        guard entries.count > maximumBuildEntries else {
            return .function(.jsonBuildObject, entries.flatMap { [SQLExpression.constant($0.key), $0.value] })
        }
        let members = entries.map { entry in
            SQLExpression.binary(
                .constant(JSONText.quote(entry.key) + ":"), .concat,
                .function(.coalesce, [.cast(.function(.toJSON, [typed(entry.value)]), .text), .constant("null")])
            )
        }
        let joined = SQLExpression.function(.arrayToString, [.array(members), .constant(",")])
        return .cast(.binary(.binary(.constant("{"), .concat, joined), .concat, .constant("}")), .json)
    }

    /// Constants and NULLs get a type: `to_json` cannot take an `unknown`, and no column of a row may be one.
    static func typed(_ value: SQLExpression) -> SQLExpression {
        switch value {
        case .constant, .keyword(.null): .cast(value, .text)
        default: value
        }
    }
}
