import GraphQL
import ModelIR

extension SchemaLowering {
    /// Resolves every relationship directive to the fields that join the two models (docs/api-contract.md §10), adding
    /// the generated reference fields of the argument-less form.
    mutating func resolveRelationships(in schema: inout ModelIR.Schema) {
        // hasMany/hasOne first: an implicit belongsTo reuses the reference field its partner generated.
        let ordered = pendingRelationships.filter { $0.kind != "belongsTo" } + pendingRelationships.filter { $0.kind == "belongsTo" }
        for pending in ordered where pending.kind != "manyToMany" {
            guard let relationship = resolve(pending, in: &schema) else { continue }
            guard let modelIndex = schema.models.firstIndex(where: { $0.name == pending.model }),
                let fieldIndex = schema.models[modelIndex].fields.firstIndex(where: { $0.name == pending.field })
            else { continue }
            schema.models[modelIndex].fields[fieldIndex].relationship = relationship
        }
    }

    private mutating func resolve(_ pending: PendingRelationship, in schema: inout ModelIR.Schema) -> Relationship? {
        let owner = "'\(pending.model).\(pending.field)'"
        let directive = pending.directive
        let type = pending.fieldType
        guard case .model(let targetName) = type.base, let target = schema.model(named: targetName),
            let model = schema.model(named: pending.model)
        else {
            error("@\(pending.kind) on \(owner) needs a @model type; '\(type.base.name)' is not annotated with @model.", at: pending.location)
            return nil
        }
        let isMany = pending.kind == "hasMany"
        if isMany != type.isList {
            error(
                isMany ? "@hasMany on \(owner) needs a list type; use @hasOne for a single object." : "@\(pending.kind) on \(owner) cannot be a list; use @hasMany.",
                at: pending.location)
            return nil
        }
        let fields = directive.argument("fields")
        let references = directive.argument("references")
        if fields != nil, references != nil {
            error("@\(pending.kind) on \(owner) cannot have both 'fields' and 'references'.", at: pending.location)
            return nil
        }
        let onDelete = readOnDelete(directive, pending: pending)
        let limit = readLimit(directive, owner: owner)
        if let references {
            guard let names = references.stringList, !names.isEmpty else {
                error("'references' on \(owner) must be a non-empty list of field names.", at: directive.location(of: "references", file: file))
                return nil
            }
            if directive.argument("indexName") != nil {
                error("'indexName' is not supported together with 'references' on \(owner).", at: directive.location(of: "indexName", file: file))
            }
            return resolveReferences(pending, model: model, target: target, names: names, onDelete: onDelete, limit: limit)
        }
        if let fields {
            guard let names = fields.stringList, !names.isEmpty else {
                error("'fields' on \(owner) must be a non-empty list of field names.", at: directive.location(of: "fields", file: file))
                return nil
            }
            return resolveFields(pending, model: model, target: target, names: names, onDelete: onDelete, limit: limit)
        }
        return resolveImplicit(pending, model: model, target: target, schema: &schema, onDelete: onDelete, limit: limit)
    }

