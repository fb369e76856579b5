import SQLSyntax
import Storage

extension MigrationDiff {
    /// Steps turning column `old` into `new` of `table`, each marked when it can lose data.
    static func alterColumn(_ old: StorageColumn, _ new: StorageColumn, table: String, name: TableName) -> [MigrationPlan.Step] {
        var steps: [MigrationPlan.Step] = []
        let column = new.name
        let label = "\(table).\(column)"
        func step(_ statement: Statement, _ loss: String? = nil) {
            steps.append(.init(statement: statement, dataLoss: loss, summary: summary(of: statement)))
        }
        if old.allowedValues != nil, old.allowedValues != new.allowedValues {
            step(.dropConstraint(table: name, name: DDL.checkName(table: table, column: column)))
        }
        if old.type != new.type || old.collation != new.collation {
            let loss =
                isWidening(from: old.type, to: new.type)
                ? nil : "changes \(label) from \(old.type) to \(new.type); values that do not convert make the migration fail, and precision can be lost"
            step(.alterColumnType(table: name, column: column, type: new.type, collation: new.collation), loss)
        }
        if old.defaultValue != new.defaultValue {
            step(.setDefault(table: name, column: column, DDL.defaultExpression(new)))
        }
        if old.notNull != new.notNull {
            if new.notNull, let fill = DDL.defaultExpression(new) {
                // Back-fill existing rows with the default before requiring a value.
                let alias = "t"
                let update = Update(
                    table: name, alias: alias, assignments: [(column: column, value: fill)],
                    where: .isNull(.column(table: alias, name: column), negated: false), returningAll: false
                )
                step(.update(update))
                step(.setNotNull(table: name, column: column, true))
            } else if new.notNull {
                step(.setNotNull(table: name, column: column, true), "makes \(label) required without a @default; rows holding null make the migration fail")
            } else {
                step(.setNotNull(table: name, column: column, false))
            }
        }
        if let values = new.allowedValues, old.allowedValues != values, let check = DDL.check(new) {
            let removed = (old.allowedValues ?? []).filter { !values.contains($0) }
            let loss = removed.isEmpty ? nil : "removes enum value(s) \(removed.joined(separator: ", ")) from \(label); rows holding them make the migration fail"
            step(.addCheck(table: name, name: DDL.checkName(table: table, column: column), check), loss)
        }
        return steps
    }

    /// True when every value of `old` converts to `new` without loss.
    static func isWidening(from old: SQLType, to new: SQLType) -> Bool {
        switch (old, new) {
        case (let a, let b) where a == b: true
        case (.integer, .bigint), (.integer, .doublePrecision), (.bigint, .doublePrecision): true
        case (_, .text) where old != .jsonb: old != .bytea
        case (.json, .jsonb), (.jsonb, .json): true
        case (.date, .timestamptz): true
        default: false
        }
    }
}
