import ModelIR

/// Relationship checks of Amplify's converter: each `hasMany` / `hasOne` has exactly one matching `belongsTo` on
/// the related model (and each `belongsTo` one matching `hasOne` or `hasMany`), with the same references; the
/// references name fields of the child, as many as the parent's identifier has, of matching types (`ID` and
/// `String` count as one).
extension SchemaEmitter {
    /// Checks every relationship field of `model`.
    func validateRelationships(_ model: ModelDefinition, named name: String) throws(Gen2Error) {
        for field in model.fields {
            guard case .relationship(let relationship) = field.builder else { continue }
            guard let related = type(named: relationship.relatedModel) else {
                throw Gen2Error(
                    "Invalid ref. \(name) is referring to \(relationship.relatedModel) which is not defined in the schema.", at: relationship.location)
            }
            guard case .model(let relatedModel) = related.definition else {
                throw Gen2Error("Expected to find model type with name \(relationship.relatedModel).", at: relationship.location)
            }
            _ = try associatedField(of: relationship, named: field.name, in: name, on: relatedModel)
            let (parent, parentName, child, childName) =
                relationship.kind == .belongsTo ? (relatedModel, relationship.relatedModel, model, name) : (model, name, relatedModel, relationship.relatedModel)
            try validateReferences(relationship.references, parent: parent, parentName: parentName, child: child, childName: childName, at: relationship.location)
        }
    }

    /// The one field of `related` that is the other side of `relationship`.
    private func associatedField(of relationship: RelationshipField, named fieldName: String, in modelName: String, on related: ModelDefinition) throws(Gen2Error) -> String {
        let counterpartKinds: [RelationshipField.Kind] = relationship.kind == .belongsTo ? [.hasOne, .hasMany] : [.belongsTo]
        let candidates = related.fields.filter { field in
            guard case .relationship(let other) = field.builder else { return false }
            return other.relatedModel == modelName && counterpartKinds.contains(other.kind) && other.references == relationship.references
        }
        guard candidates.count == 1 else {
            let description = Self.describe(relationship, named: fieldName, in: modelName)
            let expected = relationship.kind == .belongsTo ? "a.hasOne or a.hasMany" : "a.belongsTo"
            if candidates.isEmpty {
                throw Gen2Error(
                    "Unable to find associated relationship definition in \(relationship.relatedModel) for \(description): it needs one \(expected)('\(modelName)', \(Self.referencesArgument(relationship.references))) field.",
                    at: relationship.location)
            }
            throw Gen2Error(
                "Found multiple relationship associations with \(candidates.map { "\(relationship.relatedModel).\($0.name)" }.joined(separator: ", ")) for \(description).",
                at: relationship.location)
        }
        return candidates[0].name
    }

    /// The child's reference fields against the parent's identifier.
    private func validateReferences(
        _ references: [String], parent: ModelDefinition, parentName: String, child: ModelDefinition, childName: String, at location: SourceLocation
    ) throws(Gen2Error) {
        var referenceTypes: [String?] = []
        for reference in references {
            guard let field = child.fields.first(where: { $0.name == reference }) else {
                throw Gen2Error("Reference field '\(reference)' must be defined on \(childName).", at: location)
            }
            if case .scalar(let scalar) = field.builder { referenceTypes.append(scalar.type) } else { referenceTypes.append(nil) }
        }
        let identifierTypes: [String] = parent.identifier.compactMap { key in
            if let field = parent.fields.first(where: { $0.name == key }) {
                if case .scalar(let scalar) = field.builder { return scalar.type }
                return "?"
            }
            return key == "id" ? "ID" : nil
        }
        guard identifierTypes.count == referenceTypes.count else {
            throw Gen2Error(
                "The identifiers defined on \(parentName) must match the reference fields defined on \(childName): \(identifierTypes.count) identifier field(s) on \(parentName) (\(parent.identifier.joined(separator: ", "))), \(referenceTypes.count) reference field(s) on \(childName).",
                at: location)
        }
        let stringLike: Set<String> = ["ID", "String"]
        for (position, (parentType, childType)) in zip(identifierTypes, referenceTypes).enumerated() {
            let matches = parentType == childType || (childType.map(stringLike.contains) == true && stringLike.contains(parentType))
            if !matches {
                throw Gen2Error(
                    "Reference field '\(references[position])' on \(childName) is \(childType ?? "not a scalar"), but identifier field '\(parent.identifier[position])' of \(parentName) is \(parentType); their types must match.",
                    at: location)
            }
        }
    }

    /// `Team.members: [Member] @hasMany(references: ['teamId'])`, as the library describes a relationship.
    private static func describe(_ relationship: RelationshipField, named fieldName: String, in modelName: String) -> String {
        let type = relationship.array ? "[\(relationship.relatedModel)]" : relationship.relatedModel
        return "\(modelName).\(fieldName): \(type) @\(relationship.kind.rawValue)(references: [\(relationship.references.map { "'\($0)'" }.joined(separator: ", "))])"
    }

    private static func referencesArgument(_ references: [String]) -> String {
        references.count == 1 ? "'\(references[0])'" : "[\(references.map { "'\($0)'" }.joined(separator: ", "))]"
    }
}
