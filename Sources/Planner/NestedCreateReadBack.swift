import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// The rows a nested create's statement wrote, by model: the CTEs that inserted them, and the models it
/// changed otherwise (a `connect` updates existing records). A selection compiled with these reads a written
/// model's rows from its insert CTEs instead of its table, whose snapshot cannot show them yet.
struct WrittenSources: Sendable {
    /// The insert CTEs (named as they run) of each model with new records.
    let inserts: [String: [String]]
    /// The models whose existing records the statement changes (updates or deletes).
    let changed: Set<String>

    /// The sources of the statement `ctes` writes; nil when one of them is not understood (an insert that
    /// returns less than its whole rows, a table no model maps to).
    init?(_ ctes: [CommonTableExpression], api: APISchemaView) {
        var models: [TableName: String] = [:]
        for model in api.schema.models { models[api.table(model)] = model.name }
        var inserts: [String: [String]] = [:]
        var changed: Set<String> = []
        for cte in ctes {
            switch cte.statement {
            case .insert(let insert):
                guard insert.returningAll, insert.returning.isEmpty, let model = models[insert.table] else { return nil }
                inserts[model, default: []].append(cte.name)
            case .update(let update):
                guard let model = models[update.table] else { return nil }
                changed.insert(model)
            case .delete(let delete):
                guard let model = models[delete.table] else { return nil }
                changed.insert(model)
            default:
                return nil
            }
        }
        self.inserts = inserts
        self.changed = changed
    }

    /// The rows of `model` the statement inserted, as one source; nil for a model it did not write.
    func source(of model: String, alias: String) -> FromItem? {
        guard let names = inserts[model] else { return nil }
        return .ctes(names, alias: alias)
    }

    /// True when `model`'s rows are written by the statement in any way.
    func writes(_ model: String) -> Bool {
        inserts[model] != nil || changed.contains(model)
    }
}

extension NestedWriteCompiler {
    /// The nested create as one statement: its CTEs, then the selection over the root's CTE, reading written
    /// models from their CTEs, and the counts the statement must report (`leading` first). Nil when the
    /// selection could see a record the statement did not create through a written model (see `readsOnlyNew`):
    /// the write then reports the root's key and the selection is read back after it.
    func singleStatement(
        _ writer: NestedWriter, root: NestedWriter.Written, selectionSet: SelectionSet, model: Model, leading: [NestedCheck]
    ) throws(PlanError) -> PlannedStatement? {
        let ctes = writer.mergedCTEs
        guard let sources = WrittenSources(ctes, api: api), try readsOnlyNew(selectionSet, on: model, isNew: true, sources: sources) else { return nil }
        var writer = writer
        // A guarded root that wrote nothing leaves the statement without a row, and its nested records (with a
        // nullable reference) may have been written: the count makes the executor run the statement in a
        // transaction, which that missing row then rolls back.
        if root.guarded { writer.requireWritten(root.name) }
        var reading = selection
        reading.written = sources
        let alias = writer.binds.alias()
        let object = try reading.object(selectionSet, model: model, alias: alias, binds: &writer.binds)
        var columns = [SelectColumn(object.json)]
        var expected: [ExpectedCount] = []
        for check in leading + writer.checks.map({ NestedCheck(expression: $0.expression, count: $0.count, failure: $0.failure) }) {
            expected.append(ExpectedCount(column: columns.count, count: check.count, failure: check.failure))
            columns.append(SelectColumn(check.expression))
        }
        let select = Select(with: ctes, columns: columns, from: object.from(.cte(root.name, alias: alias)))
        var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: writer.binds, requiresRow: true)
        planned.deniesWithoutRow = root.guarded
        planned.expectedCounts = expected
        return planned
    }

    /// True when every record `selectionSet` (on `model`, whose rows are new when `isNew`) can reach through a
    /// model the statement writes is one the statement created, so the CTEs hold exactly the records the
    /// tables will: each step into a written model goes from a new record to the records that point at it
    /// (hasMany, hasOne or manyToMany through `references`), the model is only inserted into (no `connect`),
    /// and a foreign key on the parent's whole primary key guarantees that no older record points at the new
    /// one. Models the statement does not write are read from their tables, whose snapshot is then exact. A
    /// `filter` anywhere is refused: relation filters read tables directly.
    func readsOnlyNew(_ selectionSet: SelectionSet, on model: Model, isNew: Bool, sources: WrittenSources) throws(PlanError) -> Bool {
        for field in try selection.collectFields(selectionSet, typeName: model.name) {
            if field.arguments.contains(where: { $0.name.value == "filter" }) { return false }
            let name = field.name.value
            guard let relationField = model.field(named: name) ?? selection.countedRelationship(name, of: model),
                let relationship = relationField.relationship, let target = api.model(relationship.target)
            else { continue }
            var targetIsNew = false
            if sources.writes(target.name) {
                let pointsAtNew =
                    isNew && relationship.referenceOwner == .target && relationship.localFields == model.primaryKey
                    && api.foreignKeys.entries.values.contains { $0.child == target.name && $0.parent == model.name && $0.childFields == relationship.targetFields }
                guard pointsAtNew, !sources.changed.contains(target.name) else { return false }
                targetIsNew = true
            }
            // A counter (`commentsCount`) has no selection; a list's records are under the connection's `items`.
            guard model.field(named: name) != nil, let nested = field.selectionSet else { continue }
            var records = [nested]
            if relationship.kind == .hasMany || relationship.kind == .manyToMany {
                records = try selection.collectFields(nested, typeName: ModelNames(target).connection).filter { $0.name.value == "items" }.compactMap(\.selectionSet)
            }
            for records in records where try !readsOnlyNew(records, on: target, isNew: targetIsNew, sources: sources) { return false }
        }
        return true
    }
}

/// A count a nested write's statement must report, and what a different count means.
struct NestedCheck {
    /// The count's SQL.
    var expression: SQLExpression
    /// The count needed.
    var count: Int
    /// The error otherwise.
    var failure: ExpectedCount.Failure
}

extension NestedWriteCompiler {
    /// A nested create's `condition`, on the root only: evaluated as a plain create's is, over a row of NULLs
    /// (the absent record), and reported as a count that must be 1. The statement writes the whole tree first;
    /// a false condition then fails the field with `ConditionalCheckFailed` inside the write's transaction, so
    /// nothing stays written.
    func conditionCheck(_ condition: InputValue, model: Model, binds: inout BindAllocator) throws(PlanError) -> NestedCheck {
        let absent = binds.alias()
        let nulls = model.storedFields.map { SelectColumn(.cast(.keyword(.null), StorageMapping.sqlType(of: $0)), as: $0.columnName) }
        let test = try FilterCompiler(api: api, model: model, alias: absent, pins: selection.values.pins).condition(condition, binds: &binds)
        let count = Select(
            columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.subquery(Select(columns: nulls), alias: absent, lateral: false)],
            where: .function(.coalesce, [test, .keyword(.false)]))
        return NestedCheck(expression: .subquery(count), count: 1, failure: .conditionalCheckFailed)
    }
}
