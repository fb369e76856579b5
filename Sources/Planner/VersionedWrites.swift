import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// Writes under conflict detection (`Schema.conflictDetection`): every update and delete carries the
/// `_version` the client last saw, bumps it and stamps `_lastChangedAt` in the same statement; a delete leaves a
/// tombstone; a write that lost to a newer version reads the stored record back for the error.
extension UpdateDeleteCompiler {
    /// The `_version` the input carries as an integer parameter: 0 when absent or null, as AppSync reads it.
    func versionParameter(_ entries: [(String, InputValue)], binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        let value = entries.first { $0.0 == SyncField.version }?.1 ?? .null
        return try binds.bind(value, as: .integer) { (value) throws(PlanError) in
            switch value {
            case .null: return "0"
            case .int(let number) where Int32(exactly: number) != nil: return String(number)
            default: throw PlanError(.badValue, "Field '\(SyncField.version)' expects an Int (32-bit).")
            }
        }
    }

    /// `_version = _version + 1, _lastChangedAt = <now in ms>` on the row `target`: what every update of a
    /// synced record writes, so a DataStore client's delta sync sees the change and its next write's version.
    static func versionAssignments(model: Model, target: String) -> [(column: String, value: SQLExpression)] {
        let version = model.field(named: SyncField.version)?.columnName ?? SyncField.version
        let changed = model.field(named: SyncField.lastChangedAt)?.columnName ?? SyncField.lastChangedAt
        return [(version, .binary(.column(table: target, name: version), .plus, .integer(1))), (changed, SyncSQL.nowMilliseconds)]
    }

    /// True when the stored `_version` of `target` is `version`.
    func versionMatches(model: Model, target: String, version: SQLExpression) -> SQLExpression {
        .binary(.column(table: target, name: model.field(named: SyncField.version)?.columnName ?? SyncField.version), .equal, version)
    }

    /// The automerge of one assignment: the written value when the versions match; otherwise the stored value
    /// wins where it is set, a list gets the written elements after its own, an unset field takes the written
    /// value, and a JSON value (an object type's or an `AWSJSON` value) is merged by the same rules at every
    /// depth, objects key by key (`modelgraph.automerge_json`).
    func merged(_ value: SQLExpression, field: ModelIR.Field, target: String, matches: SQLExpression) -> SQLExpression {
        let stored = SQLExpression.column(table: target, name: field.columnName)
        let kept = SQLExpression.function(.coalesce, [stored, value])
        let merge: SQLExpression
        switch StorageMapping.sqlType(of: field) {
        case .array:
            merge = .binary(stored, .concat, value)
        case .jsonb:
            merge = .function(.automergeJSON, [stored, value])
        default:
            merge = kept
        }
        return .caseWhen([(matches, value)], else: merge)
    }

    /// The read of the stored record, as `selectionSet` shows it, when its `_version` is not the one `entries`
    /// carry: run after a versioned write touched no row, it tells a conflict (and gives its `data`) from a
    /// missing record or a failed condition.
    func conflictRead(_ entries: [(String, InputValue)], model: Model, selectionSet: SelectionSet, operation: String) throws(PlanError) -> ConflictRead {
        var binds = BindAllocator(caller: selection.access.caller)
        let alias = binds.alias()
        let key = try keyCondition(entries, model: model, alias: alias, operation: operation, binds: &binds)
        let version = try versionParameter(entries, binds: &binds)
        let differs = SQLExpression.not(versionMatches(model: model, target: alias, version: version))
        let select = try selection.selectObject(
            selectionSet, model: model, from: .table(api.table(model), alias: alias), alias: alias, where: .and([key, differs]), binds: &binds)
        return ConflictRead(sql: SQLRenderer.render(.select(select)), parameters: binds.values, parameterSources: binds.sources)
    }

    /// `deleteX` under conflict detection: the record becomes a tombstone (`_deleted: true`, a new version,
    /// `_lastChangedAt` now) when its `_version` is the input's, whichever the handler (a delete cannot be
    /// merged). The answer is the tombstone; nothing is removed, so no foreign key can block it.
    func tombstone(_ field: GraphQL.Field, model: Model, records: [AuthRule]?) throws(PlanError) -> PlannedStatement {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        var binds = BindAllocator(caller: selection.access.caller)
        let (entries, condition) = try inputs(field)
        for (name, _) in entries where !model.primaryKey.contains(name) && !(name == "id" && !model.hasPrimaryKeyDirective) && name != SyncField.version {
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
        conditions.append(versionMatches(model: model, target: target, version: try versionParameter(entries, binds: &binds)))
        let deleted = model.field(named: SyncField.deleted)?.columnName ?? SyncField.deleted
        let assignments = [(column: deleted, value: SQLExpression.keyword(.true))] + Self.versionAssignments(model: model, target: target)
        let update = Update(table: api.table(model), alias: target, assignments: assignments, where: .and(conditions))
        var select = try selection.selectWritten(.update(update), selectionSet, model: model, binds: &binds)
        var cascades = 0
        select.with += cascadedTombstones(of: model, written: ["written"], path: [model.name], count: &cascades)
        var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: binds, requiresRow: true)
        planned.conflictRead = try conflictRead(entries, model: model, selectionSet: selectionSet, operation: "delete")
        if let records { planned.denialCheck = try denialCheck(entries, model: model, ruleSets: [records]) }
        return planned
    }

    /// The deepest chain of cascading relationships a tombstone follows in one statement.
    static let maximumCascadeDepth = 8

