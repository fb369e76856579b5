import GraphQL
import ModelIR

/// Lowers a parsed schema document to `ModelIR.Schema`: resolves types, applies the transformer's implicit
/// fields and names, and resolves relationships. Problems are collected in `diagnostics`.
struct SchemaLowering {
    let document: Document
    let file: String?
    var diagnostics: [Diagnostic] = []

    /// Object type definitions by name, in declaration order.
    var objectDefinitions: [ObjectTypeDefinition] = []
    var enumDefinitions: [EnumTypeDefinition] = []
    var modelNames: Set<String> = []
    var objectTypeNames: Set<String> = []
    var enumNames: Set<String> = []
    /// `Query`, `Mutation` and `Subscription` as the schema declares them (custom operations).
    var rootDefinitions: [ObjectTypeDefinition] = []
    /// `input` types other than `AMPLIFY`, in declaration order.
    var inputDefinitions: [InputObjectTypeDefinition] = []
    var inputTypeNames: Set<String> = []
    /// The input types `@http` fields add (their `params`, `query` and `body` arguments' types).
    var httpInputTypes: [InputType] = []
    /// Reads the file an `@sql(reference:)` names, relative to the schema file; nil when it cannot.
    var readReference: ((String) -> String?)?
    /// The policy of the `AMPLIFY.globalAuthRule`, when declared.
    var globalAuth: AuthPolicy?
    /// The `AMPLIFY.engine` of a schema that maps an existing database.
    var engine: DatabaseEngine?
    /// Relationship directives seen while lowering models, resolved once every model exists.
    var pendingRelationships: [PendingRelationship] = []
    /// Where each model's `@primaryKey` was written, by model name, so key errors point at the directive.
    var primaryKeySources: [String: PrimaryKeySource] = [:]

    init(document: Document, file: String?) {
        self.document = document
        self.file = file
    }

    mutating func error(_ message: String, at location: Location?) {
        diagnostics.append(.error(message, at: SourceLocations.of(location, file: file)))
    }

    mutating func error(_ message: String, at location: ModelIR.SourceLocation?) {
        diagnostics.append(.error(message, at: location))
    }

    func location(_ location: Location?) -> ModelIR.SourceLocation? {
        SourceLocations.of(location, file: file)
    }

    mutating func lower() -> ModelIR.Schema {
        collectDefinitions()
        let enums = enumDefinitions.map { definition in
            EnumType(
                name: definition.name.value, values: definition.values.map(\.name.value),
                location: location(definition.loc)
            )
        }
        var models: [Model] = []
        var objectTypes: [ObjectType] = []
        for definition in objectDefinitions {
            if modelNames.contains(definition.name.value) {
                models.append(lowerModel(definition))
            } else {
                objectTypes.append(lowerObjectType(definition))
            }
        }
        var schema = ModelIR.Schema(models: models, enums: enums, objectTypes: objectTypes)
        schema.engine = engine
        resolveRelationships(in: &schema)
        synthesizeManyToMany(in: &schema)
        schema.inputTypes = lowerInputTypes()
        schema.customOperations = lowerCustomOperations(models: schema)
        schema.inputTypes += httpInputTypes
        checkKeys(in: schema)
        checkStorageNames(in: schema)
        return schema
    }

    /// First pass: know every type name before reading any field.
    mutating func collectDefinitions() {
        var seen: [String: ModelIR.SourceLocation?] = [:]
        for definition in document.definitions {
            var name: Name?
            switch definition {
            case let object as ObjectTypeDefinition:
                name = object.name
                if ["Query", "Mutation", "Subscription"].contains(object.name.value) {
                    if object.directives.contains(where: { $0.name.value == "model" }) {
                        error("A model may not be named '\(object.name.value)'.", at: object.name.loc)
                    } else {
                        for directive in object.directives {
                            error("@\(directive.name.value) is not supported on type '\(object.name.value)'; put directives on its fields.", at: directive.loc)
                        }
                        rootDefinitions.append(object)
                    }
                    if let previous = seen[object.name.value] {
                        let previousText = previous.map { " (first declared at \($0))" } ?? ""
                        error("Type '\(object.name.value)' is declared twice\(previousText).", at: object.name.loc)
                    } else {
                        seen[object.name.value] = location(object.name.loc)
                    }
                    continue
                }
                objectDefinitions.append(object)
                if object.directives.contains(where: { $0.name.value == "model" }) {
                    modelNames.insert(object.name.value)
                } else {
                    objectTypeNames.insert(object.name.value)
                }
            case let enumeration as EnumTypeDefinition:
                name = enumeration.name
                enumDefinitions.append(enumeration)
                enumNames.insert(enumeration.name.value)
            case let input as InputObjectTypeDefinition:
                name = input.name
                if input.name.value == "AMPLIFY" {
                    readAmplifySettings(input)
                } else {
                    inputDefinitions.append(input)
                    inputTypeNames.insert(input.name.value)
                }
            case let scalar as ScalarTypeDefinition:
                error("Custom scalar '\(scalar.name.value)' is not supported; use one of the AWS scalars.", at: scalar.name.loc)
            case let other as InterfaceTypeDefinition:
                error("Interfaces are not supported yet ('\(other.name.value)').", at: other.name.loc)
            case let other as UnionTypeDefinition:
                error("Unions are not supported yet ('\(other.name.value)').", at: other.name.loc)
            case let other as DirectiveDefinition:
                error("Directive definitions are not allowed in a model schema ('@\(other.name.value)').", at: other.name.loc)
            case is OperationDefinition, is FragmentDefinition:
                error("A schema file holds type definitions only, not operations.", at: (definition as? OperationDefinition)?.loc ?? (definition as? FragmentDefinition)?.loc)
            default:
                error("This kind of definition is not supported in a model schema.", at: nil as Location?)
            }
            if let name {
                if let previous = seen[name.value] {
                    let previousText = previous.map { " (first declared at \($0))" } ?? ""
                    error("Type '\(name.value)' is declared twice\(previousText).", at: name.loc)
                } else {
                    seen[name.value] = location(name.loc)
                }
                if ScalarType(rawValue: name.value) != nil {
                    error("'\(name.value)' is a built-in scalar and cannot be redeclared.", at: name.loc)
                }
            }
        }
    }

