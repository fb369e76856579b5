/// The whole user schema after parsing and lowering: the single vocabulary every later stage reads.
package struct Schema: Equatable, Sendable, Codable {
    /// `@model` types in declaration order (including join models that `@manyToMany` synthesised).
    package var models: [Model]
    /// User enums in declaration order.
    package var enums: [EnumType]
    /// Non-model object types in declaration order.
    package var objectTypes: [ObjectType]
    /// The SQL engine an existing database's schema declares (`input AMPLIFY { engine: String = "postgres" }`);
    /// nil for a schema whose tables ModelGraph creates and migrates.
    package var engine: DatabaseEngine?
    /// The fields of `Query`, `Mutation` and `Subscription` the schema declares itself, in declaration order.
    package var customOperations: [CustomOperation] = []
    /// The `input` types those operations' arguments use, in declaration order.
    package var inputTypes: [InputType] = []
    /// AppSync's conflict detection, when the server turned it on (`--conflict-detection`): every model then
    /// carries the sync metadata fields and the API gains the DataStore sync surface. Nil without it.
    package var conflictDetection: ConflictDetection?

    /// True when the schema describes tables that already exist: ModelGraph serves them and manages none.
    package var isExistingDatabase: Bool { engine != nil }

    /// Creates a schema.
    package init(models: [Model], enums: [EnumType] = [], objectTypes: [ObjectType] = []) {
        self.models = models
        self.enums = enums
        self.objectTypes = objectTypes
    }

    /// The model called `name`.
    package func model(named name: String) -> Model? {
        models.first { $0.name == name }
    }

    /// The input type called `name`.
    package func inputType(named name: String) -> InputType? {
        inputTypes.first { $0.name == name }
    }

    /// The custom operation `name` of `kind`.
    package func customOperation(_ kind: CustomOperation.Kind, named name: String) -> CustomOperation? {
        customOperations.first { $0.kind == kind && $0.name == name }
    }

    /// The enum called `name`.
    package func enumType(named name: String) -> EnumType? {
        enums.first { $0.name == name }
    }
}

/// The database engine of a schema that maps existing tables (Amplify's SQL data sources).
package enum DatabaseEngine: String, Equatable, Sendable, Codable {
    /// PostgreSQL, the only engine ModelGraph serves.
    case postgres
}
