import SQLSyntax

/// Turns storage descriptions into DDL statements.
package enum DDL {
    /// The column definition of a stored column.
    package static func column(_ column: StorageColumn) -> ColumnDefinition {
        var check: SQLExpression?
        if let values = column.allowedValues {
            let allowed = SQLExpression.array(values.map { .constant($0) })
            if case .array = column.type {
                check = .binary(.column(table: nil, name: column.name), .arrayContainedBy, .cast(allowed, .array(.text)))
            } else {
                check = .any(.column(table: nil, name: column.name), .equal, allowed)
            }
        }
        var defaultValue: SQLExpression?
        switch column.defaultValue {
        case .now?: defaultValue = .function(.now, [])
        case .constant(let value)?: defaultValue = .cast(.constant(value), column.type)
        case nil: defaultValue = nil
        }
        return ColumnDefinition(
            name: column.name, type: column.type, notNull: column.notNull, defaultValue: defaultValue,
            collation: column.collation, check: check
        )
    }

    /// `CREATE TABLE` plus its indexes (foreign keys come separately, once every table exists).
    package static func create(_ table: StorageTable, schema: String?) -> [Statement] {
        let name = TableName(schema: schema, table.name)
        var statements: [Statement] = [.createTable(CreateTable(table: name, columns: table.columns.map(column), primaryKey: table.primaryKey))]
        statements += table.indexes.map { .createIndex(CreateIndex(name: $0.name, table: name, columns: $0.columns)) }
        return statements
    }

    /// `ALTER TABLE … ADD CONSTRAINT … FOREIGN KEY`.
    package static func foreignKey(_ key: StorageForeignKey, table: String, schema: String?) -> Statement {
        .addForeignKey(
            table: TableName(schema: schema, table),
            ForeignKey(
                name: key.name, columns: key.columns, referencedTable: TableName(schema: schema, key.referencedTable),
                referencedColumns: key.referencedColumns, onDelete: ReferentialAction(rawValue: key.onDelete) ?? .noAction
            )
        )
    }
}
