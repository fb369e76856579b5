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
}

/// A non-unique index.
package struct StorageIndex: Codable, Equatable, Sendable {
    package var name: String
    package var columns: [String]
}

/// A foreign key from this table's columns to another table's primary key.
package struct StorageForeignKey: Codable, Equatable, Sendable {
    package var name: String
    package var columns: [String]
    package var referencedTable: String
    package var referencedColumns: [String]
    package var onDelete: String
}
