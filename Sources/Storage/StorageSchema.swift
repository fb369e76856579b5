package import SQLSyntax

/// What the database should hold for a schema: tables, columns, keys, indexes and foreign keys. This is the
/// machine-readable snapshot kept beside each migration file, and what `diff` compares.
package struct StorageSchema: Codable, Equatable, Sendable {
    /// Tables in schema order.
    package var tables: [StorageTable]

    /// Creates a snapshot.
    package init(tables: [StorageTable]) {
        self.tables = tables
    }

    /// The table called `name`.
    package func table(named name: String) -> StorageTable? {
        tables.first { $0.name == name }
    }
}

/// One table.
package struct StorageTable: Codable, Equatable, Sendable {
    package var name: String
    package var columns: [StorageColumn]
    package var primaryKey: [String]
    package var indexes: [StorageIndex]
    package var foreignKeys: [StorageForeignKey]

    /// The column called `name`.
    package func column(named name: String) -> StorageColumn? {
        columns.first { $0.name == name }
    }
}

/// One column.
package struct StorageColumn: Codable, Equatable, Sendable {
    package var name: String
    package var type: SQLType
    package var notNull: Bool
    package var defaultValue: ColumnDefault?
    /// For enum columns: the allowed values.
    package var allowedValues: [String]?
    /// `COLLATE "C"` for text columns, so strings compare byte-wise as DynamoDB does.
    package var collation: String?
}

/// A column default.
package enum ColumnDefault: Codable, Equatable, Sendable {
    /// `now()`, for timestamps.
    case now
    /// A constant from `@default(value:)`, cast to the column type.
    case constant(String)
    /// The transaction's time in epoch milliseconds (`SyncSQL.nowMilliseconds`), for `_lastChangedAt`.
    case epochMilliseconds
}

/// A non-unique index: on columns, or on an expression of one column (the text indexes). The expression,
/// method and operator class are absent from snapshots written before text indexes existed, and from every
/// plain index, so those snapshots read and compare as before.
package struct StorageIndex: Codable, Equatable, Sendable {
    package var name: String
    package var columns: [String]
    /// The expression of `columns[0]` the index holds, when not the column itself.
    package var expression: StorageIndexExpression?
    /// The access method, when not btree.
    package var method: IndexMethod?
    /// The operator class, when not the type's default.
    package var opclass: IndexOperatorClass?

    /// Creates an index description.
    package init(
        name: String, columns: [String], expression: StorageIndexExpression? = nil, method: IndexMethod? = nil, opclass: IndexOperatorClass? = nil
    ) {
        self.name = name
        self.columns = columns
        self.expression = expression
        self.method = method
        self.opclass = opclass
    }

    /// The SQL expression indexed, over unqualified columns; nil for a plain column index.
    package var indexedExpression: SQLExpression? {
        guard let expression, let column = columns.first else { return nil }
        return expression.sql(of: .column(table: nil, name: column))
    }
}

/// What an expression index holds of its column.
package enum StorageIndexExpression: String, Codable, Equatable, Sendable {
    /// The text in lower case (`TextSearchSQL.folded`).
    case folded
    /// The text's words (`TextSearchSQL.vector`).
    case searchVector

    /// The expression applied to `column`.
    package func sql(of column: SQLExpression) -> SQLExpression {
        switch self {
        case .folded: TextSearchSQL.folded(column)
        case .searchVector: TextSearchSQL.vector(column)
        }
    }
}

/// A foreign key from this table's columns to another table's primary key.
package struct StorageForeignKey: Codable, Equatable, Sendable {
    package var name: String
    package var columns: [String]
    package var referencedTable: String
    package var referencedColumns: [String]
    package var onDelete: String
}
