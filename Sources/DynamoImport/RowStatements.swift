import ModelIR
import SQLSyntax
import Storage

/// The statements that load a batch of one model's rows (`$1`: a JSON array of row objects, column → text):
/// an upsert by key, and a delete by key. Every column is read from the row as the text the API's checks made
/// and cast to its column's type; a list's elements are unpacked from their JSON array, as the API binds them.
struct RowStatements: Sendable {
    /// `INSERT … SELECT … FROM json_array_elements($1) … ON CONFLICT (key) DO UPDATE SET …`.
    let upsert: String
    /// `DELETE … USING json_array_elements($1) … WHERE key = row's key`.
    let delete: String
    /// The table, quoted.
    let table: String

    init(model: Model, fields: [Field], databaseSchema: String?) {
        let value = Self.value
        let table = SQLRenderer.tableName(TableName(schema: databaseSchema, model.tableName))
        self.table = table
        let columns = fields.map { Quoting.identifier($0.columnName) }
        let keys = model.primaryKeyFields.map { Quoting.identifier($0.columnName) }
        let updates = fields.filter { !model.primaryKey.contains($0.name) }.map { "\(Quoting.identifier($0.columnName)) = EXCLUDED.\(Quoting.identifier($0.columnName))" }
        let conflict = updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", ")
        upsert =
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(fields.map(value).joined(separator: ", ")) "
            + "FROM json_array_elements($1::json) AS \"e\"(\"v\") ON CONFLICT (\(keys.joined(separator: ", "))) \(conflict)"
        let matches = model.primaryKeyFields.map { "\(table).\(Quoting.identifier($0.columnName)) = \(value($0))" }
        delete = "DELETE FROM \(table) USING json_array_elements($1::json) AS \"e\"(\"v\") WHERE \(matches.joined(separator: " AND "))"
    }

    /// The expression of `field`'s column value in row `"e"."v"`.
    static func value(_ field: Field) -> String {
        let text = "(\"e\".\"v\" ->> \(Quoting.literal(field.columnName)))"
        let type = StorageMapping.sqlType(of: field)
        if field.type.isList { return "ARRAY(SELECT json_array_elements_text(\(text)::json))::\(type.description)" }
        return "\(text)::\(type.description)"
    }
}
