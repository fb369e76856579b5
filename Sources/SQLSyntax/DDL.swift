/// `CREATE TABLE`.
package struct CreateTable: Equatable, Sendable {
    package var table: TableName
    package var columns: [ColumnDefinition]
    /// Primary key column names, in key order.
    package var primaryKey: [String]
    /// `IF NOT EXISTS` when true (for ModelGraph's own bookkeeping tables).
    package var ifNotExists: Bool

    /// Creates the statement.
    package init(table: TableName, columns: [ColumnDefinition], primaryKey: [String], ifNotExists: Bool = false) {
        self.table = table
        self.columns = columns
        self.primaryKey = primaryKey
        self.ifNotExists = ifNotExists
    }
}

/// One column in `CREATE TABLE` or `ADD COLUMN`.
package struct ColumnDefinition: Equatable, Sendable {
    package var name: String
    package var type: SQLType
    package var notNull: Bool
    /// `DEFAULT expression`.
    package var defaultValue: SQLExpression?
    /// `COLLATE "C"` and the like, for text columns.
    package var collation: String?
    /// `CHECK (expression)`.
    package var check: SQLExpression?
    /// The check constraint's name, so later migrations can replace it.
    package var checkName: String?

    /// Creates a column.
    package init(
        name: String, type: SQLType, notNull: Bool, defaultValue: SQLExpression? = nil, collation: String? = nil,
        check: SQLExpression? = nil, checkName: String? = nil
    ) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.defaultValue = defaultValue
        self.collation = collation
        self.check = check
        self.checkName = checkName
    }
}

/// `CREATE [UNIQUE] INDEX name ON table [USING method] (columns | (expression)) [opclass]`.
package struct CreateIndex: Equatable, Sendable {
    package var name: String
    package var table: TableName
    package var columns: [String]
    package var unique: Bool
    /// When set, the index is on this expression (of unqualified columns) instead of `columns`.
    package var expression: SQLExpression?
    /// The access method (`btree`, PostgreSQL's default, is not written).
    package var method: IndexMethod
    /// The operator class of every element, when not the type's default.
    package var operatorClass: IndexOperatorClass?

    /// Creates the statement.
    package init(
        name: String, table: TableName, columns: [String], unique: Bool = false, expression: SQLExpression? = nil, method: IndexMethod = .btree,
        operatorClass: IndexOperatorClass? = nil
    ) {
        self.name = name
        self.table = table
        self.columns = columns
        self.unique = unique
        self.expression = expression
        self.method = method
        self.operatorClass = operatorClass
    }
}

/// Index access methods.
package enum IndexMethod: String, Codable, Equatable, Sendable {
    case btree
    /// Generalized inverted index: text-search vectors and trigrams.
    case gin
}

/// Operator classes of indexes, when not the type's default.
package enum IndexOperatorClass: String, Codable, Equatable, Sendable {
    /// Byte-wise text order, which serves `LIKE 'prefix%'` whatever the collation.
    case textPatternOps = "text_pattern_ops"
    /// `pg_trgm`'s trigrams in a GIN index, which serve `LIKE '%infix%'`.
    case ginTrigramOps = "gin_trgm_ops"
}

/// A foreign key constraint.
package struct ForeignKey: Equatable, Sendable {
    package var name: String
    package var columns: [String]
    package var referencedTable: TableName
    package var referencedColumns: [String]
    package var onDelete: ReferentialAction

    /// Creates the constraint.
    package init(
        name: String, columns: [String], referencedTable: TableName, referencedColumns: [String], onDelete: ReferentialAction
    ) {
        self.name = name
        self.columns = columns
        self.referencedTable = referencedTable
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
    }
}

/// `ON DELETE` actions.
package enum ReferentialAction: String, Equatable, Sendable {
    case cascade = "CASCADE"
    case setNull = "SET NULL"
    case restrict = "RESTRICT"
    case noAction = "NO ACTION"
}
