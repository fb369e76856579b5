package import SQLSyntax
package import Storage

/// Turns storage descriptions into DDL statements.
package enum DDL {
    /// The column definition of a stored column of `table`.
    package static func column(_ column: StorageColumn, table: String) -> ColumnDefinition {
        ColumnDefinition(
            name: column.name, type: column.type, notNull: column.notNull, defaultValue: defaultExpression(column),
            collation: column.collation, check: check(column), checkName: column.allowedValues == nil ? nil : checkName(table: table, column: column.name)
        )
    }

    /// The enum CHECK of a column: its value (or every element) is one of the allowed values.
    package static func check(_ column: StorageColumn) -> SQLExpression? {
        guard let values = column.allowedValues else { return nil }
        let allowed = SQLExpression.array(values.map { .constant($0) })
        if case .array = column.type {
            return .binary(.column(table: nil, name: column.name), .arrayContainedBy, .cast(allowed, .array(.text)))
        }
        return .any(.column(table: nil, name: column.name), .equal, allowed)
    }

    /// PostgreSQL's own name for an inline column check, so files written before checks were named still match.
    package static func checkName(table: String, column: String) -> String {
        StorageMapping.indexName(table: table, suffix: column + "_check")
    }

    /// The DEFAULT expression of a column.
    package static func defaultExpression(_ column: StorageColumn) -> SQLExpression? {
        switch column.defaultValue {
        case .now?: .function(.now, [])
        case .epochMilliseconds?: SyncSQL.nowMilliseconds
        case .constant(let value)?: .cast(.constant(value), column.type)
        case nil: nil
        }
    }

    /// `CREATE TABLE` plus its indexes (foreign keys come separately, once every table exists).
    package static func create(_ table: StorageTable, schema: String?) -> [Statement] {
        let name = TableName(schema: schema, table.name)
        var statements: [Statement] = [.createTable(CreateTable(table: name, columns: table.columns.map { column($0, table: table.name) }, primaryKey: table.primaryKey))]
        for index in table.indexes { statements += self.index(index, table: name) }
        return statements
    }

    /// `CREATE INDEX` of `index` on `table`, after `CREATE EXTENSION IF NOT EXISTS` of the extension its
    /// operator class needs (trigrams: `pg_trgm`).
    package static func index(_ index: StorageIndex, table: TableName) -> [Statement] {
        let create = CreateIndex(
            name: index.name, table: table, columns: index.columns, expression: index.indexedExpression, method: index.method ?? .btree,
            operatorClass: index.opclass)
        return (index.opclass == .ginTrigramOps ? [.createExtension("pg_trgm")] : []) + [.createIndex(create)]
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
