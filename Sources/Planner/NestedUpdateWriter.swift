import APISchema
import ModelIR
import SQLSyntax

/// Nested updates: the root record's update (its key, rules and `condition`), then per relation field the
/// parts the input gives, each a CTE of the same statement that keeps its model's rules as guards:
/// - belongsTo (and hasOne holding the reference): the record's own reference columns, set from a created
///   record, a connected key or NULL (`disconnect: true`);
/// - hasMany and hasOne whose related records hold the reference (`NestedChildUpdate`): `create`, `connect`,
///   `disconnect`, `delete`, `set`;
/// - manyToMany (`NestedManyToManyUpdate`): the same parts, acting on join records (`delete` deletes the far
///   records, whose join records go with them).
/// Every part reports a count the statement must reach. Two parts that touch one row cannot both apply (a
/// statement changes a row once), so one of them reports too few rows and the mutation fails whole.
extension NestedWriter {
    /// The root update's CTE and the rule sets it ran under (for the denial check when it touches no row).
    struct Updated {
        var name: String
        var ruleSets: [[AuthRule]]
    }

    /// Updates the `model` record the key fields of `entries` name and writes what its relation fields ask for.
    mutating func update(_ model: Model, entries: [(String, InputValue)], records: [AuthRule]?, condition: InputValue?) throws(PlanError) -> Updated {
        let relations = NestedRelation.updatable(of: model, in: api.schema)
        var scalars: [(String, InputValue)] = []
        var nested: [(NestedRelation, InputValue)] = []
        for (name, value) in entries {
            if let relation = relations.first(where: { $0.field.name == name }) {
                if !value.isNull { nested.append((relation, value)) }
            } else {
                scalars.append((name, value))
            }
        }
        var filled: [(field: Field, value: SQLExpression)] = []
        for (relation, value) in nested {
            guard case .parent = relation.shape else { continue }
            filled += try parentReference(of: model, relation, value, scalars: scalars, update: true)
        }
        let row = try UpdateDeleteCompiler(selection: selection).updateRow(
            model: model, entries: scalars, filled: filled, records: records, condition: condition, binds: &binds)
        let name = append(.update(row.update))
        referenced.insert(name)
        for (relation, value) in nested {
            switch relation.shape {
            case .parent: continue
            case .children(let list): try NestedChildUpdate(model: model, parent: name, relation: relation, list: list).write(value, into: &self)
            case .manyToMany(let far, let joinFar):
                try NestedManyToManyUpdate(model: model, parent: name, relation: relation, far: far, joinFar: joinFar).write(value, into: &self)
            }
        }
        return Updated(name: name, ruleSets: row.ruleSets)
    }

    // MARK: - Pieces shared by the parts

    /// A Boolean part (`disconnect: true`): pinned, since it decides what SQL the plan has.
    func flag(_ value: InputValue, inputType: String, part: String) throws(PlanError) -> Bool {
        guard case .boolean(let flag) = selection.values.pinned(value) else {
            throw PlanError(.badValue, "Field '\(inputType).\(part)' must be a Boolean.")
        }
        return flag
    }

    /// The refusal of `part` on `relation` of `model`, which would set the required reference `field` of
    /// `holder` to NULL.
    static func requiredReference(_ part: String, model: Model, relation: NestedRelation, holder: Model, field: Field) -> PlanError {
        PlanError(
            .badValue,
            "'\(part)' cannot be used on '\(model.name).\(relation.field.name)': \(holder.name).\(field.name) is required, so the reference cannot be set to null. Delete the record, or connect it to another one."
        )
    }

    /// Refuses `part` on `relation` of `model` when `target`'s API has no `operation` mutation (the schema
    /// disables it): a nested write does nothing the API would not let the caller do on its own.
    static func requireMutation(_ operation: ModelOperation, of target: Model, for part: String, on relation: NestedRelation, of model: Model) throws(PlanError) {
        let names = ModelNames(target)
        let exists: Bool
        switch operation {
        case .delete: exists = names.delete != nil
        case .create: exists = names.create != nil
        default: exists = names.update != nil
        }
        if !exists {
            throw PlanError(.invalidArguments, "'\(part)' cannot be used on '\(model.name).\(relation.field.name)': the API has no \(operation) mutation for \(target.name).")
        }
    }

    /// Each key of `keys` (inputs of `model`'s key input) as parameters, one per primary-key field.
    mutating func bindKeys(_ keys: [InputValue], of model: Model) throws(PlanError) -> [[SQLExpression]] {
        var bound: [[SQLExpression]] = []
        for key in keys {
            let entries = try keyEntries(key, model: model)
            var values: [SQLExpression] = []
            for field in model.primaryKeyFields {
                guard let value = entries.first(where: { $0.0 == field.name })?.1 else {
                    throw PlanError(.badValue, "'\(field.name)' is required in '\(ModelNames(model).keyInput)'.")
                }
                values.append(try binds.bind(value, for: field, of: model, schema: api.schema))
            }
            bound.append(values)
        }
        return bound
    }

    /// `(a.k1 = $1 AND a.k2 = $2) OR …`: the row of `alias` whose `columns` hold one of the bound `keys`.
    static func match(_ keys: [[SQLExpression]], columns: [Field], alias: String) -> SQLExpression {
        let each = keys.map { key in SQLExpression.and(zip(columns, key).map { .binary(.column(table: alias, name: $0.columnName), .equal, $1) }) }
        return each.count == 1 ? each[0] : .or(each)
    }

    /// `(SELECT count(*) FROM table AS alias WHERE condition)`: rows as the statement found them, before any
    /// of its parts ran.
    mutating func countRows(_ model: Model, where condition: (String) -> SQLExpression) -> SQLExpression {
        let alias = binds.alias()
        let select = Select(columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(api.table(model), alias: alias)], where: condition(alias))
        return .subquery(select)
    }

    /// `((SELECT count(*) FROM "cte") = other)::integer`, which must be 1: the part touched as many rows as
    /// `other` counted before the statement.
    mutating func touchedAll(_ cte: String, _ other: SQLExpression) -> SQLExpression {
        .cast(.binary(count(cte), .equal, other), .integer)
    }

    /// The caller's `records` rules (if any) and `more` rule sets as conditions on `alias`.
    mutating func guards(_ ruleSets: [[AuthRule]], model: Model, alias: String) -> [SQLExpression] {
        ruleSets.map { selection.access.predicate($0, model: model, alias: alias, binds: &binds) }
    }

    /// The rule sets an update of `target`'s `references` through `relation` runs under: the model's update
    /// rules, then those of the written fields.
    func updateRules(_ target: Model, references: [String], via relation: NestedRelation, of model: Model) throws(PlanError) -> [[AuthRule]] {
        var ruleSets: [[AuthRule]] = []
        if let records = try rules(target, .update, via: relation, of: model) { ruleSets.append(records) }
        ruleSets += try FieldWriteAccess(given: Set(references), model: target, operation: .update, access: selection.access).records
        return ruleSets
    }

    /// The failure of a guarded part that touched fewer rows than it had to: the caller's rules, when there
    /// are any, else another part of the statement changed the row first.
    static func shortfall(_ ruleSets: [[AuthRule]]) -> ExpectedCount.Failure {
        ruleSets.isEmpty ? .conditionalCheckFailed : .unauthorized
    }

    /// Appends a check to the statement's row.
    mutating func expect(_ expression: SQLExpression, _ count: Int, _ failure: ExpectedCount.Failure) {
        checks.append((expression, count, failure))
    }
}
