/// What the client knows about a model, generated from the schema with the server's own naming code: the
/// root fields and input types the API has for it, its key, and every field with its kind.
public struct ModelSchema: Sendable {
    /// The GraphQL type name.
    public var name: String
    /// The get query's root field (`getTeam`); nil when the schema turned it off.
    public var getField: String?
    /// The list query's root field (`listTeams`); nil when turned off.
    public var listField: String?
    /// The create mutation's root field; nil when turned off.
    public var createField: String?
    /// The update mutation's root field; nil when turned off.
    public var updateField: String?
    /// The delete mutation's root field; nil when turned off.
    public var deleteField: String?
    /// The filter input type (`ModelTeamFilterInput`).
    public var filterInput: String
    /// The condition input type (`ModelTeamConditionInput`).
    public var conditionInput: String
    /// The create input type (`CreateTeamInput`).
    public var createInput: String
    /// The update input type (`UpdateTeamInput`).
    public var updateInput: String
    /// The delete input type (`DeleteTeamInput`).
    public var deleteInput: String
    /// The primary key's fields: the partition field, then the sort fields.
    public var primaryKey: [String]
    /// Every field in API order.
    public var fields: [ModelField]

    /// Creates a schema; generated code calls this.
    public init(
        name: String, getField: String?, listField: String?, createField: String?, updateField: String?, deleteField: String?, filterInput: String,
        conditionInput: String, createInput: String, updateInput: String, deleteInput: String, primaryKey: [String], fields: [ModelField]
    ) {
        self.name = name
        self.getField = getField
        self.listField = listField
        self.createField = createField
        self.updateField = updateField
        self.deleteField = deleteField
        self.filterInput = filterInput
        self.conditionInput = conditionInput
        self.createInput = createInput
        self.updateInput = updateInput
        self.deleteInput = deleteInput
        self.primaryKey = primaryKey
        self.fields = fields
    }

    /// The field called `name`.
    public func field(named name: String) -> ModelField? { fields.first { $0.name == name } }
}

/// The fields of a non-model type (stored as JSON inside a model), for selection sets.
public struct EmbeddedSchema: Sendable {
    /// The GraphQL type name.
    public var name: String
    /// Its fields; only scalars, enums and embedded types.
    public var fields: [ModelField]

    /// Creates a schema; generated code calls this.
    public init(name: String, fields: [ModelField]) {
        self.name = name
        self.fields = fields
    }
}

/// One field of a model or non-model type.
public struct ModelField: Sendable {
    /// What a field holds, and for relationships how the two models are joined.
    public enum Kind: Sendable {
        /// A scalar or a list of scalars.
        case scalar
        /// An enum or a list of enums.
        case enumeration
        /// A non-model type, whose fields are selected too.
        case embedded(@Sendable () -> EmbeddedSchema)
        /// A reference this model stores (`@belongsTo`, or `@hasOne` with `fields:`): `localFields` hold the
        /// target's key `targetFields`, position by position.
        case belongsTo(target: @Sendable () -> ModelSchema, localFields: [String], targetFields: [String])
        /// A single record of the target that refers to this one (`@hasOne(references:)`): the target's
        /// `targetFields` hold this model's `localFields`.
        case hasOne(target: @Sendable () -> ModelSchema, localFields: [String], targetFields: [String])
        /// The records of the target that refer to this one (`@hasMany`, a `@manyToMany` side's join records).
        case hasMany(target: @Sendable () -> ModelSchema, localFields: [String], targetFields: [String])
    }

    /// The GraphQL name.
    public var name: String
    /// The GraphQL type, as the API spells it (`ID!`, `[String!]`).
    public var graphQLType: String
    /// What the field holds.
    public var kind: Kind
    /// True for fields the server fills and inputs do not take (the implicit timestamps and owner field).
    public var isReadOnly: Bool

    /// Creates a field; generated code calls this.
    public init(_ name: String, _ graphQLType: String, _ kind: Kind = .scalar, isReadOnly: Bool = false) {
        self.name = name
        self.graphQLType = graphQLType
        self.kind = kind
        self.isReadOnly = isReadOnly
    }

    /// True for scalar, enum and embedded fields: those stored in the model's own record.
    public var isStored: Bool {
        switch kind {
        case .scalar, .enumeration, .embedded: true
        case .belongsTo, .hasOne, .hasMany: false
        }
    }
}
