package import SQLSyntax

/// One field of a model or non-model type.
package struct Field: Equatable, Sendable, Codable {
    /// Why a field exists: the user wrote it, or the transformer rules added it.
    package enum Origin: String, Equatable, Sendable, Codable {
        /// Written in the schema file.
        case declared
        /// The implicit `id: ID!` (docs/api-contract.md §3.1).
        case implicitID
        /// An implicit `createdAt`/`updatedAt` timestamp.
        case implicitTimestamp
        /// A generated reference field of an argument-less relationship (docs/api-contract.md §10.2).
        case implicitReference
        /// The owner field an `@auth` owner rule names that the model does not declare (a nullable `String`).
        case implicitOwner
        /// `_version`, `_deleted` or `_lastChangedAt`: the sync metadata conflict detection adds to every
        /// model (`Schema.enablingConflictDetection`).
        case syncMetadata
    }

    /// The GraphQL name.
    package var name: String
    /// The column the value is stored in (`@refersTo(name:)` or the field name).
    package var columnName: String
    /// The GraphQL type.
    package var type: FieldType
    /// Why the field exists.
    package var origin: Origin
    /// The `@default(value:)` text, when declared.
    package var defaultValue: String?
    /// The relationship this field represents, for fields whose base type is a model.
    package var relationship: Relationship?
    /// Where it was declared (or the model, for implicit fields).
    package var location: SourceLocation?
    /// The field's own `@auth` rules, which replace the model's for reading and writing this field.
    package var auth: AuthPolicy?
    /// True for a bare `@default` of an existing database's schema: the column fills itself (a serial or
    /// identity column, or any column default), so a create may omit the field and the database decides.
    package var isGeneratedByDatabase: Bool = false
    /// The type of the column in an existing database, read from its catalog when `serve` starts, when it differs
    /// from the storage mapping's type for the field; values written to it are cast to this type. Nil for
    /// schemas whose tables ModelGraph creates.
    package var storageType: SQLType?
    /// The precision and scale or length of the column in an existing database, when values must be checked
    /// against them to be stored exactly as sent (nil otherwise).
    package var columnLimit: ColumnLimit?
    /// The text indexes declared for the field outside the schema (`--text-index`), in declaration order.
    package var textIndexes: [TextIndex] = []

    /// Creates a field.
    package init(
        name: String,
        columnName: String? = nil,
        type: FieldType,
        origin: Origin = .declared,
        defaultValue: String? = nil,
        relationship: Relationship? = nil,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.columnName = columnName ?? name
        self.type = type
        self.origin = origin
        self.defaultValue = defaultValue
        self.relationship = relationship
        self.location = location
    }

    /// True when a create may leave the field out: a `@default(value:)` or a database-generated value fills it.
    package var hasDefault: Bool { defaultValue != nil || isGeneratedByDatabase }

    /// True when the field is stored in a column of its model's table (everything but relationship fields).
    package var isStored: Bool { relationship == nil }
}
