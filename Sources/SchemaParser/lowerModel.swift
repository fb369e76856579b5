import GraphQL
import ModelIR

/// Directives ModelGraph understands on a field of a model.
private let fieldDirectives: Set<String> = ["primaryKey", "index", "default", "refersTo", "hasMany", "hasOne", "belongsTo", "manyToMany", "auth"]
/// Directives ModelGraph understands on a model type.
private let typeDirectives: Set<String> = ["model", "auth", "refersTo"]
private let relationshipDirectives: Set<String> = ["hasMany", "hasOne", "belongsTo", "manyToMany"]

extension SchemaLowering {
    /// Lowers one `@model` type: declared fields, implicit `id` and timestamps, key, indexes, auth.
    mutating func lowerModel(_ definition: ObjectTypeDefinition) -> Model {
        let name = definition.name.value
        var tableName = name
        var operations = ModelOperationNames.defaults
        // Amplify's SQL strategy adds no timestamps: an existing table has the columns it has.
        var timestamps = engine == nil ? Timestamps.defaults : Timestamps(createdAt: nil, updatedAt: nil)
        var auth = globalAuth ?? .denyAll
        for directive in definition.directives {
            switch directive.name.value {
            case "model":
                readModelDirective(directive, model: name, operations: &operations, timestamps: &timestamps)
            case "auth":
                if let policy = readAuthDirective(directive) { auth = policy }
            case "refersTo":
                if let mapped = readRefersTo(directive, owner: "model '\(name)'") { tableName = mapped }
            default:
                error(
                    "Unknown directive '@\(directive.name.value)' on model '\(name)'. Known: \(typeDirectives.sorted().map { "@" + $0 }.joined(separator: ", ")).",
                    at: directive.loc)
            }
        }

        var fields: [ModelIR.Field] = []
        var primaryKey: [String]?
        var indexes: [SecondaryIndex] = []
        var seenNames: Set<String> = []
        var resolved: [ResolvedField] = []
        for fieldDefinition in definition.fields {
            let fieldName = fieldDefinition.name.value
            if !seenNames.insert(fieldName).inserted {
                error("Field '\(name).\(fieldName)' is declared twice.", at: fieldDefinition.name.loc)
                continue
            }
            if fieldDefinition.directives.contains(where: { ["function", "http"].contains($0.name.value) }) {
                if let field = lowerResolvedField(fieldDefinition, model: name, position: fields.count) { resolved.append(field) }
                continue
            }
            if let field = lowerField(fieldDefinition, model: name, primaryKey: &primaryKey, indexes: &indexes) { fields.append(field) }
        }

        addImplicitFields(to: &fields, model: name, declaredPrimaryKey: primaryKey != nil, timestamps: timestamps, at: location(definition.name.loc))
        addAuthFields(to: &fields, model: name, policy: auth, at: location(definition.name.loc))
        for policy in fields.compactMap(\.auth) { addAuthFields(to: &fields, model: name, policy: policy, at: location(definition.name.loc)) }
        var model = Model(
            name: name, tableName: tableName, fields: fields, primaryKey: primaryKey ?? ["id"], indexes: indexes,
            operations: operations, timestamps: timestamps, auth: auth, location: location(definition.name.loc)
        )
        model.hasPrimaryKeyDirective = primaryKey != nil
        model.resolvedFields = resolved
        return model
    }

