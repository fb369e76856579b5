/// Turns SQL syntax into text. The only producer of SQL strings in ModelGraph; output is deterministic, so
/// planned SQL can be compared byte for byte in golden tests.
package enum SQLRenderer {
    /// Renders a statement.
    package static func render(_ statement: Statement) -> String {
        switch statement {
        case .select(let select): return self.select(select)
        case .insert(let insert): return self.insert(insert)
        case .update(let update): return self.update(update)
        case .delete(let delete): return self.delete(delete)
        case .createSchema(let name): return "CREATE SCHEMA IF NOT EXISTS \(Quoting.identifier(name))"
        case .createTable(let table): return createTable(table)
        case .addColumn(let table, let column):
            return "ALTER TABLE \(tableName(table)) ADD COLUMN \(columnDefinition(column))"
        case .createIndex(let index):
            return createIndex(index)
        case .createExtension(let name):
            return "CREATE EXTENSION IF NOT EXISTS \(Quoting.identifier(name))"
        case .addForeignKey(let table, let key):
            return "ALTER TABLE \(tableName(table)) ADD \(foreignKey(key))"
        case .dropTable(let table):
            return "DROP TABLE \(tableName(table))"
        case .dropColumn(let table, let column):
            return "ALTER TABLE \(tableName(table)) DROP COLUMN \(Quoting.identifier(column))"
        case .dropIndex(let schema, let name):
            return "DROP INDEX " + (schema.map { Quoting.identifier($0) + "." } ?? "") + Quoting.identifier(name)
        case .dropConstraint(let table, let name):
            return "ALTER TABLE \(tableName(table)) DROP CONSTRAINT \(Quoting.identifier(name))"
        case .alterColumnType(let table, let column, let type, let collation):
            let collate = collation.map { " COLLATE " + Quoting.identifier($0) } ?? ""
            return "ALTER TABLE \(tableName(table)) ALTER COLUMN \(Quoting.identifier(column)) TYPE \(type)\(collate) USING (\(Quoting.identifier(column)))::\(type)"
        case .setNotNull(let table, let column, let notNull):
            return "ALTER TABLE \(tableName(table)) ALTER COLUMN \(Quoting.identifier(column)) \(notNull ? "SET" : "DROP") NOT NULL"
        case .setDefault(let table, let column, let value):
            let action = value.map { "SET DEFAULT " + expression($0) } ?? "DROP DEFAULT"
            return "ALTER TABLE \(tableName(table)) ALTER COLUMN \(Quoting.identifier(column)) \(action)"
        case .addCheck(let table, let name, let condition):
            return "ALTER TABLE \(tableName(table)) ADD CONSTRAINT \(Quoting.identifier(name)) CHECK (\(expression(condition)))"
        case .renameColumn(let table, let from, let to):
            return "ALTER TABLE \(tableName(table)) RENAME COLUMN \(Quoting.identifier(from)) TO \(Quoting.identifier(to))"
        case .renameTable(let table, let to):
            return "ALTER TABLE \(tableName(table)) RENAME TO \(Quoting.identifier(to))"
        case .renameConstraint(let table, let from, let to):
            return "ALTER TABLE \(tableName(table)) RENAME CONSTRAINT \(Quoting.identifier(from)) TO \(Quoting.identifier(to))"
        case .addPrimaryKey(let table, let name, let columns):
            return "ALTER TABLE \(tableName(table)) ADD CONSTRAINT \(Quoting.identifier(name)) PRIMARY KEY (" + columns.map(Quoting.identifier).joined(separator: ", ") + ")"
        case .renameIndex(let schema, let from, let to):
            return "ALTER INDEX " + (schema.map { Quoting.identifier($0) + "." } ?? "") + Quoting.identifier(from) + " RENAME TO " + Quoting.identifier(to)
        }
    }

    /// Renders a table name, schema-qualified when it has a schema.
    package static func tableName(_ table: TableName) -> String {
        if let schema = table.schema {
            return Quoting.identifier(schema) + "." + Quoting.identifier(table.name)
        }
        return Quoting.identifier(table.name)
    }

    static func select(_ select: Select) -> String {
        var text = ""
        if !select.with.isEmpty {
            let ctes = select.with.map { expression in
                let step = expression.recursiveStep.map { " UNION " + render(.select($0)) } ?? ""
                return "\(Quoting.identifier(expression.name)) AS (\(render(expression.statement))\(step))"
            }
            let recursive = select.with.contains { $0.recursiveStep != nil }
            text += (recursive ? "WITH RECURSIVE " : "WITH ") + ctes.joined(separator: ", ") + " "
        }
        text += (select.distinct ? "SELECT DISTINCT " : "SELECT ") + select.columns.map(selectColumn).joined(separator: ", ")
        if !select.from.isEmpty {
            text += " FROM " + select.from.map(fromItem).joined(separator: ", ")
        }
        if let condition = select.whereClause {
            text += " WHERE " + expression(condition)
        }
        if !select.orderBy.isEmpty {
            text += " ORDER BY " + orderList(select.orderBy)
        }
        if let limit = select.limit {
            text += " LIMIT " + expression(limit)
        }
        if select.forUpdate {
            text += " FOR UPDATE"
        }
        return text
    }

    static func selectColumn(_ column: SelectColumn) -> String {
        let value = expression(column.expression)
        guard let alias = column.alias else { return value }
        return value + " AS " + Quoting.identifier(alias)
    }

    static func fromItem(_ item: FromItem) -> String {
        switch item {
        case .table(let table, let alias):
            return tableName(table) + " AS " + Quoting.identifier(alias)
        case .subquery(let select, let alias, let lateral):
            return (lateral ? "LATERAL " : "") + "(" + self.select(select) + ") AS " + Quoting.identifier(alias)
        case .cte(let name, let alias):
            return Quoting.identifier(name) + " AS " + Quoting.identifier(alias)
        case .ctes(let names, let alias):
            guard names.count > 1 else { return Quoting.identifier(names.first ?? "") + " AS " + Quoting.identifier(alias) }
            return "(" + names.map { "SELECT * FROM " + Quoting.identifier($0) }.joined(separator: " UNION ALL ") + ") AS " + Quoting.identifier(alias)
        case .rowImages(let table, let json, let alias, let positions):
            let elements = "jsonb_array_elements(" + expression(json) + ") WITH ORDINALITY AS " + Quoting.identifier(positions) + "(\"image\", \"position\")"
            return elements + ", jsonb_populate_record(NULL::" + tableName(table) + ", " + Quoting.identifier(positions) + ".\"image\") AS " + Quoting.identifier(alias)
        }
    }

    static func orderList(_ items: [SQLOrder]) -> String {
        items.map { item in
            expression(item.expression) + (item.descending ? " DESC" : "") + (item.nullsFirst.map { $0 ? " NULLS FIRST" : " NULLS LAST" } ?? "")
        }.joined(separator: ", ")
    }

    static func insert(_ insert: Insert) -> String {
        var text = "INSERT INTO \(tableName(insert.table))"
        if insert.columns.isEmpty {
            text += " DEFAULT VALUES"
        } else {
            text += " (" + insert.columns.map(Quoting.identifier).joined(separator: ", ") + ")"
            if var guardQuery = insert.guardedBy {
                precondition(insert.rows.count == 1, "a guarded insert writes one row")
                guardQuery.columns = insert.values.map { SelectColumn($0) }
                text += " " + select(guardQuery)
            } else {
                text += " VALUES " + insert.rows.map { "(" + $0.map(expression).joined(separator: ", ") + ")" }.joined(separator: ", ")
            }
        }
        if !insert.returning.isEmpty {
            text += " RETURNING " + insert.returning.map { "(" + Quoting.identifier($0) + ")::text" }.joined(separator: ", ")
        } else if insert.returningAll {
            text += " RETURNING *"
        }
        return text
    }

    static func update(_ update: Update) -> String {
        var text = "UPDATE \(tableName(update.table)) AS \(Quoting.identifier(update.alias)) SET "
        text += update.assignments.map { Quoting.identifier($0.column) + " = " + expression($0.value) }
            .joined(separator: ", ")
        if let condition = update.whereClause { text += " WHERE " + expression(condition) }
        if !update.returning.isEmpty {
            text += " RETURNING " + update.returning.map { "(" + Quoting.identifier(update.alias) + "." + Quoting.identifier($0) + ")::text" }.joined(separator: ", ")
        } else if update.returningAll {
            text += " RETURNING \(Quoting.identifier(update.alias)).*"
        }
        return text
    }

    static func delete(_ delete: Delete) -> String {
        var text = "DELETE FROM \(tableName(delete.table)) AS \(Quoting.identifier(delete.alias))"
        if let condition = delete.whereClause { text += " WHERE " + expression(condition) }
        if delete.returningAll { text += " RETURNING \(Quoting.identifier(delete.alias)).*" }
        return text
    }

    static func createIndex(_ index: CreateIndex) -> String {
        var elements: [String]
        if let expression = index.expression {
            elements = ["(" + self.expression(expression) + ")"]
        } else {
            elements = index.columns.map(Quoting.identifier)
        }
        if let operatorClass = index.operatorClass { elements = elements.map { $0 + " " + operatorClass.rawValue } }
        let method = index.method == .btree ? "" : "USING \(index.method.rawValue) "
        return "CREATE \(index.unique ? "UNIQUE " : "")INDEX \(Quoting.identifier(index.name)) ON \(tableName(index.table)) \(method)(\(elements.joined(separator: ", ")))"
    }

    static func createTable(_ table: CreateTable) -> String {
        var parts = table.columns.map { "  " + columnDefinition($0) }
        if !table.primaryKey.isEmpty {
            parts.append("  PRIMARY KEY (" + table.primaryKey.map(Quoting.identifier).joined(separator: ", ") + ")")
        }
        let ifNotExists = table.ifNotExists ? "IF NOT EXISTS " : ""
        return "CREATE TABLE \(ifNotExists)\(tableName(table.table)) (\n" + parts.joined(separator: ",\n") + "\n)"
    }

    static func columnDefinition(_ column: ColumnDefinition) -> String {
        var text = Quoting.identifier(column.name) + " " + column.type.description
        if let collation = column.collation { text += " COLLATE " + Quoting.identifier(collation) }
        if column.notNull { text += " NOT NULL" }
        if let value = column.defaultValue { text += " DEFAULT " + expression(value) }
        if let check = column.check {
            text += (column.checkName.map { " CONSTRAINT " + Quoting.identifier($0) } ?? "") + " CHECK (" + expression(check) + ")"
        }
        return text
    }

    static func foreignKey(_ key: ForeignKey) -> String {
        let columns = key.columns.map(Quoting.identifier).joined(separator: ", ")
        let referenced = key.referencedColumns.map(Quoting.identifier).joined(separator: ", ")
        return "CONSTRAINT \(Quoting.identifier(key.name)) FOREIGN KEY (\(columns)) REFERENCES "
            + "\(tableName(key.referencedTable)) (\(referenced)) ON DELETE \(key.onDelete.rawValue)"
    }

    /// Renders an expression.
    package static func expression(_ expression: SQLExpression) -> String {
        switch expression {
        case .column(let table, let name):
            return (table.map { Quoting.identifier($0) + "." } ?? "") + Quoting.identifier(name)
        case .parameter(let index, let type):
            return type.map { "$\(index)::\($0)" } ?? "$\(index)"
        case .constant(let text):
            return Quoting.literal(text)
        case .integer(let value):
            return String(value)
        case .keyword(let keyword):
            return keyword.rawValue
        case .function(let function, let arguments):
            return function.rawValue + "(" + arguments.map(self.expression).joined(separator: ", ") + ")"
        case .aggregate(let function, let arguments):
            return function.rawValue + "(" + arguments.map(self.expression).joined(separator: ", ") + ")"
        case .binary(let left, let op, let right):
            return "(" + self.expression(left) + " " + op.rawValue + " " + self.expression(right) + ")"
        case .not(let inner):
            return "(NOT " + self.expression(inner) + ")"
        case .isNull(let inner, let negated):
            return "(" + self.expression(inner) + (negated ? " IS NOT NULL)" : " IS NULL)")
        case .cast(let inner, let type):
            return "(" + self.expression(inner) + ")::" + type.description
        case .row(let items):
            return "(" + items.map(self.expression).joined(separator: ", ") + ")"
        case .subquery(let select):
            return "(" + self.select(select) + ")"
        case .caseWhen(let branches, let otherwise):
            var text = "CASE"
            for (condition, value) in branches {
                text += " WHEN " + self.expression(condition) + " THEN " + self.expression(value)
            }
            if let otherwise { text += " ELSE " + self.expression(otherwise) }
            return text + " END"
        case .atTimeZone(let inner, let zone):
            return "(" + self.expression(inner) + " AT TIME ZONE " + Quoting.literal(zone) + ")"
        case .collate(let inner, let collation):
            return "(" + self.expression(inner) + " COLLATE " + Quoting.identifier(collation) + ")"
        case .array(let items):
            return "ARRAY[" + items.map(self.expression).joined(separator: ", ") + "]"
        case .arrayOf(let select):
            return "ARRAY(" + self.select(select) + ")"
        case .any(let left, let op, let right):
            return "(" + self.expression(left) + " " + op.rawValue + " ANY(" + self.expression(right) + "))"
        case .element(let array, let index):
            return "(" + self.expression(array) + ")[" + self.expression(index) + "]"
        case .slice(let array, let lower, let upper):
            return "(" + self.expression(array) + ")[" + self.expression(lower) + ":" + self.expression(upper) + "]"
        case .exists(let select, let negated):
            return (negated ? "(NOT EXISTS (" : "(EXISTS (") + self.select(select) + "))"
        case .like(let value, let pattern, let escape):
            let escapeClause = escape.map { " ESCAPE " + Quoting.literal(String($0)) } ?? ""
            return "(" + self.expression(value) + " LIKE " + self.expression(pattern) + escapeClause + ")"
        case .rowNumber:
            return "row_number() OVER ()"
        }
    }
}
