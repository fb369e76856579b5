import JSON
import ModelIR

/// The SDL text of fields, indexes, rules and `@model` arguments, written as Amplify's converter writes them.
extension SchemaEmitter {
    /// An `@index` directive with the place its `index(...)` is written.
    typealias IndexText = (text: String, location: SourceLocation)

    /// A part of a field's line; parts without a place come from the field itself.
    typealias Fragment = (text: String, location: SourceLocation?)

    /// A scalar field's type and directives; `identifier` is given for the model's partition key.
    static func scalarText(_ field: ScalarField, identifier: [String]?, indexes: [IndexText]) -> [Fragment] {
        var fragments: [Fragment] = []
        var text = field.type
        if let identifier {
            text += "!"
            if identifier.count > 1 {
                text += " @primaryKey(sortKeyFields: [\(identifier.dropFirst().map(JSONText.quote).joined(separator: ", "))])"
            } else {
                text += " @primaryKey"
            }
            fragments.append((text, nil))
            for index in indexes { fragments.append((" \(index.text)", index.location)) }
            if field.defaultValue == .generated { fragments.append((" @default", field.defaultLocation)) }
            return fragments
        }
        if field.required { text += "!" }
        if field.array {
            text = "[\(text)]"
            if field.arrayRequired { text += "!" }
        }
        fragments.append((text, nil))
        switch field.defaultValue {
        case .generated: fragments.append((" @default", field.defaultLocation))
        case .value(let value): fragments.append((" @default(value: \(JSONText.quote(value)))", field.defaultLocation))
        case nil: break
        }
        for index in indexes { fragments.append((" \(index.text)", index.location)) }
        return fragments
    }

    /// `Model`, `[Model!]!` and so on, with the relationship directive (references joined without spaces, as
    /// the library's template literal writes an array).
    static func relationshipText(_ field: RelationshipField) -> String {
        var text = field.relatedModel
        if field.valueRequired { text += "!" }
        if field.array { text = "[\(text)]" }
        if field.arrayRequired { text += "!" }
        if field.references.isEmpty {
            text += " @\(field.kind.rawValue)"
        } else {
            text += " @\(field.kind.rawValue)(references: [\(field.references.map(JSONText.quote).joined(separator: ","))])"
        }
        return text
    }

    /// A referenced enum or custom type.
    static func refText(_ field: RefField, indexes: [IndexText]) -> [Fragment] {
        var text = field.link
        if field.valueRequired { text += "!" }
        if field.array { text = "[\(text)]" }
        if field.arrayRequired { text += "!" }
        return [(text, nil)] + indexes.map { (" \($0.text)", $0.location) }
    }

    /// `@index(...)` for one secondary index.
    static func indexText(_ index: SecondaryIndex, model: String) -> String {
        let automatic = "list\(model.capitalizedFirst)By\(index.partitionKey.capitalizedFirst)"
        if index.sortKeys.isEmpty && index.name == nil && index.queryField == .automatic {
            return "@index(queryField: \(JSONText.quote(automatic)))"
        }
        var attributes: [String] = []
        if let name = index.name, !name.isEmpty { attributes.append("name: \(JSONText.quote(name))") }
        if !index.sortKeys.isEmpty { attributes.append("sortKeyFields: [\(index.sortKeys.map(JSONText.quote).joined(separator: ", "))]") }
        switch index.queryField {
        case .none: attributes.append("queryField: null")
        case .named(let name) where !name.isEmpty: attributes.append("queryField: \(JSONText.quote(name))")
        case .named, .automatic:
            let sortKeys = index.sortKeys.isEmpty ? "" : "And" + index.sortKeys.map(\.capitalizedFirst).joined(separator: "And")
            attributes.append("queryField: \(JSONText.quote(automatic + sortKeys))")
        }
        return "@index(\(attributes.joined(separator: ", ")))"
    }

    /// One rule: `{allow: owner, provider: oidc, operations: [read], ownerField: "owner", identityClaim: "sub"}`.
    static func ruleText(_ rule: AuthRule) -> String {
        var parts = ["allow: \(rule.strategy)"]
        if let provider = rule.provider { parts.append("provider: \(provider)") }
        if let operations = rule.operations { parts.append("operations: [\(operations.joined(separator: ", "))]") }
        if let field = rule.field { parts.append(rule.strategy == "groups" ? "groupsField: \(JSONText.quote(field))" : "ownerField: \(JSONText.quote(field))") }
        if let groups = rule.groups { parts.append("groups: [\(groups.map(JSONText.quote).joined(separator: ", "))]") }
        if let claim = rule.identityClaim { parts.append("identityClaim: \(JSONText.quote(claim))") }
        if let claim = rule.groupClaim { parts.append("groupClaim: \(JSONText.quote(claim))") }
        return "{\(parts.joined(separator: ", "))}"
    }

    /// Appends `@auth(rules: [...])`, one rule per line after the first, each line mapped to its rule.
    static func appendAuth(_ rules: [AuthRule], to text: inout SourceMappedText) {
        text.append("@auth(rules: [", at: rules[0].location)
        for (position, rule) in rules.enumerated() {
            text.append((position == 0 ? "" : ",\n  ") + ruleText(rule), at: rule.location)
        }
        text.append("])", at: rules[0].location)
    }

    /// The `@model` arguments `.disableOperations` gives: coarse operations first, a coarse one covering its
    /// fine ones (`queries:null,mutations:{create:null}`); empty when nothing is disabled.
    static func disabledOperationsText(_ operations: [String]) -> String {
        let coarse = ["queries", "mutations", "subscriptions"]
        let coarseOf = [
            "onCreate": "subscriptions", "onUpdate": "subscriptions", "onDelete": "subscriptions", "create": "mutations", "update": "mutations", "delete": "mutations",
            "list": "queries", "get": "queries",
        ]
        let sorted = operations.filter { coarse.contains($0) } + operations.filter { !coarse.contains($0) }
        // Each entry is nil (the whole group disabled) or the disabled operations of the group, in order.
        var attributes: [(key: String, operations: [String]?)] = []
        for operation in sorted {
            if coarse.contains(operation) {
                if let index = attributes.firstIndex(where: { $0.key == operation }) { attributes[index].operations = nil } else { attributes.append((operation, nil)) }
                continue
            }
            guard let group = coarseOf[operation] else { continue }
            if let index = attributes.firstIndex(where: { $0.key == group }) {
                if var fine = attributes[index].operations, !fine.contains(operation) {
                    fine.append(operation)
                    attributes[index].operations = fine
                }
            } else {
                attributes.append((group, [operation]))
            }
        }
        return attributes.map { attribute in
            guard let operations = attribute.operations else { return "\(attribute.key):null" }
            return "\(attribute.key):{\(operations.map { "\($0):null" }.joined(separator: ","))}"
        }.joined(separator: ",")
    }
}
