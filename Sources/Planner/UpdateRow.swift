import APISchema
import ModelIR
import SQLSyntax

/// One record's update, ready to run on its own or as part of a larger statement.
struct RowUpdate {
    /// `UPDATE … SET … WHERE <key> AND <the caller's rules> AND <condition>`.
    var update: Update
    /// The rule sets the record must match (the model's `records` rules first, then the written fields'
    /// owner or group rules): when the update touches no row, they tell a failed condition from someone
    /// else's record (`denialCheck`).
    var ruleSets: [[AuthRule]]
}

extension UpdateDeleteCompiler {
    /// The update of the `model` record the key fields of `entries` name: the other entries' columns as
    /// parameters, the `filled` columns (values the statement computes, such as a nested update's new
    /// reference; they count as given), `updatedAt` set to the transaction's time unless given, and a `WHERE` of
    /// the key, the caller's owner or group `records` rules, the written fields' rules and the client's `condition`.
    /// Refuses a field the input type does not define, a required field set to null and a partial composite
    /// sort key.
    func updateRow(
        model: Model, entries: [(String, InputValue)], filled: [(field: Field, value: SQLExpression)] = [], records: [AuthRule]?, condition: InputValue?,
        binds: inout BindAllocator
    ) throws(PlanError) -> RowUpdate {
        let target = binds.alias()
        var conditions = [try keyCondition(entries, model: model, alias: target, operation: "update", binds: &binds)]
        if let records { conditions.append(selection.access.predicate(records, model: model, alias: target, binds: &binds)) }
        var assignments: [(column: String, value: SQLExpression)] = []
        let given = Set(entries.map(\.0) + filled.map(\.field.name))
        // Fields only the record's owner or group may write: the record must match their rules too.
        let ruleSets = (records.map { [$0] } ?? []) + (try FieldWriteAccess(given: given, model: model, operation: .update, access: selection.access).records)
        for rules in ruleSets.dropFirst(records == nil ? 0 : 1) {
            conditions.append(selection.access.predicate(rules, model: model, alias: target, binds: &binds))
        }
        for index in model.indexes where index.fields.count > 2 {
            let sortKeys = index.fields.dropFirst()
            if sortKeys.contains(where: given.contains), let missing = sortKeys.first(where: { !given.contains($0) }) {
                throw PlanError(
                    .invalidArguments,
                    "When updating any part of the composite sort key for @index '\(index.name)', you must provide all fields for the key. Missing key: '\(missing)'.")
            }
        }
        let detection = api.schema.conflictDetection
        // Under conflict detection the input's `_version` is the one the client saw, never a value to write.
        let version = detection == nil ? nil : try versionParameter(entries, binds: &binds)
        var written: [String: ModelIR.Field] = [:]
        for (name, value) in entries where !model.primaryKey.contains(name) {
            if version != nil, name == SyncField.version { continue }
            guard let modelField = model.field(named: name), modelField.isStored, modelField.origin != .syncMetadata else {
                throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(ModelNames(model).updateInput)'.")
            }
            if value == .null, modelField.type.isRequired {
                throw PlanError(.badValue, "Field '\(model.name).\(name)' is required and cannot be set to null.")
            }
            assignments.append((modelField.columnName, try binds.bind(value, for: modelField, of: model, schema: api.schema)))
            written[modelField.columnName] = modelField
        }
        assignments += filled.map { (column: $0.field.columnName, value: $0.value) }
        if let updatedAt = model.timestamps.updatedAt, !given.contains(updatedAt), let column = model.field(named: updatedAt)?.columnName {
            assignments.append((column, .function(.now, [])))
        }
        if let detection, let version {
            let matches = versionMatches(model: model, target: target, version: version)
            switch detection.handler {
            case .optimistic:
                conditions.append(matches)
            case .automerge:
                assignments = assignments.map { assignment in
                    guard let field = written[assignment.column] else { return assignment }
                    return (assignment.column, merged(assignment.value, field: field, target: target, matches: matches))
                }
            }
            assignments += Self.versionAssignments(model: model, target: target)
        }
        if assignments.isEmpty, let key = model.primaryKeyFields.first {
            // Nothing to change: still lock and return the record (and fail when it is missing).
            assignments.append((key.columnName, .column(table: target, name: key.columnName)))
        }
        if let condition {
            conditions.append(
                .function(
                    .coalesce, [try FilterCompiler(api: api, model: model, alias: target, pins: selection.values.pins).condition(condition, binds: &binds), .keyword(.false)]))
        }
        return RowUpdate(update: Update(table: api.table(model), alias: target, assignments: assignments, where: .and(conditions)), ruleSets: ruleSets)
    }
}