    /// The common table expressions that make tombstones, in the same statement, of the live records that a
    /// cascading relationship (`onDelete: CASCADE`, `--on-delete`, a join model's) deletes with the `model`
    /// records the CTEs `written` return (one per item of a batch), and of theirs in turn, along at most `maximumCascadeDepth`
    /// relationships and never back into a model already on the chain `path`, except through a relationship
    /// of a model to itself: that one takes the whole subtree below the written records, however deep
    /// (`selfCascade`). A data-modifying CTE always runs to completion, read or not.
    func cascadedTombstones(of model: Model, written: [String], path: [String], count: inout Int) -> [CommonTableExpression] {
        guard path.count <= Self.maximumCascadeDepth else { return [] }
        var expressions: [CommonTableExpression] = []
        // Records reached through their model's relationship to itself are a whole subtree already.
        let subtree = path.count >= 2 && path[path.count - 2] == model.name
        for (_, entry) in api.foreignKeys.entries.sorted(by: { $0.key < $1.key }) where entry.parent == model.name && entry.onDelete == "CASCADE" {
            guard let child = api.model(entry.child), child.name == model.name ? !subtree : !path.contains(child.name) else { continue }
            count += 1
            let name = "cascade_\(count)"
            let (target, parent) = ("c", "p")
            let deleted = child.field(named: SyncField.deleted)?.columnName ?? SyncField.deleted
            let live = SQLExpression.binary(.column(table: target, name: deleted), .isDistinctFrom, .keyword(.true))
            let assignments = [(column: deleted, value: SQLExpression.keyword(.true))] + Self.versionAssignments(model: child, target: target)
            if child.name == model.name {
                let tree = "tree_\(count)"
                expressions.append(selfCascade(model, references: entry.childFields, written: written, tree: tree))
                let keys = model.primaryKeyFields.enumerated().map { index, key in
                    SQLExpression.binary(.column(table: "t", name: "k\(index)"), .equal, .column(table: target, name: key.columnName))
                }
                let inTree = Select(columns: [SelectColumn(.integer(1))], from: [.cte(tree, alias: "t")], where: .and(keys))
                let update = Update(
                    table: api.table(child), alias: target, assignments: assignments,
                    where: .and([live, .exists(inTree, negated: false), .exists(parentRows(model, written: written, alias: parent, target: target), negated: true)]))
                expressions.append(CommonTableExpression(name: name, statement: .update(update)))
            } else {
                let parents = Select(
                    columns: [SelectColumn(.integer(1))], from: [.ctes(written, alias: parent)],
                    where: .and(referenceMatches(child: child, references: entry.childFields, parent: model, parentAlias: parent, childAlias: target)))
                let update = Update(table: api.table(child), alias: target, assignments: assignments, where: .and([live, .exists(parents, negated: false)]))
                expressions.append(CommonTableExpression(name: name, statement: .update(update)))
            }
            expressions += cascadedTombstones(of: child, written: [name], path: path + [child.name], count: &count)
        }
        return expressions
    }

    /// `parent.key = child.reference` for each key field of `parent` and the `references` of `child` that hold it.
    private func referenceMatches(child: Model, references: [String], parent: Model, parentAlias: String, childAlias: String) -> [SQLExpression] {
        zip(references, parent.primaryKeyFields).map { reference, key in
            .binary(.column(table: parentAlias, name: key.columnName), .equal, .column(table: childAlias, name: child.field(named: reference)?.columnName ?? reference))
        }
    }

    /// `SELECT 1 FROM <written> AS alias WHERE alias.key = target.key`: whether the row `target` is one the CTEs
    /// `written` return.
    private func parentRows(_ model: Model, written: [String], alias: String, target: String) -> Select {
        let keys = model.primaryKeyFields.map { key in SQLExpression.binary(.column(table: alias, name: key.columnName), .equal, .column(table: target, name: key.columnName)) }
        return Select(columns: [SelectColumn(.integer(1))], from: [.ctes(written, alias: alias)], where: .and(keys))
    }

    /// The recursive CTE `tree` of the keys (`k0`, `k1`, …) of every record below the `model` records the CTEs
    /// `written` return, through the model's relationship to itself (`references` hold the parent's key): their children,
    /// the children's children, and so on. `UNION` keeps each key once, so a cycle in the data (a record that is
    /// its own ancestor) ends the walk instead of looping; the written records themselves are left out by the
    /// caller, as a statement cannot update a row twice. Tombstones are walked through, as their subtrees may
    /// hold live records.
    private func selfCascade(_ model: Model, references: [String], written: [String], tree: String) -> CommonTableExpression {
        let keys = model.primaryKeyFields.enumerated().map { index, key in SelectColumn(.column(table: "c", name: key.columnName), as: "k\(index)") }
        let parents = Select(
            columns: [SelectColumn(.integer(1))], from: [.ctes(written, alias: "p")],
            where: .and(referenceMatches(child: model, references: references, parent: model, parentAlias: "p", childAlias: "c")))
        let start = Select(columns: keys, from: [.table(api.table(model), alias: "c")], where: .exists(parents, negated: false))
        let below = zip(references, model.primaryKeyFields.indices).map { reference, index in
            SQLExpression.binary(.column(table: "t", name: "k\(index)"), .equal, .column(table: "c", name: model.field(named: reference)?.columnName ?? reference))
        }
        let step = Select(columns: keys, from: [.table(api.table(model), alias: "c"), .cte(tree, alias: "t")], where: .and(below))
        return CommonTableExpression(name: tree, statement: .select(start), recursiveStep: step)
    }
}