    /// The Gen 2 form: `references` name fields of the child holding the parent's primary key.
    private mutating func resolveReferences(
        _ pending: PendingRelationship, model: Model, target: Model, names: [String], onDelete: OnDelete?, limit: Int
    ) -> Relationship? {
        let owner = "'\(pending.model).\(pending.field)'"
        let isBelongsTo = pending.kind == "belongsTo"
        let child = isBelongsTo ? model : target
        let parent = isBelongsTo ? target : model
        if pending.fieldType.isRequired || pending.fieldType.isElementRequired {
            let corrected = pending.fieldType.isList ? "[\(target.name)]" : target.name
            error("Relationship field \(owner) with 'references' must be nullable; use '\(corrected)'.", at: pending.location)
        }
        let parentKey = parent.primaryKeyFields
        guard names.count == parentKey.count else {
            error(
                "\(owner): 'references' lists \(names.count) field(s) but '\(parent.name)' has \(parentKey.count) primary key field(s) (\(parent.primaryKey.joined(separator: ", "))).",
                at: pending.location)
            return nil
        }
        var requiredness: Set<Bool> = []
        for (name, key) in zip(names, parentKey) {
            guard let field = child.field(named: name), field.isStored else {
                error("\(owner): reference field '\(name)' does not exist on '\(child.name)'.", at: pending.location)
                return nil
            }
            requiredness.insert(field.type.isRequired)
            if !Self.compatible(field.type.base, key.type.base) || field.type.isList {
                error("\(owner): reference field '\(child.name).\(name)' is \(field.type) but '\(parent.name).\(key.name)' is \(key.type.base.name).", at: pending.location)
                return nil
            }
        }
        if requiredness.count > 1 {
            error("\(owner): reference fields \(names.joined(separator: ", ")) must be all required or all optional.", at: pending.location)
        }
        let counterpart = pendingRelationships.contains { other in
            other.model == target.name && other.fieldType.base == .model(model.name) && other.directive.argument("references")?.stringList == names
                && (isBelongsTo ? other.kind != "belongsTo" : other.kind == "belongsTo")
        }
        if !counterpart {
            let needed = isBelongsTo ? "@hasMany or @hasOne" : "@belongsTo"
            error(
                "\(owner): uni-directional relationships are not supported; add a \(needed)(references: [\(names.map { "\"\($0)\"" }.joined(separator: ", "))]) field on '\(target.name)'.",
                at: pending.location)
        }
        let kind = Relationship.Kind(rawValue: pending.kind) ?? .hasMany
        if isBelongsTo {
            return Relationship(kind: kind, target: target.name, localFields: names, targetFields: target.primaryKey, referenceOwner: .local)
        }
        return Relationship(kind: kind, target: target.name, localFields: model.primaryKey, targetFields: names, referenceOwner: .target, onDelete: onDelete, defaultLimit: limit)
    }

    /// The Gen 1 explicit form.
    private mutating func resolveFields(
        _ pending: PendingRelationship, model: Model, target: Model, names: [String], onDelete: OnDelete?, limit: Int
    ) -> Relationship? {
        let owner = "'\(pending.model).\(pending.field)'"
        for name in names {
            guard let field = model.field(named: name), field.isStored else {
                error("\(owner): field '\(name)' in 'fields' does not exist on '\(model.name)'.", at: pending.location)
                return nil
            }
            if case .object = field.type.base {
                error("\(owner): field '\(name)' in 'fields' must be a scalar or enum.", at: pending.location)
                return nil
            }
        }
        let kind = Relationship.Kind(rawValue: pending.kind) ?? .hasMany
        if kind == .hasMany {
            // Parent fields matched against the child's index (or primary key), position by position.
            var targetKey = target.primaryKey
            if let indexName = pending.directive.argument("indexName")?.stringValue {
                guard let index = target.indexes.first(where: { $0.name == indexName }) else {
                    error("\(owner): index '\(indexName)' does not exist for model '\(target.name)'.", at: pending.location)
                    return nil
                }
                targetKey = index.fields
            }
            guard names.count <= targetKey.count else {
                error("\(owner): 'fields' has more entries than the key of '\(target.name)' (\(targetKey.joined(separator: ", "))).", at: pending.location)
                return nil
            }
            let targetFields = Array(targetKey.prefix(names.count))
            guard checkPositionalTypes(owner: owner, model, names, target, targetFields, at: pending.location) else { return nil }
            var relationship = Relationship(
                kind: kind, target: target.name, localFields: names, targetFields: targetFields, referenceOwner: .target, onDelete: onDelete, defaultLimit: limit)
            relationship.namesParentFields = true
            return relationship
        }
        // hasOne / belongsTo: our fields hold the target's primary key.
        if kind == .belongsTo {
            let hasPartner = pendingRelationships.contains { $0.model == target.name && $0.fieldType.base == .model(model.name) && $0.kind != "belongsTo" }
            if !hasPartner {
                error("\(owner): '\(target.name)' must have a @hasOne or @hasMany relationship with '\(model.name)' in order to use @belongsTo.", at: pending.location)
            }
        }
        guard names.count == target.primaryKey.count else {
            error(
                "\(owner): 'fields' must name one field per primary key field of '\(target.name)' (\(target.primaryKey.joined(separator: ", "))); partial sort keys are not accepted.",
                at: pending.location)
            return nil
        }
        guard checkPositionalTypes(owner: owner, model, names, target, target.primaryKey, at: pending.location) else { return nil }
        return Relationship(kind: kind, target: target.name, localFields: names, targetFields: target.primaryKey, referenceOwner: .local, onDelete: onDelete)
    }

    private mutating func checkPositionalTypes(
        owner: String, _ model: Model, _ names: [String], _ target: Model, _ targetNames: [String], at location: ModelIR.SourceLocation?
    ) -> Bool {
        for (name, targetName) in zip(names, targetNames) {
            guard let field = model.field(named: name), let targetField = target.field(named: targetName) else { return false }
            if !Self.compatible(field.type.base, targetField.type.base) {
                error("\(owner): field '\(name)' is of type \(field.type.base.name) but '\(target.name).\(targetName)' is of type \(targetField.type.base.name).", at: location)
                return false
            }
        }
        return true
    }

    /// `ID` and `String` count as the same type for references (docs/api-contract.md §10.4).
    static func compatible(_ a: BaseType, _ b: BaseType) -> Bool {
        let stringy: Set<BaseType> = [.scalar(.id), .scalar(.string)]
        return a == b || (stringy.contains(a) && stringy.contains(b))
    }

    private mutating func readOnDelete(_ directive: Directive, pending: PendingRelationship) -> OnDelete? {
        guard let value = directive.argument("onDelete") else { return nil }
        guard pending.kind == "hasMany" || pending.kind == "hasOne" else {
            error("'onDelete' is only allowed on @hasMany and @hasOne ('\(pending.model).\(pending.field)').", at: directive.location(of: "onDelete", file: file))
            return nil
        }
        guard case .enumValue(let text) = value, let action = OnDelete(rawValue: text) else {
            error("'onDelete' on '\(pending.model).\(pending.field)' must be CASCADE, SET_NULL or RESTRICT.", at: directive.location(of: "onDelete", file: file))
            return nil
        }
        return action
    }

    private mutating func readLimit(_ directive: Directive, owner: String) -> Int {
        guard let value = directive.argument("limit") else { return 100 }
        guard case .int(let limit) = value, limit > 0 else {
            error("'limit' on \(owner) must be a positive Int.", at: directive.location(of: "limit", file: file))
            return 100
        }
        return limit
    }
}