    /// Lowers one declared field of model `name` and reads its directives: a `@primaryKey` or `@index` on it
    /// sets `primaryKey` or adds to `indexes`; a relationship is queued to resolve once every model is known.
    /// Nil when the field cannot be part of the model (the errors say why).
    private mutating func lowerField(
        _ fieldDefinition: FieldDefinition, model name: String, primaryKey: inout [String]?, indexes: inout [SecondaryIndex]
    ) -> ModelIR.Field? {
        let fieldName = fieldDefinition.name.value
        if !fieldDefinition.arguments.isEmpty {
            error("Field '\(name).\(fieldName)' may not declare arguments: ModelGraph generates them.", at: fieldDefinition.arguments[0].loc)
        }
        guard let type = fieldType(fieldDefinition.type) else { return nil }
        var field = ModelIR.Field(name: fieldName, type: type, location: location(fieldDefinition.name.loc))
        var isRelationship = false
        for directive in fieldDefinition.directives {
            let directiveName = directive.name.value
            guard fieldDirectives.contains(directiveName) else {
                error("Unknown directive '@\(directiveName)' on field '\(name).\(fieldName)'.", at: directive.loc)
                continue
            }
            switch directiveName {
            case "primaryKey":
                if primaryKey != nil {
                    error("Model '\(name)' has more than one @primaryKey.", at: directive.loc)
                }
                let sortKeys = directive.argument("sortKeyFields")?.stringList ?? []
                let source = PrimaryKeySource(directive, file: file)
                if sortKeys.contains(fieldName) {
                    error("@primaryKey field '\(name).\(fieldName)' cannot also be one of its own sort keys.", at: source.sortKeyLocation(fieldName))
                }
                primaryKey = [fieldName] + sortKeys
                if primaryKeySources[name] == nil { primaryKeySources[name] = source }
            case "index":
                if let index = readIndexDirective(directive, model: name, field: fieldName) {
                    if indexes.contains(where: { $0.name == index.name }) {
                        error("Model '\(name)' has two indexes named '\(index.name)'.", at: directive.loc)
                    }
                    indexes.append(index)
                }
            case "default":
                if directive.arguments.isEmpty, engine != nil {
                    field.isGeneratedByDatabase = readGeneratedDefault(directive, field: field, model: name)
                } else {
                    field.defaultValue = readDefault(directive, field: field, model: name)
                }
            case "refersTo":
                if let column = readRefersTo(directive, owner: "field '\(name).\(fieldName)'") { field.columnName = column }
            case "auth":
                field.auth = readAuthDirective(directive)
            default:
                isRelationship = true
                if directiveName == "manyToMany", engine != nil {
                    error(
                        "@manyToMany on '\(name).\(fieldName)' is not available for an existing database: map its join table as a model and use @hasMany and @belongsTo.",
                        at: directive.loc)
                }
                pendingRelationships.append(
                    PendingRelationship(model: name, field: fieldName, fieldType: type, directive: directive, location: location(directive.loc))
                )
            }
        }
        if case .model(let target) = type.base, !isRelationship {
            error(
                "Field '\(name).\(fieldName)' refers to model '\(target)' without a relationship directive; add @hasMany, @hasOne, @belongsTo or @manyToMany.",
                at: fieldDefinition.type.loc)
            return nil
        }
        if isRelationship {
            let relationshipDirectiveCount = fieldDefinition.directives.filter { relationshipDirectives.contains($0.name.value) }.count
            if relationshipDirectiveCount > 1 {
                error("Field '\(name).\(fieldName)' has more than one relationship directive.", at: fieldDefinition.name.loc)
            }
            if field.columnName != fieldName {
                error("@refersTo is not allowed on relationship field '\(name).\(fieldName)'.", at: fieldDefinition.name.loc)
            }
            // The relationship is attached once resolved; keep the field's place in declaration order.
            field.relationship = Relationship(kind: .hasMany, target: type.base.name, localFields: [], targetFields: [], referenceOwner: .target)
        }
        return field
    }

