import ModelIR

/// Builds the object type, connection and inputs of every model.
struct ModelDefinitionsBuilder {
    let schema: Schema
    /// Whether the definitions are AppSync's or the extended API's.
    let surface: APISurface
    /// Reference fields a parent's implicit `@hasMany` generated on a child: they sit in the *parent's*
    /// subscription filter (docs/api-contract.md §6 quirk), keyed by child model name.
    let hasManyGeneratedFields: [String: Set<String>]

    init(schema: Schema, surface: APISurface) {
        self.schema = schema
        self.surface = surface
        var generated: [String: Set<String>] = [:]
        for model in schema.models {
            for field in model.fields {
                guard let relationship = field.relationship, relationship.kind == .hasMany,
                    let child = schema.model(named: relationship.target)
                else { continue }
                for name in relationship.targetFields where child.field(named: name)?.origin == .implicitReference {
                    generated[child.name, default: []].insert(name)
                }
            }
        }
        hasManyGeneratedFields = generated
    }

    /// The `type X { … }` definition. Implicit owner fields go last, after the generated reference fields.
    /// Fields answered by functions sit where they were declared.
    func objectType(_ model: Model) -> SDLDefinition {
        var fields = model.fields.filter { $0.origin != .implicitOwner }.compactMap { outputField($0) }
        // The last declared first, so each insertion leaves the earlier positions as they were.
        for resolved in model.resolvedFields.reversed() {
            let arguments = resolved.arguments.map { SDLArgument($0.name, $0.type.description, defaultValue: $0.defaultValue) }
            fields.insert(SDLField(resolved.name, resolved.type.description, arguments: arguments), at: min(resolved.position, fields.count))
        }
        fields += model.fields.filter { $0.origin == .implicitOwner }.compactMap { outputField($0) }
        return .object(model.name, fields: fields)
    }

    func outputField(_ field: Field) -> SDLField? {
        guard let relationship = field.relationship, let target = schema.model(named: relationship.target) else {
            return SDLField(field.name, field.type.description)
        }
        let names = ModelNames(target)
        switch relationship.kind {
        case .hasMany, .manyToMany:
            var arguments: [SDLArgument] = []
            if relationship.kind == .hasMany, let sortKey = nestedSortKeyArgument(relationship, target: target) {
                arguments.append(SDLArgument(sortKey.name, sortKey.type))
            }
            arguments += [
                SDLArgument("filter", names.filterInput), SDLArgument("sortDirection", "ModelSortDirection"),
                SDLArgument("limit", "Int"), SDLArgument("nextToken", "String"),
            ]
            return SDLField(field.name, names.connection, arguments: arguments)
        case .hasOne, .belongsTo:
            return SDLField(field.name, field.type.description)
        }
    }

    /// The sort-key argument of a hasMany field: present when the child key used for the lookup has sort
    /// keys beyond the matched fields and at most one field was matched (docs/api-contract.md §10.1).
    func nestedSortKeyArgument(_ relationship: Relationship, target: Model) -> SortKeyArgument? {
        guard relationship.targetFields.count == 1, let key = target.sortedKey(startingWith: relationship.targetFields[0]) else { return nil }
        return SortKeyArgument(model: target, sortKeys: key.sortFields, compositeLabel: key.indexName.map(Inflection.upperFirst) ?? "Primary")
    }

    /// `type ModelXConnection { items: [X]! nextToken: String }`, and `startedAt: AWSTimestamp` under conflict
    /// detection.
    func connection(_ model: Model) -> SDLDefinition {
        var fields = [SDLField("items", "[\(model.name)]!"), SDLField("nextToken", "String")]
        if syncs { fields.append(SDLField("startedAt", "AWSTimestamp")) }
        return .object(ModelNames(model).connection, fields: fields)
    }

    /// True under conflict detection: the sync metadata fields and the DataStore sync surface.
    var syncs: Bool { schema.conflictDetection != nil }

    /// `_deleted: ModelBooleanInput` under conflict detection (after the combinators of filter, condition and
    /// subscription filter inputs), else nothing.
    var deletedFilter: [SDLField] { syncs ? [SDLField(SyncField.deleted, "ModelBooleanInput")] : [] }

    /// `_version: Int` under conflict detection (in create, update and delete inputs), else nothing.
    var versionInput: [SDLField] { syncs ? [SDLField(SyncField.version, "Int")] : [] }

    /// Stored scalar and enum fields that are not generated (references, implicit owners and sync metadata
    /// come later or not at all).
    func filterableFields(_ model: Model) -> [Field] {
        model.storedFields.filter {
            $0.origin != .implicitReference && $0.origin != .implicitOwner && $0.origin != .syncMetadata && InputTypeNames.filter(for: $0.type) != nil
        }
    }

    func referenceFields(_ model: Model) -> [Field] {
        model.storedFields.filter { $0.origin == .implicitReference }
    }

    /// `ModelXFilterInput`.
    func filterInput(_ model: Model) -> SDLDefinition {
        let name = ModelNames(model).filterInput
        var fields = filterableFields(model).compactMap { field in InputTypeNames.filter(for: field.type).map { SDLField(field.name, $0) } }
        fields += [SDLField("and", "[\(name)]"), SDLField("or", "[\(name)]"), SDLField("not", name)] + deletedFilter
        fields += referenceFields(model).compactMap { field in InputTypeNames.filter(for: field.type).map { SDLField(field.name, $0) } }
        return .input(name, fields: OwnerFields(model).appended(to: fields))
    }

