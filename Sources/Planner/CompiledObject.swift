import SQLSyntax

/// A selection set compiled to one value per row of the table it reads.
///
/// Normally a row: `LATERAL (SELECT value AS "key", …) AS "__r$N"` joined after the table, and the whole-row
/// reference `"__r$N"` selected. PostgreSQL writes such a row as a JSON object keyed by its column names, and a
/// row nested in a row as a nested object, with no JSON text built in between. That costs about a fifth less
/// than `json_build_object('key', value, …)` per row, which looks up the output function of every key and
/// value on each call (measured with callgrind on the benchmark's hasMany page: 1.27 M → 1.01 M instructions
/// a statement). PostgreSQL folds the lateral sub-query into the row (`ROW(…)`), so it adds no plan node.
///
/// Column names are limited to 63 bytes; an object with a longer response key (or none) is built with
/// `json_build_object` instead.
struct CompiledObject {
    /// The `LATERAL` item to list after the table the values read; nil for a `json_build_object` value.
    let lateral: FromItem?
    /// What to select: the row (a composite value) or the JSON object.
    let value: SQLExpression

    /// PostgreSQL's longest identifier, in bytes.
    static let maximumKeyLength = 63

    /// Compiles `entries` (response key, value) under `rowAlias`.
    init(entries: [(key: String, value: SQLExpression)], rowAlias: String) {
        if entries.isEmpty || entries.contains(where: { $0.key.utf8.count > Self.maximumKeyLength }) {
            lateral = nil
            value = JSONObjectExpression.build(entries)
        } else {
            let row = Select(columns: entries.map { SelectColumn(JSONObjectExpression.typed($0.value), as: $0.key) })
            lateral = .subquery(row, alias: rowAlias, lateral: true)
            value = .column(table: nil, name: rowAlias)
        }
    }

    /// The FROM list for a select over `source` that selects `value`.
    func from(_ source: FromItem) -> [FromItem] {
        [source] + (lateral.map { [$0] } ?? [])
    }

    /// The value as JSON.
    var json: SQLExpression {
        lateral == nil ? value : .function(.toJSON, [value])
    }
}
