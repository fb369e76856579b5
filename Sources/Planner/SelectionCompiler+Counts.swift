import APISchema
import GraphQL
import ModelIR
import SQLSyntax

extension SelectionCompiler {
    /// The hasMany or manyToMany field that the selected field `name` of `model` counts (`commentsCount`
    /// counts `comments`), when it is such a counter; never on AppSync's API, which has none.
    func countedRelationship(_ name: String, of model: Model) -> ModelIR.Field? {
        let suffix = ModelNames.relationCount("")
        guard api.allowsExtensions, name.hasSuffix(suffix), let field = model.field(named: String(name.dropLast(suffix.count))),
            ModelNames.relationCount(field.name) == name, let relationship = field.relationship,
            relationship.kind == .hasMany || relationship.kind == .manyToMany
        else { return nil }
        return field
    }

    /// `(SELECT count(*) FROM <target> WHERE <join> AND <the caller's rules>)`: how many related records the
    /// caller could list through `relationField`. Null with an `Unauthorized` error where that list would be
    /// denied; under owner or group rules only the caller's records count, as the list holds only those.
    func relationCount(
        _ field: GraphQL.Field, counting relationField: ModelIR.Field, model: Model, alias: String, binds: inout BindAllocator
    ) throws(PlanError) -> SQLExpression {
        let key = field.alias?.value ?? field.name.value
        guard let relationship = relationField.relationship, let target = api.model(relationship.target) else {
            throw PlanError(.validation, "Field '\(field.name.value)' in type '\(model.name)' is undefined.")
        }
        let location = field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
        let unauthorized = PlanError(.unauthorized, "Not Authorized to access \(field.name.value) on type \(model.name)", path: path + [key], locations: location)
        // The relationship field's own rules first, as reading the field itself would apply them.
        var shownTo: [AuthRule]?
        if let policy = relationField.auth {
            switch access.decision(policy, .get) {
            case .granted: break
            case .denied:
                if !quietFieldDenials { denials.errors.append(unauthorized) }
                return .keyword(.null)
            case .records(let rules): shownTo = rules
            }
        }
        let decision = access.decision(target.auth, .list)
        guard decision != .denied else {
            denials.errors.append(unauthorized)
            return .keyword(.null)
        }
        let childAlias = binds.alias()
        var conditions = Self.join(relationship, from: model, alias: alias, to: target, childAlias: childAlias)
        if case .records(let rules) = decision { conditions.append(access.predicate(rules, model: target, alias: childAlias, binds: &binds)) }
        let count = SQLExpression.subquery(
            Select(
                columns: [SelectColumn(.cast(.aggregate(.count, [.keyword(.star)]), .integer))], from: [rows(of: target, alias: childAlias)],
                where: .and(conditions)))
        guard let shownTo else { return count }
        return .caseWhen([(access.predicate(shownTo, model: model, alias: alias, binds: &binds), count)], else: nil)
    }
}
