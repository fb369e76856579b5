import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// `updateX` and `deleteX`: one data-modifying statement each, identified by the full key, with the client's
/// `condition` evaluated atomically in the same `WHERE` (no read-then-write race).
struct UpdateDeleteCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// The `input` and `condition` arguments.
    func inputs(_ field: GraphQL.Field) throws(PlanError) -> (input: [(String, InputValue)], condition: InputValue?) {
        var input: InputValue = .object([])
        var condition: InputValue?
        for argument in field.arguments {
            guard let value = selection.values.resolve(argument.value) else { continue }
            if argument.name.value == "input" { input = value }
            if argument.name.value == "condition", value != .null { condition = value }
        }
        guard case .object(let entries) = input else { throw PlanError(.badValue, "Argument 'input' of '\(field.name.value)' must be an object.") }
        return (entries, condition)
    }

    /// The key condition on `alias` from the input's key fields.
    func keyCondition(_ entries: [(String, InputValue)], model: Model, alias: String, operation: String, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        var parts: [SQLExpression] = []
        for key in model.primaryKeyFields {
            guard let value = entries.first(where: { $0.0 == key.name })?.1, value != .null else {
                throw PlanError(.badValue, "'\(key.name)' is required in the input of \(operation)\(model.name) to identify the record.")
            }
            parts.append(.binary(.column(table: alias, name: key.columnName), .equal, try binds.bind(value, for: key, of: model, schema: api.schema)))
        }
        return .and(parts)
    }

    /// `updateX(input:, condition:)`; under owner or group `records` rules only a record they match is changed.
    func update(_ field: GraphQL.Field, model: Model, records: [AuthRule]? = nil) throws(PlanError) -> PlannedStatement {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        var binds = BindAllocator(caller: selection.access.caller)
        var (entries, condition) = try inputs(field)
        if api.allowsExtensions {
            if NestedWriteCompiler.writesRelations(entries, model: model, api: api) {
                return try NestedWriteCompiler(selection: selection).update(
                    entries, condition: condition, selectionSet: selectionSet, model: model, records: records)
            }
            entries = NestedWriteCompiler.withoutNullRelations(entries, model: model, api: api)
        }
        let row = try updateRow(model: model, entries: entries, records: records, condition: condition, binds: &binds)
        var update = row.update
        let ruleSets = row.ruleSets
        // An optimistic write that lost to a newer version answers with the stored record.
        let conflict = api.schema.conflictDetection?.handler == .optimistic
        if try !selection.reaches(model.name, from: selectionSet, on: model) {
            // The selection sees the record only through `RETURNING *`: one statement, one round trip.
            let select = try selection.selectWritten(.update(update), selectionSet, model: model, binds: &binds)
            var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: binds, requiresRow: true)
            if !ruleSets.isEmpty { planned.denialCheck = try denialCheck(entries, model: model, ruleSets: ruleSets) }
            if conflict { planned.conflictRead = try conflictRead(entries, model: model, selectionSet: selectionSet, operation: "update") }
            return planned
        }
        update.returning = model.primaryKeyFields.map(\.columnName)
        var planned = PlannedStatement(
            sql: SQLRenderer.render(.update(update)), binds: binds, requiresRow: true,
            readBack: try MutationCompiler(selection: selection).readBack(selectionSet, model: model)
        )
        if !ruleSets.isEmpty { planned.denialCheck = try denialCheck(entries, model: model, ruleSets: ruleSets) }
        if conflict { planned.conflictRead = try conflictRead(entries, model: model, selectionSet: selectionSet, operation: "update") }
        return planned
    }

    /// Whether the record the input names is one the caller's rules match (every set of `ruleSets`): asked
    /// when a write under them touched no row, to tell a failed condition from someone else's (or no) record.
    func denialCheck(_ entries: [(String, InputValue)], model: Model, ruleSets: [[AuthRule]]) throws(PlanError) -> DenialCheck {
        var binds = BindAllocator(caller: selection.access.caller)
        let alias = binds.alias()
        let key = try keyCondition(entries, model: model, alias: alias, operation: "update", binds: &binds)
        let matches = SQLExpression.and(ruleSets.map { selection.access.predicate($0, model: model, alias: alias, binds: &binds) })
        let select = Select(columns: [SelectColumn(matches)], from: [.table(api.table(model), alias: alias)], where: key)
        return DenialCheck(sql: SQLRenderer.render(.select(select)), parameters: binds.values, parameterSources: binds.sources)
    }

    /// `deleteX(input:, condition:)`; under owner or group `records` rules only a record they match is deleted.
    func delete(_ field: GraphQL.Field, model: Model, records: [AuthRule]? = nil) throws(PlanError) -> PlannedStatement {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        if api.schema.conflictDetection != nil { return try tombstone(field, model: model, records: records) }
        var binds = BindAllocator(caller: selection.access.caller)
        let (entries, condition) = try inputs(field)
        for (name, _) in entries where !model.primaryKey.contains(name) && !(name == "id" && !model.hasPrimaryKeyDirective) {
            throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(ModelNames(model).deleteInput)'.")
        }
        let target = binds.alias()
        var conditions = [try keyCondition(entries, model: model, alias: target, operation: "delete", binds: &binds)]
        if let records { conditions.append(selection.access.predicate(records, model: model, alias: target, binds: &binds)) }
        if let condition {
            conditions.append(
                .function(
                    .coalesce, [try FilterCompiler(api: api, model: model, alias: target, pins: selection.values.pins).condition(condition, binds: &binds), .keyword(.false)]))
        }
        // The old image: nested selections read the snapshot from before the delete.
        let delete = Delete(table: api.table(model), alias: target, where: .and(conditions))
        let select = try selection.selectWritten(.delete(delete), selectionSet, model: model, binds: &binds)
        var planned = PlannedStatement(
            sql: SQLRenderer.render(.select(select)), binds: binds, requiresRow: true,
            referenceChecks: try referenceChecks(entries, model: model)
        )
        if let records { planned.denialCheck = try denialCheck(entries, model: model, ruleSets: [records]) }
        return planned
    }

    /// Count statements for every constraint that can block deleting a `model` record.
    func referenceChecks(_ entries: [(String, InputValue)], model: Model) throws(PlanError) -> [ReferenceCheck] {
        var checks: [ReferenceCheck] = []
        for (constraint, entry) in api.foreignKeys.entries.sorted(by: { $0.key < $1.key }) where entry.parent == model.name && entry.onDelete == "RESTRICT" {
            guard let child = api.model(entry.child) else { continue }
            var binds = BindAllocator(caller: selection.access.caller)
            let alias = binds.alias()
            var parts: [SQLExpression] = []
            for (childField, key) in zip(entry.childFields, model.primaryKeyFields) {
                guard let value = entries.first(where: { $0.0 == key.name })?.1 else { continue }
                let bound = try binds.bind(value, for: key, of: model, schema: api.schema)
                parts.append(.binary(.column(table: alias, name: child.field(named: childField)?.columnName ?? childField), .equal, bound))
            }
            let count = Select(columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(api.table(child), alias: alias)], where: .and(parts))
            checks.append(
                ReferenceCheck(
                    constraint: constraint, relationship: entry.relationshipName ?? "\(child.name).\(entry.childFields.joined(separator: ","))",
                    countSQL: SQLRenderer.render(.select(count)), parameters: binds.values, parameterSources: binds.sources
                ))
        }
        return checks
    }
}
