import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// `batchCreateX`, `batchUpdateX` and `batchDeleteX`: one data-modifying statement with a CTE per item (each
/// keeping the single mutation's guards), whose row reports a count per item that must be 1, so a missing
/// record, a refused item or a key given twice (PostgreSQL applies one of two changes of a row in one
/// statement) fails the field and writes nothing. Results come back in input order.
struct BatchCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// The plan of a batch root field of `kind` on `model`; `records` are the caller's owner or group rules.
    func compile(_ field: GraphQL.Field, model: Model, kind: RootFieldKind, records: [AuthRule]?) throws(PlanError) -> PlannedStatement {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        var input: InputValue = .list([])
        for argument in field.arguments where argument.name.value == "input" {
            if let value = selection.values.resolve(argument.value) { input = value }
        }
        let items: [InputValue]
        if case .list(let list) = input { items = list } else { items = input.isNull ? [] : [input] }
        try api.writeLimits.check(batch: items.count)
        let inputType: String
        switch kind {
        case .batchUpdate: inputType = ModelNames(model).updateInput
        case .batchDelete: inputType = ModelNames(model).deleteInput
        default: inputType = ModelNames(model).createInput
        }
        var entries: [[(String, InputValue)]] = []
        for item in items {
            guard case .object(let fields) = item else { throw PlanError(.badValue, "Each item of 'input' of '\(field.name.value)' must be an object of type '\(inputType)'.") }
            entries.append(fields)
        }
        guard !entries.isEmpty else {
            return PlannedStatement(sql: SQLRenderer.render(.select(Select(columns: [SelectColumn(.cast(.constant("[]"), .json))]))), parameters: [])
        }
        var writer = NestedWriter(selection: selection)
        var written: [String] = []
        var referenceChecks: [ReferenceCheck] = []
        // Under conflict detection, the read of each versioned item's stored record, by the index of its check.
        // Not under owner or group rules: a stale item there stays Unauthorized, as the read would not tell the
        // caller's records from others'.
        var conflictReads: [Int: ConflictRead] = [:]
        switch kind {
        case .batchUpdate:
            let updates = UpdateDeleteCompiler(selection: selection)
            for item in entries {
                if NestedWriteCompiler.writesRelations(item, model: model, api: api) {
                    throw PlanError(
                        .invalidArguments, "'\(field.name.value)' does not write related records; use '\(ModelNames(model).update ?? "update")' for each record instead.")
                }
                let row = try updates.updateRow(
                    model: model, entries: NestedWriteCompiler.withoutNullRelations(item, model: model, api: api), records: records, condition: nil, binds: &writer.binds)
                written.append(writer.appendChecked(.update(row.update), failure: row.ruleSets.isEmpty ? .conditionalCheckFailed : .unauthorized))
                // The stored record is shown only where no rule limits whose records the caller may see.
                if api.schema.conflictDetection?.handler == .optimistic, records == nil, row.ruleSets.isEmpty {
                    conflictReads[writer.checks.count - 1] = try updates.conflictRead(item, model: model, selectionSet: selectionSet, operation: "update")
                }
            }
        case .batchDelete:
            let deletes = UpdateDeleteCompiler(selection: selection)
            for item in entries {
                for (name, _) in item where !model.primaryKey.contains(name) && !(name == "id" && !model.hasPrimaryKeyDirective) {
                    if api.keepsTombstones, name == SyncField.version { continue }
                    throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(inputType)'.")
                }
                let alias = writer.binds.alias()
                var conditions = [try deletes.keyCondition(item, model: model, alias: alias, operation: "delete", binds: &writer.binds)]
                if let records { conditions.append(selection.access.predicate(records, model: model, alias: alias, binds: &writer.binds)) }
                let failure: ExpectedCount.Failure = records == nil ? .conditionalCheckFailed : .unauthorized
                if api.keepsTombstones {
                    // Under conflict detection each item becomes a tombstone when its `_version` is current; a
                    // stale one fails the batch with ConflictUnhandled and its stored record, as a single delete.
                    let version = try deletes.versionParameter(item, binds: &writer.binds)
                    conditions.append(deletes.versionMatches(model: model, target: alias, version: version))
                    let deleted = model.field(named: SyncField.deleted)?.columnName ?? SyncField.deleted
                    let assignments = [(column: deleted, value: SQLExpression.keyword(.true))] + UpdateDeleteCompiler.versionAssignments(model: model, target: alias)
                    let tombstone = Update(table: api.table(model), alias: alias, assignments: assignments, where: .and(conditions))
                    written.append(writer.appendChecked(.update(tombstone), failure: failure))
                    if records == nil {
                        conflictReads[writer.checks.count - 1] = try deletes.conflictRead(item, model: model, selectionSet: selectionSet, operation: "delete")
                    }
                    continue
                }
                let delete = Delete(table: api.table(model), alias: alias, where: .and(conditions))
                written.append(writer.appendChecked(.delete(delete), failure: failure))
            }
            if api.keepsTombstones {
                // The cascades of every item at once, from all the tombstones (so a record below two items, or
                // an item below another, is written once), in the same statement.
                var cascades = 0
                writer.append(named: deletes.cascadedTombstones(of: model, written: written, path: [model.name], count: &cascades))
            }
            referenceChecks = try UpdateDeleteCompiler(selection: selection).referenceChecks(batch: entries, model: model)
        default:
            var total = (records: 0, nesting: 0)
            for item in entries {
                let size = NestedWriteSize(api: api).measure(item, model: model)
                total = (total.records + size.records, max(total.nesting, size.nesting))
            }
            try api.writeLimits.check(records: total.records, nesting: total.nesting)
            for item in entries {
                let row = try writer.create(model, entries: item, records: records, inputType: inputType, root: true)
                if row.guarded { writer.requireWritten(row.name) }
                written.append(row.name)
            }
        }
        // A delete's selection reads the old image from its CTE; a create's or update's does too unless it
        // reaches back into a written table, which it then reads after the write, by key.
        let nestedWrites = kind == .batchCreate && writer.ctes.count > entries.count
        let reaches = try selection.reaches(model.name, from: selectionSet, on: model)
        if kind != .batchDelete, nestedWrites || reaches {
            var planned = try readingBack(writer, written: written, selectionSet: selectionSet, model: model)
            for (index, read) in conflictReads { planned.expectedCounts[index].conflictRead = read }
            return planned
        }
        var objects: [SQLExpression] = []
        for name in written {
            let alias = writer.binds.alias()
            objects.append(.subquery(try selection.selectObject(selectionSet, model: model, from: .cte(name, alias: alias), alias: alias, where: nil, binds: &writer.binds)))
        }
        var planned = finish(writer, first: [SelectColumn(.function(.arrayToJSON, [.array(objects)]))], readBack: nil)
        planned.referenceChecks = referenceChecks
        for (index, read) in conflictReads { planned.expectedCounts[index].conflictRead = read }
        return planned
    }

    /// The write statement's row: `first`, then the counts the plan expects.
    private func finish(_ writer: NestedWriter, first: [SelectColumn], readBack: ReadBack?) -> PlannedStatement {
        var columns = first
        var expected: [ExpectedCount] = []
        for check in writer.checks {
            expected.append(ExpectedCount(column: columns.count, count: check.count, failure: check.failure))
            columns.append(SelectColumn(check.expression))
        }
        let select = Select(with: writer.mergedCTEs, columns: columns)
        var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: writer.binds, readBack: readBack)
        planned.expectedCounts = expected
        return planned
    }

    /// The write reporting each item's key, and the read of the selection of those records, in input order,
    /// in the same transaction.
    private func readingBack(_ writer: NestedWriter, written: [String], selectionSet: SelectionSet, model: Model) throws(PlanError) -> PlannedStatement {
        var writer = writer
        var keys: [SelectColumn] = []
        for name in written {
            for key in model.primaryKeyFields {
                let alias = writer.binds.alias()
                let value = Select(columns: [SelectColumn(.cast(.column(table: alias, name: key.columnName), .text))], from: [.cte(name, alias: alias)])
                keys.append(SelectColumn(.subquery(value)))
            }
        }
        var binds = BindAllocator(caller: selection.access.caller)
        let placeholders = written.map { _ in model.primaryKeyFields.map { binds.bind(nil, as: StorageMapping.sqlType(of: $0)) } }
        var objects: [SQLExpression] = []
        for keyValues in placeholders {
            let alias = binds.alias()
            let condition = SQLExpression.and(zip(model.primaryKeyFields, keyValues).map { .binary(.column(table: alias, name: $0.columnName), .equal, $1) })
            objects.append(
                .subquery(try selection.selectObject(selectionSet, model: model, from: .table(api.table(model), alias: alias), alias: alias, where: condition, binds: &binds)))
        }
        let read = Select(columns: [SelectColumn(.function(.arrayToJSON, [.array(objects)]))])
        let readBack = ReadBack(sql: SQLRenderer.render(.select(read)), parameters: binds.values, parameterSources: binds.sources, keyCount: keys.count)
        return finish(writer, first: keys, readBack: readBack)
    }
}
