/// Any SQL statement ModelGraph issues.
package indirect enum Statement: Equatable, Sendable {
    case select(Select)
    case insert(Insert)
    case update(Update)
    case delete(Delete)
    case createSchema(name: String)
    case createTable(CreateTable)
    case addColumn(table: TableName, ColumnDefinition)
    case createIndex(CreateIndex)
    /// `CREATE EXTENSION IF NOT EXISTS name`, for an extension an index needs (`pg_trgm`).
    case createExtension(String)
    case addForeignKey(table: TableName, ForeignKey)
    case dropTable(TableName)
    case dropColumn(table: TableName, column: String)
    case dropIndex(schema: String?, name: String)
    case dropConstraint(table: TableName, name: String)
    /// `ALTER TABLE … ALTER COLUMN … TYPE type USING (column)::type`.
    case alterColumnType(table: TableName, column: String, type: SQLType, collation: String?)
    /// `ALTER TABLE … ALTER COLUMN … SET NOT NULL` / `DROP NOT NULL`.
    case setNotNull(table: TableName, column: String, Bool)
    /// `ALTER TABLE … ALTER COLUMN … SET DEFAULT e` / `DROP DEFAULT` (nil).
    case setDefault(table: TableName, column: String, SQLExpression?)
    /// `ALTER TABLE … ADD CONSTRAINT name CHECK (e)`.
    case addCheck(table: TableName, name: String, SQLExpression)
    /// `ALTER TABLE … RENAME COLUMN old TO new`.
    case renameColumn(table: TableName, from: String, to: String)
    /// `ALTER TABLE … RENAME TO new`.
    case renameTable(TableName, to: String)
    /// `ALTER TABLE … RENAME CONSTRAINT old TO new`.
    case renameConstraint(table: TableName, from: String, to: String)
    /// `ALTER TABLE … ADD CONSTRAINT name PRIMARY KEY (columns)`.
    case addPrimaryKey(table: TableName, name: String, columns: [String])
    /// `ALTER INDEX … RENAME TO new`.
    case renameIndex(schema: String?, from: String, to: String)
}

/// `INSERT INTO table (columns) VALUES (values), … RETURNING *`.
package struct Insert: Equatable, Sendable {
    package var table: TableName
    package var columns: [String]
    /// The rows, each with one value per column, in `columns`' order.
    package var rows: [[SQLExpression]]
    /// When set, the row comes from `SELECT values FROM … WHERE …` of this query instead of `VALUES` (its
    /// select list is replaced by `values`), so a condition can stop the insert. Only for one row.
    package var guardedBy: Select?
    /// Returning `*` when true.
    package var returningAll: Bool
    /// When non-empty, `RETURNING` these columns (cast to text) instead.
    package var returning: [String] = []

    /// Creates an insert of one row.
    package init(table: TableName, columns: [String], values: [SQLExpression], guardedBy: Select? = nil, returningAll: Bool = true) {
        self.table = table
        self.columns = columns
        self.rows = [values]
        self.guardedBy = guardedBy
        self.returningAll = returningAll
    }

    /// Creates an insert of several rows, `VALUES (…), (…)`, which cannot be guarded.
    package init(table: TableName, columns: [String], rows: [[SQLExpression]], returningAll: Bool = true) {
        precondition(!rows.isEmpty && rows.allSatisfy { $0.count == columns.count }, "every row has one value per column")
        self.table = table
        self.columns = columns
        self.rows = rows
        self.returningAll = returningAll
    }

    /// The values of a one-row insert (the first row of any other).
    package var values: [SQLExpression] {
        get { rows[0] }
        set { rows = [newValue] }
    }
}

/// `UPDATE table AS alias SET … WHERE … RETURNING *`.
package struct Update: Equatable, Sendable {
    package var table: TableName
    package var alias: String
    package var assignments: [(column: String, value: SQLExpression)]
    package var whereClause: SQLExpression?
    package var returningAll: Bool
    /// When non-empty, `RETURNING` these columns (cast to text) instead.
    package var returning: [String] = []

    /// Creates an update.
    package init(
        table: TableName, alias: String, assignments: [(column: String, value: SQLExpression)],
        where whereClause: SQLExpression?, returningAll: Bool = true
    ) {
        self.table = table
        self.alias = alias
        self.assignments = assignments
        self.whereClause = whereClause
        self.returningAll = returningAll
    }

    /// Compares by rendered text.
    package static func == (lhs: Update, rhs: Update) -> Bool {
        SQLRenderer.render(.update(lhs)) == SQLRenderer.render(.update(rhs))
    }
}

/// `DELETE FROM table AS alias WHERE … RETURNING *`.
package struct Delete: Equatable, Sendable {
    package var table: TableName
    package var alias: String
    package var whereClause: SQLExpression?
    package var returningAll: Bool

    /// Creates a delete.
    package init(table: TableName, alias: String, where whereClause: SQLExpression?, returningAll: Bool = true) {
        self.table = table
        self.alias = alias
        self.whereClause = whereClause
        self.returningAll = returningAll
    }
}
