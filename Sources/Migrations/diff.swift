import SQLSyntax
package import Storage

/// Compares two storage snapshots and plans the statements that turn the old into the new
/// (declarative diffing, as Atlas does).
package enum MigrationDiff {
    /// Plans `old` → `new` in database schema `schema` (nil = search path). `renames` maps old names to new
    /// ones so renaming keeps the data: `"Post": "Article"` renames a table, `"Post.title": "headline"` a column
    /// (named by the old table).
    package static func plan(from old: StorageSchema, to new: StorageSchema, schema: String? = nil, renames: [String: String] = [:]) -> MigrationPlan {
        var changes = Changes()
        let old = applyRenames(renames, to: old, schema: schema, into: &changes)
        for table in new.tables {
            guard let previous = old.table(named: table.name) else {
                changes.steps += DDL.create(table, schema: schema).map { MigrationPlan.Step(statement: $0, dataLoss: nil, summary: summary(of: $0)) }
                changes.foreignKeys += table.foreignKeys.map { key in
                    let statement = DDL.foreignKey(key, table: table.name, schema: schema)
                    return MigrationPlan.Step(statement: statement, dataLoss: nil, summary: summary(of: statement))
                }
                continue
            }
            let referenced =
                old.tables.contains { $0.foreignKeys.contains { $0.referencedTable == table.name } }
                || new.tables.contains { $0.foreignKeys.contains { $0.referencedTable == table.name } }
            changePrimaryKey(of: table, from: previous, referenced: referenced, schema: schema, into: &changes)
            changeColumnsAndIndexes(of: table, from: previous, schema: schema, into: &changes)
        }
        for table in old.tables where new.table(named: table.name) == nil {
            let statement = Statement.dropTable(TableName(schema: schema, table.name))
            changes.steps.append(.init(statement: statement, dataLoss: "drops table \(table.name) and every row in it", summary: summary(of: statement)))
        }
        // An extension several indexes need is created once, before the first of them.
        var extensions: Set<String> = []
        let steps = (changes.steps + changes.keyChanges + changes.foreignKeys).filter { step in
            guard case .createExtension(let name) = step.statement else { return true }
            return extensions.insert(name).inserted
        }
        return MigrationPlan(steps: steps, unsupported: changes.unsupported)
    }

    /// The steps planned so far, in the groups that run in order: plain steps, then primary-key changes (after
    /// the columns they use exist), then new foreign keys (after the tables they refer to exist).
    private struct Changes {
        var steps: [MigrationPlan.Step] = []
        var keyChanges: [MigrationPlan.Step] = []
        var foreignKeys: [MigrationPlan.Step] = []
        /// Changes that cannot be made without losing data or guessing.
        var unsupported: [String] = []
    }

    /// `old` with the renamed tables and columns under their new names, planning the renames themselves.
    private static func applyRenames(_ renames: [String: String], to old: StorageSchema, schema: String?, into changes: inout Changes) -> StorageSchema {
        var old = old
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) {
            let parts = from.split(separator: ".", maxSplits: 1).map(String.init)
            guard let tableIndex = old.tables.firstIndex(where: { $0.name == parts[0] }) else {
                changes.unsupported.append("rename \(from): no such table in the migrations")
                continue
            }
            let tableName = TableName(schema: schema, old.tables[tableIndex].name)
            if parts.count == 1 {
                old.tables[tableIndex].name = to
                for other in old.tables.indices {
                    for key in old.tables[other].foreignKeys.indices where old.tables[other].foreignKeys[key].referencedTable == from {
                        old.tables[other].foreignKeys[key].referencedTable = to
                    }
                }
                let statement = Statement.renameTable(tableName, to: to)
                changes.steps.append(.init(statement: statement, dataLoss: nil, summary: "rename table \(from) to \(to)"))
                // Keep the primary key constraint named after its table, so later key changes find it.
                let constraint = Statement.renameConstraint(
                    table: TableName(schema: schema, to), from: StorageMapping.indexName(table: from, suffix: "pkey"), to: StorageMapping.indexName(table: to, suffix: "pkey"))
                changes.steps.append(.init(statement: constraint, dataLoss: nil, summary: "rename the primary key of \(to)"))
            } else if let columnIndex = old.tables[tableIndex].columns.firstIndex(where: { $0.name == parts[1] }) {
                old.tables[tableIndex].columns[columnIndex].name = to
                for index in old.tables[tableIndex].indexes.indices {
                    old.tables[tableIndex].indexes[index].columns = old.tables[tableIndex].indexes[index].columns.map { $0 == parts[1] ? to : $0 }
                }
                for index in old.tables[tableIndex].foreignKeys.indices {
                    old.tables[tableIndex].foreignKeys[index].columns = old.tables[tableIndex].foreignKeys[index].columns.map { $0 == parts[1] ? to : $0 }
                }
                old.tables[tableIndex].primaryKey = old.tables[tableIndex].primaryKey.map { $0 == parts[1] ? to : $0 }
                let statement = Statement.renameColumn(table: tableName, from: parts[1], to: to)
                changes.steps.append(.init(statement: statement, dataLoss: nil, summary: "rename column \(from) to \(to)"))
            } else {
                changes.unsupported.append("rename \(from): no such column in the migrations")
            }
        }
        return old
    }

    /// A changed primary key: dropped and added again, unless another table refers to it.
    private static func changePrimaryKey(of table: StorageTable, from previous: StorageTable, referenced: Bool, schema: String?, into changes: inout Changes) {
        guard previous.primaryKey != table.primaryKey else { return }
        guard !referenced else {
            changes.unsupported.append(
                "the primary key of table \(table.name) changes from (\(previous.primaryKey.joined(separator: ", "))) to (\(table.primaryKey.joined(separator: ", "))) while other tables refer to it; change the relationships in a separate migration first"
            )
            return
        }
        let name = TableName(schema: schema, table.name)
        let constraint = StorageMapping.indexName(table: table.name, suffix: "pkey")
        let drop = Statement.dropConstraint(table: name, name: constraint)
        let add = Statement.addPrimaryKey(table: name, name: constraint, columns: table.primaryKey)
        changes.keyChanges.append(.init(statement: drop, dataLoss: nil, summary: "drop the primary key of \(table.name)"))
        changes.keyChanges.append(
            .init(
                statement: add,
                dataLoss: "changes the primary key of \(table.name) to (\(table.primaryKey.joined(separator: ", "))); duplicate or null keys make the migration fail",
                summary: "set the primary key of \(table.name) to (\(table.primaryKey.joined(separator: ", ")))"
            ))
    }

    /// Added, changed and dropped columns, indexes and foreign keys of a table that exists on both sides.
    private static func changeColumnsAndIndexes(of table: StorageTable, from previous: StorageTable, schema: String?, into changes: inout Changes) {
        let name = TableName(schema: schema, table.name)
        for column in table.columns {
            guard let before = previous.column(named: column.name) else {
                if column.notNull, column.defaultValue == nil {
                    changes.unsupported.append("new required column \(table.name).\(column.name) has no @default to fill existing rows; add one or make the field optional first")
                    continue
                }
                let statement = Statement.addColumn(table: name, DDL.column(column, table: table.name))
                changes.steps.append(.init(statement: statement, dataLoss: nil, summary: summary(of: statement)))
                continue
            }
            if before != column {
                changes.steps += alterColumn(before, column, table: table.name, name: name)
            }
        }
        for column in previous.columns where table.column(named: column.name) == nil {
            let statement = Statement.dropColumn(table: name, column: column.name)
            changes.steps.append(.init(statement: statement, dataLoss: "drops column \(table.name).\(column.name) and every value in it", summary: summary(of: statement)))
        }
        for index in previous.indexes where !table.indexes.contains(index) {
            let statement = Statement.dropIndex(schema: schema, name: index.name)
            changes.steps.append(.init(statement: statement, dataLoss: nil, summary: summary(of: statement)))
        }
        for index in table.indexes where !previous.indexes.contains(index) {
            for statement in DDL.index(index, table: name) {
                changes.steps.append(.init(statement: statement, dataLoss: nil, summary: summary(of: statement)))
            }
        }
        for key in previous.foreignKeys where !table.foreignKeys.contains(key) {
            let statement = Statement.dropConstraint(table: name, name: key.name)
            changes.steps.insert(.init(statement: statement, dataLoss: nil, summary: summary(of: statement)), at: 0)
        }
        for key in table.foreignKeys where !previous.foreignKeys.contains(key) {
            let statement = DDL.foreignKey(key, table: table.name, schema: schema)
            changes.foreignKeys.append(.init(statement: statement, dataLoss: nil, summary: summary(of: statement)))
        }
    }

    static func summary(of statement: Statement) -> String {
        switch statement {
        case .createTable(let table): "create table \(table.table.name)"
        case .addColumn(let table, let column): "add column \(table.name).\(column.name)"
        case .createIndex(let index): "create index \(index.name)"
        case .createExtension(let name): "create extension \(name) if missing"
        case .addForeignKey(let table, let key): "add foreign key \(table.name).\(key.name)"
        case .dropTable(let table): "drop table \(table.name)"
        case .dropColumn(let table, let column): "drop column \(table.name).\(column)"
        case .dropIndex(_, let name): "drop index \(name)"
        case .dropConstraint(let table, let name): "drop constraint \(table.name).\(name)"
        case .alterColumnType(let table, let column, let type, _): "change type of \(table.name).\(column) to \(type)"
        case .setNotNull(let table, let column, let notNull): "\(notNull ? "require" : "allow null in") \(table.name).\(column)"
        case .setDefault(let table, let column, let value): value == nil ? "drop default of \(table.name).\(column)" : "set default of \(table.name).\(column)"
        case .addCheck(let table, let name, _): "add check \(table.name).\(name)"
        case .update(let update): "fill \(update.table.name).\(update.assignments.map(\.column).joined(separator: ", ")) where null"
        default: SQLRenderer.render(statement)
        }
    }
}
