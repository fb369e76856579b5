import ModelIR
import SQLSyntax

/// Relation filters of the extended API: in a list's filter, a belongsTo or hasOne field takes the related
/// model's filter, and a hasMany or manyToMany field takes `{ some every none }` of the related (or join)
/// model's filter. Each is an `EXISTS` sub-query joined as the selection of that field joins, so it reads
/// the foreign-key index, with the related model's `@auth` applied inside it:
///
/// | filter | SQL |
/// | --- | --- |
/// | belongsTo, hasOne, `some` | `EXISTS (SELECT 1 FROM related WHERE join AND rules AND f)` |
/// | `none` | `NOT EXISTS (SELECT 1 FROM related WHERE join AND rules AND f)` |
/// | `every` | `NOT EXISTS (SELECT 1 FROM related WHERE join AND rules AND NOT coalesce(f, false))` |
///
/// `every` is about the related records the caller may see: a record the rules hide neither satisfies nor
/// breaks it, and a parent without related records satisfies it. The SQL's structure follows the filter's
/// keys, which are part of a plan's cache key, so nothing is pinned.
extension FilterCompiler {
    /// How many relationships one filter may follow from the list's model.
    static let maximumRelationDepth = 5

    /// The condition of the relation filter `value` on the relationship field `field`. Refused as an unknown
    /// field in AppSync's API and in write conditions; refused as `Unauthorized` when the caller may not list
    /// the related model (its records' existence would leak) or may not read the field.
    /// With `sourceOrder`, a hasMany or manyToMany filter's `some` becomes `source`, the related records' keys
    /// the page starts from (`pageCondition`), instead of an `EXISTS`.
    func relationCondition(
        _ field: Field, _ relationship: Relationship, _ value: InputValue, binds: inout BindAllocator, source: inout RelatedKeys?, sourceOrder: [SortKey]?
    ) throws(PlanError) -> SQLExpression {
        guard api.allowsExtensions, let access, let target = api.model(relationship.target) else { throw unknownField(field.name) }
        if value == .null { return .keyword(.true) }
        guard case .object(let entries) = value else { throw PlanError(.badValue, "The filter on '\(field.name)' must be an object.") }
        binds.relationFilters += 1
        guard depth < Self.maximumRelationDepth else {
            throw PlanError(
                .limitExceeded,
                "Relation filters follow at most \(Self.maximumRelationDepth) relationships; '\(model.name).\(field.name)' is one more (relation filter depth limit).")
        }
        if let policy = field.auth, access.decision(policy, .get) != .granted { throw denied(field) }
        let decision = access.decision(target.auth, .list)
        if decision == .denied { throw denied(field) }
        switch relationship.kind {
        case .belongsTo, .hasOne:
            return .exists(try related(relationship, target: target, decision: decision, matching: value, negated: false, binds: &binds), negated: false)
        case .hasMany, .manyToMany:
            var parts: [SQLExpression] = []
            for (quantifier, filter) in entries {
                if filter == .null { continue }
                switch quantifier {
                case "some":
                    if let sourceOrder, source == nil {
                        source = try relatedKeys(relationship, target: target, decision: decision, matching: filter, order: sourceOrder, binds: &binds)
                        continue
                    }
                    parts.append(.exists(try related(relationship, target: target, decision: decision, matching: filter, negated: false, binds: &binds), negated: false))
                case "none":
                    parts.append(.exists(try related(relationship, target: target, decision: decision, matching: filter, negated: false, binds: &binds), negated: true))
                case "every":
                    parts.append(.exists(try related(relationship, target: target, decision: decision, matching: filter, negated: true, binds: &binds), negated: true))
                default:
                    throw PlanError(.badValue, "Unknown relation filter '\(quantifier)' on '\(model.name).\(field.name)'; expected some, every or none.")
                }
            }
            return .and(parts)
        }
    }

    /// `SELECT 1 FROM target WHERE join AND rules AND filter`: the related records the caller may list that
    /// match `filter` (that do not match it, when `negated`).
    private func related(
        _ relationship: Relationship, target: Model, decision: AccessDecision, matching filter: InputValue, negated: Bool, binds: inout BindAllocator
    ) throws(PlanError) -> Select {
        let childAlias = binds.alias()
        let join: [SQLExpression] = zip(relationship.localFields, relationship.targetFields).map { local, remote in
            .binary(
                .column(table: childAlias, name: target.field(named: remote)?.columnName ?? remote), .equal,
                .column(table: alias, name: model.field(named: local)?.columnName ?? local)
            )
        }
        let conditions = try relatedConditions(target: target, alias: childAlias, decision: decision, matching: filter, negated: negated, binds: &binds)
        return Select(columns: [SelectColumn(.integer(1))], from: [.table(api.table(target), alias: childAlias)], where: .and(join + conditions))
    }

    /// What a related record under `alias` must meet besides the join: the rules the caller may list it under,
    /// and `filter` (its negation, when `negated`).
    func relatedConditions(
        target: Model, alias childAlias: String, decision: AccessDecision, matching filter: InputValue, negated: Bool, binds: inout BindAllocator
    ) throws(PlanError) -> [SQLExpression] {
        var conditions: [SQLExpression] = []
        if case .records(let rules) = decision, let access {
            conditions.append(access.predicate(rules, model: target, alias: childAlias, binds: &binds))
        }
        let nested = FilterCompiler(api: api, model: target, alias: childAlias, pins: pins, access: access, depth: depth + 1)
        let test = try nested.compile(filter, binds: &binds)
        if negated {
            conditions.append(.not(.function(.coalesce, [test, .keyword(.false)])))
        } else if test != .keyword(.true) {
            conditions.append(test)
        }
        return conditions
    }

    /// The error of a relation filter the caller's rules do not allow.
    func denied(_ field: Field) -> PlanError {
        PlanError(.unauthorized, "Not Authorized to access \(field.name) on type \(model.name)")
    }
}
