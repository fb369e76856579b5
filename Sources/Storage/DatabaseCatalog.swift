package import ModelIR

/// What an existing PostgreSQL schema holds, as read from its catalog: the relations with their columns and
/// constraints, and the enum types. `serve` checks an existing database's schema against it, and
/// `modelgraph introspect` writes a schema from it.
package struct DatabaseCatalog: Equatable, Sendable {
    /// The PostgreSQL schema read (`public` by default).
    package var schemaName: String
    /// Tables, views and the other relations of the schema, by name.
    package var relations: [CatalogRelation]
    /// Enum types visible to the schema's columns, in schema and name order.
    package var enums: [CatalogEnum]

    /// Creates a catalog.
    package init(schemaName: String, relations: [CatalogRelation], enums: [CatalogEnum]) {
        self.schemaName = schemaName
        self.relations = relations
        self.enums = enums
    }

    /// The relation called `name`.
    package func relation(named name: String) -> CatalogRelation? {
        relations.first { $0.name == name }
    }

    /// The enum type `name` of schema `schema`.
    package func enumType(schema: String, name: String) -> CatalogEnum? {
        enums.first { $0.schema == schema && $0.name == name }
    }
}

/// One relation: a table, a view or another kind of relation.
package struct CatalogRelation: Equatable, Sendable {
    /// What kind of relation it is (`pg_class.relkind`).
    package enum Kind: String, Equatable, Sendable {
        case table = "r"
        case partitionedTable = "p"
        case view = "v"
        case materializedView = "m"
        case foreignTable = "f"

        /// How a note names the kind.
        package var label: String {
            switch self {
            case .table: "table"
            case .partitionedTable: "partitioned table"
            case .view: "view"
            case .materializedView: "materialized view"
            case .foreignTable: "foreign table"
            }
        }
    }

    /// The relation's name.
    package var name: String
    /// Its kind.
    package var kind: Kind
    /// Columns in their order in the table.
    package var columns: [CatalogColumn]
    /// Primary key columns in key order; empty when there is none.
    package var primaryKey: [String]
    /// Columns of each unique constraint, in constraint name order.
    package var uniqueKeys: [[String]]
    /// Foreign keys, in constraint name order.
    package var foreignKeys: [CatalogForeignKey]
    /// The text of each CHECK constraint (`pg_get_constraintdef`), in constraint name order.
    package var checks: [String]

    /// Creates a relation.
    package init(
        name: String, kind: Kind, columns: [CatalogColumn], primaryKey: [String] = [], uniqueKeys: [[String]] = [],
        foreignKeys: [CatalogForeignKey] = [], checks: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKey = primaryKey
        self.uniqueKeys = uniqueKeys
        self.foreignKeys = foreignKeys
        self.checks = checks
    }

    /// The column called `name`.
    package func column(named name: String) -> CatalogColumn? {
        columns.first { $0.name == name }
    }
}

/// One column.
package struct CatalogColumn: Equatable, Sendable {
    /// The column's name.
    package var name: String
    /// Its type (for an array, the element type, with `isArray` set).
    package var type: CatalogType
    /// True for `NOT NULL`.
    package var notNull: Bool
    /// The default expression's text, if the column has one.
    package var defaultExpression: String?
    /// True for `GENERATED … AS IDENTITY`.
    package var isIdentity: Bool
    /// True for a generated (computed) column, which cannot be written.
    package var isGenerated: Bool

    /// Creates a column.
    package init(name: String, type: CatalogType, notNull: Bool, defaultExpression: String? = nil, isIdentity: Bool = false, isGenerated: Bool = false) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.defaultExpression = defaultExpression
        self.isIdentity = isIdentity
        self.isGenerated = isGenerated
    }

    /// True when the database fills the column when an insert leaves it out (a default, a sequence or an
    /// identity).
    package var fillsItself: Bool { defaultExpression != nil || isIdentity || isGenerated }
}

/// A column's type: the base type's schema and name (`pg_type.typname`, e.g. `int4`, `varchar`), whether the
/// column is an array of it and whether it is an enum, and how PostgreSQL spells the whole type.
package struct CatalogType: Equatable, Sendable {
    /// The schema of the base type (`pg_catalog` for built-in types).
    package var schema: String
    /// The base type's internal name.
    package var name: String
    /// True when the column is an array of the base type.
    package var isArray: Bool
    /// True when the base type is an enum.
    package var isEnum: Bool
    /// PostgreSQL's spelling (`format_type`), e.g. `character varying(20)[]`, for messages.
    package var spelling: String
    /// A numeric's precision and scale or a char's length, from the type modifier.
    package var limit: ColumnLimit?

    /// Creates a type.
    package init(schema: String = "pg_catalog", name: String, isArray: Bool = false, isEnum: Bool = false, spelling: String, limit: ColumnLimit? = nil) {
        self.schema = schema
        self.name = name
        self.isArray = isArray
        self.isEnum = isEnum
        self.spelling = spelling
        self.limit = limit
    }
}

/// A foreign key from columns of one relation to columns of another.
package struct CatalogForeignKey: Equatable, Sendable {
    /// The constraint's name.
    package var name: String
    /// The referencing columns, in the constraint's order.
    package var columns: [String]
    /// The referenced table's schema.
    package var referencedSchema: String
    /// The referenced table.
    package var referencedTable: String
    /// The referenced columns, in the constraint's order.
    package var referencedColumns: [String]
    /// What deleting a referenced row does: `RESTRICT` (also for `NO ACTION`), `CASCADE`, `SET NULL` or `SET DEFAULT`.
    package var onDelete: String

    /// Creates a foreign key.
    package init(name: String, columns: [String], referencedSchema: String, referencedTable: String, referencedColumns: [String], onDelete: String = "RESTRICT") {
        self.name = name
        self.columns = columns
        self.referencedSchema = referencedSchema
        self.referencedTable = referencedTable
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
    }
}

/// A native enum type and its labels in their declared order.
package struct CatalogEnum: Equatable, Sendable {
    /// The type's schema.
    package var schema: String
    /// The type's name.
    package var name: String
    /// Its labels in their declared order.
    package var labels: [String]

    /// Creates an enum type.
    package init(schema: String, name: String, labels: [String]) {
        self.schema = schema
        self.name = name
        self.labels = labels
    }
}
