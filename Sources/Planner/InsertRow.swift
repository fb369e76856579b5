import APISchema
import ModelIR
import SQLSyntax
import Storage

/// One row of a create, ready to be inserted on its own or as part of a larger statement: the insert and the
/// conditions the caller's rules put on its values.
struct RowInsert {
    /// `INSERT INTO … (columns) VALUES (values)`; when `authorizations` is not empty it is guarded by them
    /// (`INSERT … SELECT … WHERE <authorizations>`), so it writes nothing unless the new record is the caller's.
    var insert: Insert
    /// What the new values must satisfy under the model's and the written fields' owner or group rules, one
    /// condition per rule set, in the order they were bound.
    var authorizations: [SQLExpression]

    /// True when the insert writes its row only if the rules accept the values.
    var isGuarded: Bool { !authorizations.isEmpty }
}

extension MutationCompiler {
    /// The insert of one `model` record from the create input `entries`: the given fields' columns and
    /// parameters, then the `filled` columns (values the statement computes, such as a parent's key in a
    /// nested create; they count as given), `gen_random_uuid()` for a missing generated `id`, the omitted owner
    /// fields filled with the caller, and the guard of the caller's owner or group `records` rules and the
    /// written fields' rules (`CreateAuthorization`). Refuses a field the input type does not define, a
    /// required field missing or null, and a field the caller may not write.
    func insertRow(
        model: Model, entries: [(String, InputValue)], filled: [(field: Field, value: SQLExpression)] = [], records: [AuthRule]?, binds: inout BindAllocator
    ) throws(PlanError) -> RowInsert {
        var columns: [String] = []
        var values: [SQLExpression] = []
        var given: Set<String> = []
        for (name, value) in entries {
            // A create's `_version` is ignored: every record starts at version 1 (the column's default).
            if api.schema.conflictDetection != nil, name == SyncField.version { continue }
            guard let modelField = model.field(named: name), modelField.isStored, modelField.origin != .implicitTimestamp, modelField.origin != .syncMetadata else {
                throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(ModelNames(model).createInput)'.")
            }
            if value == .null, modelField.type.isRequired, !modelField.isGeneratedByDatabase, !(modelField.name == "id" && model.generatesID) {
                throw PlanError(.badValue, "Field '\(model.name).\(name)' is required and cannot be null.")
            }
            if value == .null, modelField.hasDefault || (modelField.name == "id" && model.generatesID) { continue }
            given.insert(name)
            columns.append(modelField.columnName)
            values.append(try binds.bind(value, for: modelField, of: model, schema: api.schema))
        }
        for (field, value) in filled where !given.contains(field.name) {
            given.insert(field.name)
            columns.append(field.columnName)
            values.append(value)
        }
        if model.generatesID, !given.contains("id"), let id = model.field(named: "id") {
            columns.insert(id.columnName, at: 0)
            values.insert(.cast(.function(.genRandomUUID, []), StorageMapping.sqlType(of: id)), at: 0)
        }
        for field in model.storedFields where field.type.isRequired && !given.contains(field.name) {
            if field.origin == .implicitTimestamp || field.origin == .syncMetadata || field.hasDefault || field.name == "id" && model.generatesID { continue }
            throw PlanError(.badValue, "Field '\(model.name).\(field.name)' is required in '\(ModelNames(model).createInput)'.")
        }
        let fieldRules = try FieldWriteAccess(given: given, model: model, operation: .create, access: selection.access).records
        var authorizations: [SQLExpression] = []
        let authorization = CreateAuthorization(access: selection.access, model: model)
        for rules in (records.map { [$0] } ?? []) + fieldRules {
            authorizations.append(authorization.guardCondition(rules, columns: &columns, values: &values, binds: &binds))
        }
        var insert = Insert(table: api.table(model), columns: columns, values: values)
        if !authorizations.isEmpty { insert.guardedBy = Select(columns: [], where: .and(authorizations)) }
        return RowInsert(insert: insert, authorizations: authorizations)
    }
}
