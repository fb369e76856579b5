import GraphQL
import ModelIR

extension SchemaLowering {
    /// The argument-less form: generated reference fields named `camel([Owner, field, keyField])` (docs/api-contract.md §10.2).
    mutating func resolveImplicit(
        _ pending: PendingRelationship, model: Model, target: Model, schema: inout ModelIR.Schema, onDelete: OnDelete?, limit: Int
    ) -> Relationship? {
        switch pending.kind {
        case "hasMany":
            let names = model.primaryKeyFields.map { Inflection.camel([model.name, pending.field, $0.name]) }
            addReferenceFields(names, keyFields: model.primaryKeyFields, to: target.name, required: pending.fieldType.isRequired, in: &schema)
            return Relationship(
                kind: .hasMany, target: target.name, localFields: model.primaryKey, targetFields: names, referenceOwner: .target, onDelete: onDelete, defaultLimit: limit)
        case "hasOne":
            let names = target.primaryKeyFields.map { Inflection.camel([model.name, pending.field, $0.name]) }
            addReferenceFields(names, keyFields: target.primaryKeyFields, to: model.name, required: pending.fieldType.isRequired, in: &schema)
            return Relationship(kind: .hasOne, target: target.name, localFields: names, targetFields: target.primaryKey, referenceOwner: .local, onDelete: onDelete)
        default:
            // belongsTo: reuse the partner hasMany's generated fields, or generate our own for a hasOne partner.
            let partners = pendingRelationships.filter {
                $0.model == target.name && $0.fieldType.base == .model(model.name) && ($0.kind == "hasMany" || $0.kind == "hasOne")
                    && $0.directive.arguments.allSatisfy { $0.name.value != "fields" && $0.name.value != "references" }
            }
            guard let partner = partners.first else {
                error(
                    "'\(pending.model).\(pending.field)': '\(target.name)' must have a @hasOne or @hasMany relationship with '\(model.name)' in order to use @belongsTo.",
                    at: pending.location)
                return nil
            }
            if partner.kind == "hasMany" {
                let names = target.primaryKeyFields.map { Inflection.camel([target.name, partner.field, $0.name]) }
                return Relationship(kind: .belongsTo, target: target.name, localFields: names, targetFields: target.primaryKey, referenceOwner: .local)
            }
            let names = target.primaryKeyFields.map { Inflection.camel([model.name, pending.field, $0.name]) }
            addReferenceFields(names, keyFields: target.primaryKeyFields, to: model.name, required: pending.fieldType.isRequired, in: &schema)
            return Relationship(kind: .belongsTo, target: target.name, localFields: names, targetFields: target.primaryKey, referenceOwner: .local)
        }
    }

    /// Appends generated reference fields to `modelName` unless the user declared them already.
    private func addReferenceFields(
        _ names: [String], keyFields: [ModelIR.Field], to modelName: String, required: Bool, in schema: inout ModelIR.Schema
    ) {
        guard let index = schema.models.firstIndex(where: { $0.name == modelName }) else { return }
        for (name, key) in zip(names, keyFields) where schema.models[index].field(named: name) == nil {
            let field = ModelIR.Field(
                name: name, type: FieldType(key.type.base, isRequired: required), origin: .implicitReference,
                location: schema.models[index].location
            )
            schema.models[index].fields.append(field)
        }
    }
}
