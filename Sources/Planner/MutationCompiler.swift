import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// Compiles mutations into one data-modifying statement that also reads back the selection.
struct MutationCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// `createX(input:)`: INSERT … RETURNING *, then the selection over the new row. The database fills the
    /// timestamps (one instant: the transaction's) and `gen_random_uuid()` fills a missing `id`. Under owner or
    /// group `records` rules, an omitted owner field is filled with the caller, and the insert happens only when
    /// the new values make the record one of the caller's (`CreateAuthorization`).
    func create(_ field: GraphQL.Field, model: Model, records: [AuthRule]? = nil) throws(PlanError) -> PlannedStatement {
        var binds = BindAllocator(caller: selection.access.caller)
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        var input: InputValue = .object([])
        var condition: InputValue?
        for argument in field.arguments {
            guard let value = selection.values.resolve(argument.value) else { continue }
            switch argument.name.value {
            case "input": input = value
            case "condition": if value != .null { condition = value }
            default: break
            }
        }
        guard case .object(let entries) = input else { throw PlanError(.badValue, "Argument 'input' of '\(field.name.value)' must be an object.") }
        let row = try insertRow(model: model, entries: entries, records: records, binds: &binds)
        var insert = row.insert
        if let condition {
            // DynamoDB evaluates a create's condition against the absent item: every attribute is missing.
            // Evaluate it over a row of NULLs; a false condition inserts nothing.
            let absent = binds.alias()
            let nulls = model.storedFields.map { SelectColumn(.cast(.keyword(.null), StorageMapping.sqlType(of: $0)), as: $0.columnName) }
            let test = try FilterCompiler(api: api, model: model, alias: absent, pins: selection.values.pins).condition(condition, binds: &binds)
            insert.guardedBy = Select(
                columns: [], from: [.subquery(Select(columns: nulls), alias: absent, lateral: false)],
                where: .and([.function(.coalesce, [test, .keyword(.false)])] + row.authorizations))
        }
        // No row back: the condition failed or, without one, the values are not the caller's.
        let guarded = row.isGuarded
        let requiresRow = condition != nil || guarded
        if try !selection.reaches(model.name, from: selectionSet, on: model) {
            // Nothing selected can see the new row except through the insert's own `RETURNING *`: one
            // statement, atomic without a transaction, one round trip.
            let select = try selection.selectWritten(.insert(insert), selectionSet, model: model, binds: &binds)
            var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: binds, requiresRow: requiresRow)
            planned.deniesWithoutRow = guarded && condition == nil
            return planned
        }
        insert.returning = model.primaryKeyFields.map(\.columnName)
        var planned = PlannedStatement(
            sql: SQLRenderer.render(.insert(insert)), binds: binds, requiresRow: requiresRow,
            readBack: try readBack(selectionSet, model: model)
        )
        planned.deniesWithoutRow = guarded && condition == nil
        return planned
    }
}

extension SelectionCompiler {
    /// `WITH written AS (<write> RETURNING *) SELECT <selection> FROM written`: the selection over the rows a
    /// data-modifying statement returns, in the same statement.
    func selectWritten(_ write: Statement, _ selectionSet: SelectionSet, model: Model, binds: inout BindAllocator) throws(PlanError) -> Select {
        let alias = binds.alias()
        return try selectObject(
            selectionSet, model: model, from: .cte("written", alias: alias), alias: alias, where: nil,
            with: [CommonTableExpression(name: "written", statement: write)], binds: &binds
        )
    }

    /// True when some relationship selected under `selectionSet` (on `model`), at any depth, reads rows of
    /// `written`: such a selection must run after the write, in a second statement, to see it (a
    /// data-modifying CTE's changes are invisible to the rest of its own statement).
    func reaches(_ written: String, from selectionSet: SelectionSet, on model: Model) throws(PlanError) -> Bool {
        for field in try collectFields(selectionSet, typeName: model.name) {
            guard let relationship = model.field(named: field.name.value)?.relationship, let target = api.model(relationship.target) else { continue }
            if target.name == written { return true }
            if let nested = field.selectionSet, try descending(field.alias?.value ?? field.name.value).reaches(written, from: nested, on: target) {
                return true
            }
        }
        return false
    }
}

extension MutationCompiler {
    /// The select that reads `selectionSet` of the written record by its key, whose values are the first
    /// parameters.
    func readBack(_ selectionSet: SelectionSet, model: Model) throws(PlanError) -> ReadBack {
        var binds = BindAllocator(caller: selection.access.caller)
        let alias = binds.alias()
        let keys = model.primaryKeyFields
        let condition = SQLExpression.and(
            keys.map { key in
                .binary(.column(table: alias, name: key.columnName), .equal, binds.bind(nil, as: StorageMapping.sqlType(of: key)))
            })
        let select = try selection.selectObject(selectionSet, model: model, from: .table(api.table(model), alias: alias), alias: alias, where: condition, binds: &binds)
        return ReadBack(sql: SQLRenderer.render(.select(select)), parameters: binds.values, parameterSources: binds.sources, keyCount: keys.count)
    }
}
