/// One `@model` type: a table, its fields, its key, the API operations it exposes, and who may use them.
package struct Model: Equatable, Sendable, Codable {
    /// The GraphQL type name as written.
    package var name: String
    /// The table it is stored in (`@refersTo(name:)` or the type name).
    package var tableName: String
    /// All fields in API order: declared, then implicit `id`, timestamps and reference fields.
    package var fields: [Field]
    /// Primary key field names: the partition key, then the sort keys in order.
    package var primaryKey: [String]
    /// True when the schema declared `@primaryKey` (the API then takes key arguments and `sortDirection`).
    package var hasPrimaryKeyDirective: Bool
    /// Secondary indexes (`@index`), in declaration order.
    package var indexes: [SecondaryIndex]
    /// Which operations exist and what they are called, as `@model(...)` configured them.
    package var operations: ModelOperationNames
    /// The implicit timestamp fields (nil when `timestamps:` removed one).
    package var timestamps: Timestamps
    /// Who may do what.
    package var auth: AuthPolicy
    /// The relation name, for a join model that `@manyToMany` synthesised (its records go with either end).
    package var manyToManyRelation: String?
    /// Where the type was declared.
    package var location: SourceLocation?
    /// The fields answered by functions (`@function` on a field), not stored.
    package var resolvedFields: [ResolvedField] = []

    /// Creates a model.
    package init(
        name: String,
        tableName: String? = nil,
        fields: [Field],
        primaryKey: [String] = ["id"],
        indexes: [SecondaryIndex] = [],
        operations: ModelOperationNames = .defaults,
        timestamps: Timestamps = .defaults,
        auth: AuthPolicy = .allowAll,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.tableName = tableName ?? name
        self.fields = fields
        self.primaryKey = primaryKey
        self.indexes = indexes
        self.hasPrimaryKeyDirective = primaryKey != ["id"]
        self.operations = operations
        self.timestamps = timestamps
        self.auth = auth
        self.manyToManyRelation = nil
        self.location = location
    }

    /// The field called `name`, if any.
    package func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }

    /// Fields stored in columns, in API order.
    package var storedFields: [Field] { fields.filter(\.isStored) }

    /// The field answered by functions called `name`, if any.
    package func resolvedField(named name: String) -> ResolvedField? { resolvedFields.first { $0.name == name } }

    /// The primary key fields, in key order.
    package var primaryKeyFields: [Field] { primaryKey.compactMap { field(named: $0) } }
}

/// The names of implicit timestamp fields; nil means that timestamp is off.
package struct Timestamps: Equatable, Sendable, Codable {
    /// Creation time field name.
    package var createdAt: String?
    /// Last-update time field name.
    package var updatedAt: String?

    /// Creates the configuration.
    package init(createdAt: String?, updatedAt: String?) {
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `createdAt` and `updatedAt`.
    package static let defaults = Timestamps(createdAt: "createdAt", updatedAt: "updatedAt")
}

/// How `@model(queries:mutations:subscriptions:)` configured one operation.
package enum OperationName: Equatable, Sendable, Codable {
    /// The generated default name.
    case automatic
    /// A user-chosen name.
    case renamed(String)
    /// The operation does not exist (`null`).
    case disabled
}

/// The configured name of every operation of a model.
package struct ModelOperationNames: Equatable, Sendable, Codable {
    package var get: OperationName
    package var list: OperationName
    package var create: OperationName
    package var update: OperationName
    package var delete: OperationName
    /// Subscription names per mutation (`onCreate` etc.); each may list several names.
    package var onCreate: SubscriptionNames
    package var onUpdate: SubscriptionNames
    package var onDelete: SubscriptionNames

    /// Creates the configuration.
    package init(
        get: OperationName = .automatic, list: OperationName = .automatic,
        create: OperationName = .automatic, update: OperationName = .automatic, delete: OperationName = .automatic,
        onCreate: SubscriptionNames = .automatic, onUpdate: SubscriptionNames = .automatic,
        onDelete: SubscriptionNames = .automatic
    ) {
        self.get = get
        self.list = list
        self.create = create
        self.update = update
        self.delete = delete
        self.onCreate = onCreate
        self.onUpdate = onUpdate
        self.onDelete = onDelete
    }

    /// Every operation with its generated name.
    package static let defaults = ModelOperationNames()

    /// True when at least one subscription field exists (its model's changes must then be recorded).
    package var hasSubscriptions: Bool {
        [onCreate, onUpdate, onDelete].contains { names in
            switch names {
            case .automatic: true
            case .renamed(let list): !list.isEmpty
            case .disabled: false
            }
        }
    }
}

/// How one subscription group was configured.
package enum SubscriptionNames: Equatable, Sendable, Codable {
    case automatic
    case renamed([String])
    case disabled
}