    /// `ModelXConditionInput`: no key fields, implicit timestamps after the combinators, then the owner fields
    /// it lacks (even a declared one left out as a key field).
    func conditionInput(_ model: Model) -> SDLDefinition {
        let name = ModelNames(model).conditionInput
        var fields: [SDLField] = []
        for field in filterableFields(model) where field.origin != .implicitTimestamp {
            if model.hasPrimaryKeyDirective, model.primaryKey.contains(field.name) { continue }
            if field.name == "id", field.type.base == .scalar(.id) { continue }
            if let type = InputTypeNames.filter(for: field.type) { fields.append(SDLField(field.name, type)) }
        }
        fields += [SDLField("and", "[\(name)]"), SDLField("or", "[\(name)]"), SDLField("not", name)] + deletedFilter
        for field in model.storedFields where field.origin == .implicitTimestamp {
            fields.append(SDLField(field.name, "ModelStringInput"))
        }
        fields += referenceFields(model).compactMap { field in InputTypeNames.filter(for: field.type).map { SDLField(field.name, $0) } }
        return .input(name, fields: OwnerFields(model).appended(to: fields))
    }

    /// `ModelSubscriptionXFilterInput`. Owner and dynamic groups fields leave their usual place; the owner
    /// fields come back at the end as `ModelStringInput`.
    func subscriptionFilterInput(_ model: Model) -> SDLDefinition {
        let name = ModelNames(model).subscriptionFilterInput
        var fields = filterableFields(model).compactMap { field in InputTypeNames.subscriptionFilter(for: field.type).map { SDLField(field.name, $0) } }
        fields += [SDLField("and", "[\(name)]"), SDLField("or", "[\(name)]")] + deletedFilter
        let movedAway = hasManyGeneratedFields[model.name] ?? []
        for field in referenceFields(model) where !movedAway.contains(field.name) {
            if let type = InputTypeNames.subscriptionFilter(for: field.type) { fields.append(SDLField(field.name, type)) }
        }
        // References this model's implicit hasMany fields generated on children.
        for field in model.fields {
            guard let relationship = field.relationship, relationship.kind == .hasMany,
                let child = schema.model(named: relationship.target)
            else { continue }
            for name in relationship.targetFields {
                guard let generated = child.field(named: name), generated.origin == .implicitReference,
                    let type = InputTypeNames.subscriptionFilter(for: generated.type)
                else { continue }
                fields.append(SDLField(name, type))
            }
        }
        let owners = OwnerFields(model)
        return .input(name, fields: owners.appended(to: fields.filter { !owners.hiddenFromSubscriptionFilter.contains($0.name) }))
    }

    /// The input spelling of a stored field's type (non-model objects become their `…Input` twin).
    func inputType(_ type: FieldType) -> String {
        if case .object(let name) = type.base { return type.spelled(baseName: Inflection.upperFirst(name) + "Input") }
        return type.description
    }

    /// `CreateXInput`: no implicit timestamps or owner fields.
    func createInput(_ model: Model) -> SDLDefinition {
        var fields: [SDLField] = []
        // Under Amplify's SQL strategy the database fills a field with a default, so a create may omit it.
        let optionalWhenDefaulted = { (field: Field) in field.isGeneratedByDatabase || (schema.isExistingDatabase && field.hasDefault) }
        if let id = model.field(named: "id") {
            fields.append(SDLField("id", model.generatesID || optionalWhenDefaulted(id) ? id.type.with(required: false).description : id.type.description))
        }
        for field in model.storedFields where field.name != "id" && ![.implicitTimestamp, .implicitReference, .implicitOwner, .syncMetadata].contains(field.origin) {
            let isTimestamp = field.name == model.timestamps.createdAt || field.name == model.timestamps.updatedAt
            fields.append(SDLField(field.name, inputType(isTimestamp || optionalWhenDefaulted(field) ? field.type.with(required: false) : field.type)))
        }
        fields += versionInput
        fields += referenceFields(model).map { SDLField($0.name, inputType($0.type)) }
        return .input(ModelNames(model).createInput, fields: fields)
    }

    /// `UpdateXInput`: everything optional but the key; no implicit owner field.
    func updateInput(_ model: Model) -> SDLDefinition {
        var fields: [SDLField] = []
        let keyFields: Set<String> = model.hasPrimaryKeyDirective ? Set(model.primaryKey) : ["id"]
        if let id = model.field(named: "id") {
            fields.append(SDLField("id", keyFields.contains("id") ? id.type.with(required: true).description : id.type.with(required: false).description))
        }
        for field in model.storedFields where field.name != "id" && field.origin != .implicitTimestamp && field.origin != .implicitOwner {
            // The metadata sits before the generated references, where the transformer adds `_version`.
            if field.origin == .syncMetadata {
                if field.name == SyncField.version { fields += versionInput }
                continue
            }
            let required = keyFields.contains(field.name)
            fields.append(SDLField(field.name, inputType(field.type.with(required: required))))
        }
        return .input(ModelNames(model).updateInput, fields: fields)
    }

    /// `DeleteXInput`: the key only (`id: ID!` without `@primaryKey`).
    func deleteInput(_ model: Model) -> SDLDefinition {
        guard model.hasPrimaryKeyDirective else { return .input(ModelNames(model).deleteInput, fields: [SDLField("id", "ID!")] + versionInput) }
        let fields = model.primaryKeyFields.map { SDLField($0.name, $0.type.with(required: true).description) }
        return .input(ModelNames(model).deleteInput, fields: fields + versionInput)
    }

    /// The input twin of a non-model object type.
    func objectInput(_ type: ObjectType) -> SDLDefinition {
        .input(Inflection.upperFirst(type.name) + "Input", fields: type.fields.map { SDLField($0.name, inputType($0.type)) })
    }
}
