import ModelIR

// What the `a.*` builders of a schema file describe, as Amplify's converter sees it, each part with the place in
// the file it comes from.

/// A scalar field: `a.string().required().array()` and so on.
struct ScalarField: Sendable {
    /// The GraphQL type name (`String`, `AWSDateTime`, ...).
    var type: String
    /// `.required()` on the element.
    var required = false
    /// `.array()`.
    var array = false
    /// `.required()` straight after `.array()`.
    var arrayRequired = false
    /// `.default(value)`, or `.default()` (a value the database generates).
    var defaultValue: DefaultValue?
    /// Where `.default` is called.
    var defaultLocation: SourceLocation?
    /// Field-level `.authorization(...)` rules.
    var rules: [AuthRule] = []
    /// The last modifier called, as the library decides what `.required()` means from it.
    var lastModifier: String?
    /// Where the builder is called.
    var location: SourceLocation
}

/// `.default(...)`.
enum DefaultValue: Sendable, Equatable {
    /// `.default()`: the database generates the value.
    case generated
    /// `.default(value)`, as text.
    case value(String)
}

/// `a.ref('Name')`.
struct RefField: Sendable {
    /// The referenced enum or custom type.
    var link: String
    /// `.required()` on a single value.
    var valueRequired = false
    /// `.array()`.
    var array = false
    /// `.required()` on an array.
    var arrayRequired = false
    /// Field-level rules.
    var rules: [AuthRule] = []
    /// `.mutations([...])`: a model's mutations a custom subscription receives (`create`, `update`, `delete`).
    var mutations: [String]?
    /// Where `.mutations` is called.
    var mutationsLocation: SourceLocation?
    /// Where the builder is called.
    var location: SourceLocation
}

/// `a.enum([...])`.
struct EnumDefinition: Sendable {
    /// The values, in order.
    var values: [String]
    /// Where the builder is called.
    var location: SourceLocation
}

/// `a.customType({...})`.
struct CustomTypeDefinition: Sendable {
    /// The fields, in order.
    var fields: [FieldEntry]
    /// Where the builder is called.
    var location: SourceLocation
}

/// `a.hasMany`, `a.hasOne`, `a.belongsTo`.
struct RelationshipField: Sendable {
    /// The three relationship builders.
    enum Kind: String, Sendable {
        case hasMany, hasOne, belongsTo
    }

    /// Which builder.
    var kind: Kind
    /// The related model's name.
    var relatedModel: String
    /// The reference fields, always on the child model.
    var references: [String]
    /// `.valueRequired()` (hasMany).
    var valueRequired = false
    /// `.required()` (hasOne).
    var arrayRequired = false
    /// Field-level rules.
    var rules: [AuthRule] = []
    /// Where the builder is called.
    var location: SourceLocation

    /// hasMany is a list.
    var array: Bool { kind == .hasMany }
}

/// One field's builder.
enum FieldBuilder: Sendable {
    case scalar(ScalarField)
    case ref(RefField)
    case enumType(EnumDefinition)
    case customType(CustomTypeDefinition)
    case relationship(RelationshipField)
}

/// A named field of a model or custom type.
struct FieldEntry: Sendable {
    /// The field name.
    var name: String
    /// Where its key is written.
    var location: SourceLocation
    /// Its builder.
    var builder: FieldBuilder
}

/// `index('pk').sortKeys([...]).name('n').queryField('q' | null)`.
struct SecondaryIndex: Sendable {
    /// How the query field is chosen.
    enum QueryField: Sendable, Equatable {
        /// Not given: `list<Model>By<Pk>[And<Sk>...]`.
        case automatic
        /// `queryField(null)`: no query.
        case none
        /// `queryField('name')`.
        case named(String)
    }

    /// The partition key field.
    var partitionKey: String
    /// The sort key fields.
    var sortKeys: [String] = []
    /// `.name(...)`.
    var name: String?
    /// `.queryField(...)`.
    var queryField: QueryField = .automatic
    /// Where `index(...)` is called.
    var location: SourceLocation
}

/// `a.model({...})` with its modifiers.
struct ModelDefinition: Sendable {
    /// The fields, in order.
    var fields: [FieldEntry]
    /// `.identifier([...])`, `["id"]` by default.
    var identifier = ["id"]
    /// Where `.identifier` is called (the model's place when not called).
    var identifierLocation: SourceLocation
    /// `.secondaryIndexes(...)`.
    var indexes: [SecondaryIndex] = []
    /// `.disableOperations([...])`, as written.
    var disabledOperations: [String] = []
    /// Model-level rules.
    var rules: [AuthRule] = []
    /// The table name before `renameModels` (SQL schemas).
    var originalName: String?
    /// Where `a.model` is called.
    var location: SourceLocation
}

/// A top-level entry of `a.schema({...})`.
enum TypeDefinition: Sendable {
    case model(ModelDefinition)
    case enumType(EnumDefinition)
    case customType(CustomTypeDefinition)
    /// `a.query()`, `a.mutation()`, `a.subscription()`: a field of `type Query`, `Mutation` or `Subscription`.
    case operation(CustomOperationDefinition)
}

/// A named top-level entry.
struct TypeEntry: Sendable {
    /// The type name.
    var name: String
    /// Where its key is written.
    var location: SourceLocation
    /// What it is.
    var definition: TypeDefinition
}

/// `allow.*(...)` with `.to`, `.identityClaim`, `.withClaimIn`.
struct AuthRule: Sendable {
    /// `public`, `private`, `owner`, `groups`.
    var strategy: String
    /// `apiKey`, `userPools`, `oidc`, or nil.
    var provider: String?
    /// `.to([...])`.
    var operations: [String]?
    /// The owner or groups field.
    var field: String?
    /// Whether the field holds several owners or groups.
    var multiple = false
    /// Static groups.
    var groups: [String]?
    /// `.identityClaim(...)`.
    var identityClaim: String?
    /// `.withClaimIn(...)`.
    var groupClaim: String?
    /// Made by the `allow` of a custom operation's `.authorization` (which has no `.to()`).
    var onOperation = false
    /// `allow.resource(fn)`: the function's name (strategy `resource`, schema level only).
    var resource: String?
    /// Where the `allow.*` call is.
    var location: SourceLocation
}

/// `a.configure({ database: {...} })`.
struct DatabaseConfiguration: Sendable {
    /// `postgresql` or `mysql`.
    var engine: String
    /// The secret `connectionUri: secret('NAME')` names.
    var connectionSecret: String?
    /// Where `a.configure` is called.
    var location: SourceLocation
}

/// One `a.schema(...)` (or `configure(...).schema(...)`): a reference, because `setRelationships` and
/// `setAuthorization` change the schema's models in place, as the library does.
final class SchemaBox {
    /// The types, in declaration order (a renamed model moves to the end, as in the library).
    var types: [TypeEntry]
    /// Schema-level rules.
    var rules: [AuthRule] = []
    /// The database, for SQL schemas.
    var database: DatabaseConfiguration?
    /// Where `a.schema` is called.
    let location: SourceLocation

    init(types: [TypeEntry], database: DatabaseConfiguration?, location: SourceLocation) {
        self.types = types
        self.database = database
        self.location = location
    }

    /// The index of the type named `name`.
    func index(of name: String) -> Int? { types.firstIndex { $0.name == name } }
}