    /// Reads `input AMPLIFY { engine: String = "postgres", globalAuthRule: AuthRule = { allow: public } }`.
    mutating func readAmplifySettings(_ input: InputObjectTypeDefinition) {
        for field in input.fields {
            if field.name.value == "engine" {
                readEngine(field)
                continue
            }
            guard field.name.value == "globalAuthRule" else {
                error("Unknown AMPLIFY setting '\(field.name.value)'; only 'engine' and 'globalAuthRule' are supported.", at: field.name.loc)
                continue
            }
            guard let value = field.defaultValue else {
                error("globalAuthRule needs a default value, e.g. '= { allow: public }'.", at: field.name.loc)
                continue
            }
            if let policy = authPolicy(rules: [ArgumentValue(value)], at: field.loc) {
                globalAuth = AuthPolicy(rules: policy.rules, isFromGlobalRule: true)
            }
        }
    }

    /// Reads `engine: String = "postgres"`: the schema maps tables of an existing database, which ModelGraph
    /// serves as they are and never migrates.
    mutating func readEngine(_ field: InputValueDefinition) {
        guard let value = field.defaultValue.map(ArgumentValue.init)?.stringValue else {
            error("AMPLIFY 'engine' needs a string default, e.g. 'engine: String = \"postgres\"'.", at: field.name.loc)
            return
        }
        switch value {
        case "postgres", "postgresql": engine = .postgres
        case "mysql": error("AMPLIFY engine 'mysql' is not supported: ModelGraph serves PostgreSQL databases only.", at: field.defaultValue?.loc)
        default: error("Unknown AMPLIFY engine '\(value)'; ModelGraph serves 'postgres'.", at: field.defaultValue?.loc)
        }
    }

    /// Resolves an AST type reference to a `FieldType`, reporting unknown names.
    mutating func fieldType(_ type: any GraphQL.`Type`) -> FieldType? {
        var required = false
        var node: any GraphQL.`Type` = type
        if let nonNull = node as? NonNullType {
            required = true
            node = nonNull.type
        }
        if let list = node as? ListType {
            var elementRequired = false
            var element: any GraphQL.`Type` = list.type
            if let nonNull = element as? NonNullType {
                elementRequired = true
                element = nonNull.type
            }
            guard let named = element as? NamedType else {
                error("Lists of lists are not supported.", at: list.loc)
                return nil
            }
            guard let base = baseType(named) else { return nil }
            return FieldType(base, isList: true, isRequired: required, isElementRequired: elementRequired)
        }
        guard let named = node as? NamedType, let base = baseType(named) else { return nil }
        return FieldType(base, isRequired: required)
    }

    mutating func baseType(_ named: NamedType) -> BaseType? {
        let name = named.name.value
        if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
        if enumNames.contains(name) { return .enumeration(name) }
        if modelNames.contains(name) { return .model(name) }
        if objectTypeNames.contains(name) { return .object(name) }
        error("Unknown type '\(name)'.", at: named.loc)
        return nil
    }

    /// Lowers a non-model object type (stored as JSON).
    mutating func lowerObjectType(_ definition: ObjectTypeDefinition) -> ObjectType {
        var fields: [ModelIR.Field] = []
        for field in definition.fields {
            for directive in field.directives {
                error(
                    "@\(directive.name.value) is not allowed on '\(definition.name.value).\(field.name.value)': '\(definition.name.value)' is not a @model type.", at: directive.loc
                )
            }
            guard let type = fieldType(field.type) else { continue }
            if case .model(let target) = type.base {
                error("Non-model type '\(definition.name.value)' cannot refer to model '\(target)' in field '\(field.name.value)'.", at: field.type.loc)
                continue
            }
            fields.append(ModelIR.Field(name: field.name.value, type: type, location: location(field.name.loc)))
        }
        for directive in definition.directives {
            error("@\(directive.name.value) is not supported on non-model type '\(definition.name.value)'.", at: directive.loc)
        }
        return ObjectType(name: definition.name.value, fields: fields, location: location(definition.name.loc))
    }
}