    /// Appends `id` and the timestamps by the rules of docs/api-contract.md §3.1.
    mutating func addImplicitFields(
        to fields: inout [ModelIR.Field], model: String, declaredPrimaryKey: Bool, timestamps: Timestamps,
        at location: ModelIR.SourceLocation?
    ) {
        if !declaredPrimaryKey, !fields.contains(where: { $0.name == "id" }) {
            fields.append(ModelIR.Field(name: "id", type: FieldType(.scalar(.id), isRequired: true), origin: .implicitID, location: location))
        }
        for name in [timestamps.createdAt, timestamps.updatedAt].compactMap({ $0 }) {
            if let existing = fields.first(where: { $0.name == name }) {
                let type = existing.type
                if type.isList || (type.base != .scalar(.awsDateTime) && type.base != .scalar(.string)) {
                    error("Timestamp field '\(model).\(name)' must be AWSDateTime or String to be filled automatically.", at: existing.location)
                }
                continue
            }
            fields.append(ModelIR.Field(name: name, type: FieldType(.scalar(.awsDateTime), isRequired: true), origin: .implicitTimestamp, location: location))
        }
    }

    /// Checks the fields the model's record-based rules read, and appends an owner field a rule names that the
    /// model does not declare (`owner: String`, after the timestamps, as the transformer adds it). An owner or
    /// groups field must hold text: a `String` (or `ID`), or a list of them.
    mutating func addAuthFields(to fields: inout [ModelIR.Field], model: String, policy: AuthPolicy, at location: ModelIR.SourceLocation?) {
        for rule in policy.rules where rule.isRecordBased {
            let name = rule.recordField
            guard let existing = fields.first(where: { $0.name == name }) else {
                if rule.strategy == .owner {
                    fields.append(ModelIR.Field(name: name, type: FieldType(.scalar(.string)), origin: .implicitOwner, location: location))
                } else {
                    error("The @auth groups rule of '\(model)' reads groupsField '\(name)', which '\(model)' does not declare; add '\(name): [String]' (or String).", at: location)
                }
                continue
            }
            guard existing.relationship == nil, existing.type.base == .scalar(.string) || existing.type.base == .scalar(.id) else {
                error(
                    "Field '\(model).\(name)' holds the record's \(rule.strategy == .owner ? "owner" : "groups") for @auth, so it must be String, ID or a list of them.",
                    at: existing.location)
                continue
            }
        }
    }

    /// Reads `@refersTo(name:)`.
    mutating func readRefersTo(_ directive: Directive, owner: String) -> String? {
        guard let name = directive.argument("name")?.stringValue, !name.isEmpty else {
            error("@refersTo on \(owner) needs a non-empty string 'name'.", at: directive.loc)
            return nil
        }
        return name
    }

    /// Reads `@index(name:, sortKeyFields:, queryField:)` with the default names of docs/api-contract.md §9.
    mutating func readIndexDirective(_ directive: Directive, model: String, field: String) -> SecondaryIndex? {
        let sortKeys = directive.argument("sortKeyFields")?.stringList ?? []
        let fields = [field] + sortKeys
        let generated = Inflection.lowerFirst(Inflection.pluralize(model)) + "By" + fields.map(Inflection.upperFirst).joined(separator: "And")
        var name = generated
        if let argument = directive.argument("name") {
            guard let text = argument.stringValue else {
                if argument == .null {
                    error("@index 'name' on '\(model).\(field)' cannot be null; omit it to use the generated name.", at: directive.location(of: "name", file: file))
                    return nil
                }
                error("@index 'name' on '\(model).\(field)' must be a string.", at: directive.location(of: "name", file: file))
                return nil
            }
            name = text
        }
        if !isValidIndexName(name) {
            error("@index name '\(name)' on '\(model).\(field)' must be 3 to 255 letters, digits, '_', '-' or '.'.", at: directive.location(of: "name", file: file))
        }
        var queryField: String? = generated
        if let argument = directive.argument("queryField") {
            switch argument {
            case .null: queryField = nil
            case .string(let text): queryField = text
            default: error("@index 'queryField' on '\(model).\(field)' must be a string or null.", at: directive.location(of: "queryField", file: file))
            }
        }
        return SecondaryIndex(name: name, fields: fields, queryField: queryField, location: location(directive.loc))
    }

    private func isValidIndexName(_ name: String) -> Bool {
        (3...255).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }
}
