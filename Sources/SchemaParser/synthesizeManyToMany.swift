import GraphQL
import ModelIR

extension SchemaLowering {
    /// Builds the join model of every `@manyToMany(relationName:)` pair and points both fields at it (docs/api-contract.md §10.5).
    mutating func synthesizeManyToMany(in schema: inout ModelIR.Schema) {
        let all = pendingRelationships.filter { $0.kind == "manyToMany" }
        var byRelation: [String: [PendingRelationship]] = [:]
        var order: [String] = []
        for pending in all {
            guard let relation = pending.directive.argument("relationName")?.stringValue, !relation.isEmpty else {
                error("@manyToMany on '\(pending.model).\(pending.field)' needs a 'relationName' string.", at: pending.location)
                continue
            }
            if byRelation[relation] == nil { order.append(relation) }
            byRelation[relation, default: []].append(pending)
        }
        for relation in order {
            let sides = byRelation[relation] ?? []
            guard sides.count == 2 else {
                for side in sides {
                    error("@manyToMany relation '\(relation)' must be used in exactly two places; found \(sides.count).", at: side.location)
                }
                continue
            }
            let joinName = Inflection.upperFirst(String(relation.filter { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }))
            if schema.model(named: joinName) != nil || schema.enumType(named: joinName) != nil || objectTypeNames.contains(joinName) {
                error("@manyToMany relation name '\(relation)' would create type '\(joinName)', which already exists.", at: sides[0].location)
                continue
            }
            var valid = true
            for (side, other) in [(sides[0], sides[1]), (sides[1], sides[0])] {
                if !side.fieldType.isList {
                    error("@manyToMany field '\(side.model).\(side.field)' must be a list.", at: side.location)
                    valid = false
                } else if side.fieldType.base != .model(other.model) {
                    error("@manyToMany relation '\(relation)' expects '\(side.model).\(side.field)' to be [\(other.model)] but got \(side.fieldType).", at: side.location)
                    valid = false
                }
            }
            guard valid, let left = schema.model(named: sides[0].model), let right = schema.model(named: sides[1].model) else { continue }
            let (join, leftFields, rightFields) = Self.joinModel(named: joinName, relation: relation, left: left, right: right, at: sides[0].location)
            schema.models.append(join)
            // Point both sides at the join model.
            for (side, model, joinFields) in [(sides[0], left, leftFields), (sides[1], right, rightFields)] {
                guard let modelIndex = schema.models.firstIndex(where: { $0.name == model.name }),
                    let fieldIndex = schema.models[modelIndex].fields.firstIndex(where: { $0.name == side.field })
                else { continue }
                let limit: Int
                if case .int(let value)? = side.directive.argument("limit") { limit = value } else { limit = 100 }
                schema.models[modelIndex].fields[fieldIndex].type = FieldType(.model(joinName), isList: true)
                schema.models[modelIndex].fields[fieldIndex].relationship = Relationship(
                    kind: .manyToMany, target: joinName, localFields: model.primaryKey, targetFields: joinFields,
                    referenceOwner: .target, onDelete: .cascade, defaultLimit: limit
                )
            }
        }
    }

    /// The join model of a `@manyToMany` relation between `left` and `right`: an `id`, a required reference to
    /// each side's key (`postId`, `tagId`, …), a `@hasOne` to each side, timestamps, an index per side, and the
    /// union of the two sides' public operations. Also returns the names of each side's reference fields.
    static func joinModel(named joinName: String, relation: String, left: Model, right: Model, at: ModelIR.SourceLocation?) -> (Model, [String], [String]) {
        let leftFields = left.primaryKeyFields.enumerated().map { position, key in
            Inflection.lowerFirst(left.name) + (position == 0 ? Inflection.upperFirst(key.name) : key.name)
        }
        let rightFields = right.primaryKeyFields.enumerated().map { position, key in
            Inflection.lowerFirst(right.name) + (position == 0 ? Inflection.upperFirst(key.name) : key.name)
        }
        var fields = [ModelIR.Field(name: "id", type: FieldType(.scalar(.id), isRequired: true), origin: .implicitID, location: at)]
        for (name, key) in Array(zip(leftFields, left.primaryKeyFields)) + Array(zip(rightFields, right.primaryKeyFields)) {
            fields.append(ModelIR.Field(name: name, type: FieldType(key.type.base, isRequired: true), location: at))
        }
        fields.append(
            ModelIR.Field(
                name: Inflection.lowerFirst(left.name), type: FieldType(.model(left.name), isRequired: true),
                relationship: Relationship(kind: .hasOne, target: left.name, localFields: leftFields, targetFields: left.primaryKey, referenceOwner: .local),
                location: at
            ))
        fields.append(
            ModelIR.Field(
                name: Inflection.lowerFirst(right.name), type: FieldType(.model(right.name), isRequired: true),
                relationship: Relationship(kind: .hasOne, target: right.name, localFields: rightFields, targetFields: right.primaryKey, referenceOwner: .local),
                location: at
            ))
        for name in ["createdAt", "updatedAt"] {
            fields.append(ModelIR.Field(name: name, type: FieldType(.scalar(.awsDateTime), isRequired: true), origin: .implicitTimestamp, location: at))
        }
        let plural = Inflection.lowerFirst(Inflection.pluralize(joinName))
        let indexes = [
            SecondaryIndex(name: "by\(left.name)", fields: leftFields, queryField: plural + "By" + Inflection.upperFirst(leftFields[0]), location: at),
            SecondaryIndex(name: "by\(right.name)", fields: rightFields, queryField: plural + "By" + Inflection.upperFirst(rightFields[0]), location: at),
        ]
        // The join rows hold no owner or groups: they get the rules of both sides that grant whole operations.
        let auth = AuthPolicy(rules: Self.joinRules(left.auth.rules + right.auth.rules))
        var join = Model(name: joinName, fields: fields, indexes: indexes, auth: auth, location: at)
        join.manyToManyRelation = relation
        return (join, leftFields, rightFields)
    }

    /// The rules of a join model: those of either side that grant whole operations (public, private, static
    /// groups), each once.
    static func joinRules(_ rules: [AuthRule]) -> [AuthRule] {
        var kept: [AuthRule] = []
        for rule in rules where !rule.isRecordBased && !kept.contains(rule) { kept.append(rule) }
        return kept
    }
}
