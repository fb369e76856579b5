package import JSON
package import ModelIR

/// The `model_introspection` document Amplify's generator writes for a schema (version 1), from which the Gen 2
/// data client builds every document it sends (`client.models.X`): each model's fields with their types and
/// associations, its keys and index queries, its auth rules, its primary key; the enums and the non-model types.
/// Members come in the order Amplify's generator writes them, so the file diffs cleanly against one it wrote.
package enum ModelIntrospection {
    /// The document for `schema`.
    package static func document(for schema: Schema) -> JSONValue {
        .object(
            [
                ("version", .int(1)),
                ("models", .object(schema.models.map { ($0.name, model($0, in: schema)) })),
                ("enums", .object(schema.enums.map { ($0.name, .object([("name", .string($0.name)), ("values", .list($0.values.map(JSONValue.string)))])) })),
                (
                    "nonModels",
                    .object(schema.objectTypes.map { type in (type.name, .object([("name", .string(type.name)), ("fields", fields(type.fields, of: nil, in: schema))])) })
                ),
            ] + OperationIntrospection.sections(of: schema))
    }

    static func model(_ model: Model, in schema: Schema) -> JSONValue {
        let sortKeys = Array(model.primaryKey.dropFirst())
        return .object([
            ("name", .string(model.name)),
            ("fields", fields(orderedFields(of: model), of: model, in: schema)),
            ("syncable", .boolean(true)),
            ("pluralName", .string(Inflection.pluralize(model.name))),
            ("attributes", .list(ModelAttributes.attributes(of: model, in: schema))),
            (
                "primaryKeyInfo",
                .object([
                    ("isCustomPrimaryKey", .boolean(model.primaryKey != ["id"])), ("primaryKeyFieldName", .string(model.primaryKey.first ?? "id")),
                    ("sortKeyFieldNames", .list(sortKeys.map(JSONValue.string))),
                ])
            ),
        ])
    }

    /// The fields a client sees, in the generator's order: an implicit `id` first, the declared ones as written, then the
    /// timestamps, then the reference fields the schema implies. Owner fields the rules add and sync metadata
    /// are left out, as Amplify's generator leaves them out.
    static func orderedFields(of model: Model) -> [Field] {
        let visible = model.fields.filter { $0.origin != .implicitOwner && $0.origin != .syncMetadata }
        let ordered =
            visible.filter { $0.origin == .implicitID } + visible.filter { $0.origin == .declared } + visible.filter { $0.origin == .implicitTimestamp }
            + visible.filter { $0.origin == .implicitReference }
        // A field named `id` always leads, wherever it was declared.
        return ordered.filter { $0.name == "id" } + ordered.filter { $0.name != "id" }
    }

    /// The type a client is told a field has. A join model's reference fields are optional to it, and the one
    /// holding each side's partition key is an `ID` (as Amplify's generator makes the join model it synthesizes);
    /// every other field as the API types it.
    static func clientType(_ field: Field, of model: Model?) -> FieldType {
        guard let model, model.manyToManyRelation != nil, field.origin == .declared, field.relationship == nil else { return field.type }
        let leadsIndex = model.indexes.contains { $0.fields.first == field.name }
        return FieldType(leadsIndex ? .scalar(.id) : field.type.base, isList: field.type.isList)
    }

    static func fields(_ fields: [Field], of model: Model?, in schema: Schema) -> JSONValue {
        .object(fields.map { ($0.name, field($0, of: model, in: schema)) })
    }

    static func field(_ field: Field, of model: Model?, in schema: Schema) -> JSONValue {
        let type = clientType(field, of: model)
        var members: [(String, JSONValue)] = [
            ("name", .string(field.name)), ("isArray", .boolean(type.isList)), ("type", typeValue(type.base)),
            // The timestamps the server sets are optional to the client: it never sends them.
            ("isRequired", .boolean(field.origin != .implicitTimestamp && (type.isList ? type.isElementRequired : type.isRequired))), ("attributes", .list([])),
        ]
        if type.isList { members.append(("isArrayNullable", .boolean(!type.isRequired))) }
        if field.origin == .implicitTimestamp { members.append(("isReadOnly", .boolean(true))) }
        if let model, let relationship = field.relationship, let association = association(relationship, of: model, in: schema) {
            members.append(("association", association))
        }
        return .object(members)
    }

    static func typeValue(_ base: BaseType) -> JSONValue {
        switch base {
        case .scalar(let scalar): .string(scalar.graphQLName)
        case .enumeration(let name): .object([("enum", .string(name))])
        case .object(let name): .object([("nonModel", .string(name))])
        case .model(let name): .object([("model", .string(name))])
        }
    }

    /// How the client follows a relationship field: which fields of the related model point back (`HAS_MANY`,
    /// `HAS_ONE`) or which fields of this one hold the related key (`BELONGS_TO`). A many-to-many side is a
    /// `HAS_MANY` of its join model, whose two ends are `BELONGS_TO`s.
    static func association(_ relationship: Relationship, of model: Model, in schema: Schema) -> JSONValue? {
        let strings = { (names: [String]) in JSONValue.list(names.map(JSONValue.string)) }
        switch relationship.kind {
        case .hasMany where relationship.namesParentFields:
            // `@hasMany(indexName:, fields:)`: the child's field that leads the index, or its @belongsTo built on it.
            let lead = relationship.targetFields.first ?? "id"
            let child = schema.model(named: relationship.target)
            let back = child?.fields.first {
                $0.relationship?.kind == .belongsTo && $0.relationship?.target == model.name && $0.relationship?.localFields.first == lead
            }
            return .object([("connectionType", .string("HAS_MANY")), ("associatedWith", strings([back?.name ?? lead]))])
        case .hasMany:
            return .object([("connectionType", .string("HAS_MANY")), ("associatedWith", strings(relationship.targetFields))])
        case .manyToMany:
            let join = schema.model(named: relationship.target)
            let back = join?.fields.first { $0.relationship?.target == model.name }?.name ?? Inflection.lowerFirst(model.name)
            return .object([("connectionType", .string("HAS_MANY")), ("associatedWith", strings([back]))])
        case .belongsTo:
            return .object([("connectionType", .string("BELONGS_TO")), ("targetNames", strings(relationship.localFields))])
        case .hasOne where model.manyToManyRelation != nil:
            return .object([("connectionType", .string("BELONGS_TO")), ("targetNames", strings(relationship.localFields))])
        case .hasOne:
            let targetNames = relationship.referenceOwner == .local ? relationship.localFields : []
            return .object([
                ("connectionType", .string("HAS_ONE")), ("associatedWith", strings(relationship.targetFields)), ("targetNames", strings(targetNames)),
            ])
        }
    }
}
