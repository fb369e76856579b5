package import ModelIR

/// A relationship field through which a create can write related records in the same mutation, and how:
/// the API's nested inputs and the planner's nested-write compiler both read it, so they cannot disagree.
package struct NestedRelation: Sendable {
    /// Where the reference columns live, which decides the order of the writes.
    package enum Shape: Sendable {
        /// The related records hold the reference (hasMany, hasOne with `references:`): they are written after
        /// the parent, with its key. `list` for hasMany.
        case children(list: Bool)
        /// The parent holds the reference (belongsTo, hasOne with `fields:`): the related record is written
        /// (or found) first and the parent takes its key.
        case parent
        /// A manyToMany field: the far records are written (or found) and a join record made for each.
        /// `joinFar` are the join model's reference fields to the far model's key, and `far` that model.
        case manyToMany(far: Model, joinFar: [String])
    }

    /// The relationship field of the parent model.
    package let field: Field
    /// Its relationship.
    package let relationship: Relationship
    /// The model the relationship's columns point at (the join model for manyToMany).
    package let target: Model
    /// How the records are linked.
    package let shape: Shape
    /// The name of the target's relationship field that points back at the parent through the same
    /// reference, left out of the nested input (the parent fills it); nil when there is none.
    package let inverseField: String?

    /// The model whose records the nested `create` makes and whose keys `connect` takes: the target, or the
    /// far model of a manyToMany field.
    package var written: Model {
        if case .manyToMany(let far, _) = shape { return far }
        return target
    }

    /// True when `create` takes a list (hasMany, manyToMany).
    package var isList: Bool {
        switch shape {
        case .children(let list): list
        case .parent: false
        case .manyToMany: true
        }
    }

    /// The relations a nested update of `model` can write, which are the relation fields its update input
    /// gains: every nested relation when the model has create and update mutations and the written model a
    /// create mutation (its create input is what `create` takes).
    /// None under conflict detection: DataStore clients learn of changes through each record's `_version` and
    /// tombstones, which nested disconnects, sets and deletes would have to write for every record they touch.
    package static func updatable(of model: Model, in schema: Schema) -> [NestedRelation] {
        guard schema.conflictDetection == nil, ModelNames(model).create != nil, ModelNames(model).update != nil else { return [] }
        return relations(of: model, in: schema).filter { ModelNames($0.written).create != nil }
    }

    /// The nested relations of `model` in `schema`, in field order.
    package static func relations(of model: Model, in schema: Schema) -> [NestedRelation] {
        model.fields.compactMap { field in
            guard let relationship = field.relationship, let target = schema.model(named: relationship.target) else { return nil }
            switch relationship.kind {
            case .hasMany,
                .hasOne where relationship.referenceOwner == .target:
                let inverse = target.fields.first { candidate in
                    guard let back = candidate.relationship, back.target == model.name, back.referenceOwner == .local else { return false }
                    return back.localFields == relationship.targetFields
                }
                return NestedRelation(
                    field: field, relationship: relationship, target: target, shape: .children(list: relationship.kind == .hasMany), inverseField: inverse?.name)
            case .belongsTo, .hasOne:
                guard relationship.referenceOwner == .local else { return nil }
                return NestedRelation(field: field, relationship: relationship, target: target, shape: .parent, inverseField: nil)
            case .manyToMany:
                // The join model's other reference: its relationship field that is not the one back to `model`
                // through `targetFields` (both are hasOne fields with local references).
                let far = target.fields.first { candidate in
                    guard let other = candidate.relationship, other.referenceOwner == .local else { return false }
                    return other.localFields != relationship.targetFields
                }
                guard let farRelationship = far?.relationship, let farModel = schema.model(named: farRelationship.target) else { return nil }
                return NestedRelation(
                    field: field, relationship: relationship, target: target, shape: .manyToMany(far: farModel, joinFar: farRelationship.localFields), inverseField: nil)
            }
        }
    }
}
