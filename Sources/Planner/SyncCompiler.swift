import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// `syncXs(filter, limit, nextToken, lastSync)`: DataStore's sync of one model, tombstones included, in pages
/// of the primary key. Without `lastSync`, or with one older than the tombstone retention (whose deletes may be
/// purged by now), a base sync of every record; otherwise a delta sync of the records written since
/// (`_lastChangedAt >= lastSync`). The records themselves are the delta log: each write stamps its record
/// and a delete leaves a tombstone, so the latest version of every changed record is there. `startedAt` is
/// taken on the first page and carried in the tokens, so every page of one sync gives the same.
extension RootFieldCompiler {
    func sync(_ field: GraphQL.Field, model: Model, records: [AuthRule]?, binds: inout BindAllocator) throws(PlanError) -> Select {
        guard let detection = api.schema.conflictDetection else { throw PlanError(.validation, "Field '\(field.name.value)' is undefined.") }
        let alias = binds.alias()
        let values = arguments(field)
        var conditions: [SQLExpression] = []
        // Under owner or group rules a sync holds the caller's records only, as a list does.
        if let records { conditions.append(selection.access.predicate(records, model: model, alias: alias, binds: &binds)) }
        let lastSync = try binds.bind(values["lastSync"] ?? .null, as: .bigint) { (value) throws(PlanError) in
            switch value {
            case .null: return nil
            case .int(let milliseconds): return String(milliseconds)
            default: throw PlanError(.badValue, "Argument 'lastSync' expects an AWSTimestamp (epoch milliseconds).")
            }
        }
        let window = SQLExpression.binary(SyncSQL.nowMilliseconds, .minus, .integer(detection.tombstoneRetentionSeconds * 1000))
        let since = SQLExpression.caseWhen([(.binary(lastSync, .greaterOrEqual, window), lastSync)], else: .integer(0))
        let changed = model.field(named: SyncField.lastChangedAt)?.columnName ?? SyncField.lastChangedAt
        conditions.append(.binary(.column(table: alias, name: changed), .greaterOrEqual, since))
        let arguments = ConnectionArguments(field: field, values: selection.values, defaultLimit: 100, maximumLimit: api.maximumLimit)
        let keyCount = model.primaryKey.count
        let (fieldName, labels, hashInputs) = (arguments.fieldName, arguments.fingerprint.map(\.label), arguments.fingerprint.map(\.value))
        let carried = try binds.bind([arguments.nextToken ?? .null] + hashInputs, as: .bigint) { (inputs) throws(PlanError) in
            guard case .string(let token) = inputs[0] else { return nil }
            let hash = ConnectionArguments.hash(fieldName: fieldName, labels: labels, values: Array(inputs.dropFirst()))
            return try NextToken.startedAt(token, expectedHash: hash, keyCount: keyCount)
        }
        // Taken once, in a CTE (evaluated once however often it is read): the answer and its token agree.
        let start = Select(columns: [SelectColumn(.function(.coalesce, [carried, SyncSQL.syncStartedAt]), as: "s")])
        let startedAt = SQLExpression.subquery(Select(columns: [SelectColumn(.column(table: nil, name: "s"))], from: [.cte("sync_start", alias: "sync_start")]))
        let connection = try ConnectionCompiler(selection: selection).connection(
            field: field, model: model, alias: alias, condition: .and(conditions), arguments: arguments, startedAt: startedAt, binds: &binds)
        var select = Select(columns: [SelectColumn(connection)])
        select.with = [CommonTableExpression(name: "sync_start", statement: .select(start))]
        return select
    }
}
