package import APISchema
package import ModelIR
package import SQLSyntax
package import Storage

/// What the planner needs to know about the API and storage: models by name, tables, limits.
package struct APISchemaView: Sendable {
    package let api: APISchema
    /// The database schema tables live in (nil = search path).
    package let databaseSchema: String?
    /// Largest page a client may ask for (requests above it are clamped; default 1000, docs/decisions.md §8).
    package let maximumLimit: Int
    /// Most conditions one `filter` or `condition` argument may hold (DynamoDB allows 300 operators).
    package let maximumFilterConditions: Int
    /// How much one nested or batch write may do.
    package var writeLimits = WriteLimits()
    /// The server's default authorization mode: a custom operation without rules is for its callers only,
    /// as AppSync serves a field without authorization directives.
    package var defaultMode: AuthProvider = .apiKey
    private let modelsByName: [String: Model]
    /// The foreign keys of the storage, by constraint name.
    package let foreignKeys: ForeignKeyCatalog
    /// Per model, the fields that lead an index of its reference columns or its primary key
    /// (`StorageMapping.keyLeadingFields`): where a relation filter's equality picks few records.
    let keyLeadingFields: [String: Set<String>]
    /// Every static group rule of the models, in model and rule order: which of them grant a caller is part of
    /// the plans' cache key (`Access.signature`).
    let staticGroupRules: [AuthRule]
    /// The mutations whose answers custom subscriptions receive (`@aws_subscribe(mutations:)`): answering one
    /// publishes its value.
    package let publishedMutations: Set<String>

    /// True when the database server has the ICU collation the case-insensitive operators fold case with
    /// (`TextSearchSQL.foldingCollation`); checked when `serve` starts. Without it those operators are refused.
    package let hasCaseFolding: Bool

    /// Creates the view; `storage` gives an existing database's own foreign keys (by default, the ones the
    /// migrations make).
    package init(
        api: APISchema, databaseSchema: String? = nil, storage: StorageSchema? = nil, maximumLimit: Int = 1000, maximumFilterConditions: Int = 1000,
        hasCaseFolding: Bool = true
    ) {
        self.hasCaseFolding = hasCaseFolding
        self.api = api
        self.databaseSchema = databaseSchema
        self.maximumLimit = maximumLimit
        self.maximumFilterConditions = maximumFilterConditions
        self.modelsByName = Dictionary(api.models.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.foreignKeys = ForeignKeyCatalog(schema: api.models, storage: storage)
        self.keyLeadingFields = Dictionary(
            api.models.models.map { ($0.name, StorageMapping.keyLeadingFields(of: $0, in: api.models)) }, uniquingKeysWith: { first, _ in first })
        self.staticGroupRules = (api.models.models.flatMap(\.auth.rules) + api.models.customOperations.flatMap(\.rules)).filter {
            $0.strategy == .groups && !$0.groups.isEmpty
        }
        self.publishedMutations = Set(
            api.models.customOperations.flatMap { operation -> [String] in
                if case .subscribe(let source) = operation.handler { return source.mutations }
                return []
            })
    }

    /// Whether requests may use the extensions beyond AppSync (sort, counts, relation filters, nested
    /// writes…). When false every compiler refuses an extension key with the error it gives any unknown key:
    /// variables are not checked against input types, so GraphQL validation alone does not stop them.
    package var allowsExtensions: Bool { api.surface == .extended }

    /// The model named `name`.
    package func model(_ name: String) -> Model? { modelsByName[name] }

    /// The table `model` is stored in.
    package func table(_ model: Model) -> TableName { TableName(schema: databaseSchema, model.tableName) }

    var schema: Schema { api.models }

    /// True under conflict detection: a delete leaves a tombstone (`_deleted: true`) instead of removing the row.
    package var keepsTombstones: Bool { api.models.conflictDetection != nil }
}
