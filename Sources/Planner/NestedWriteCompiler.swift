import APISchema
import GraphQL
import ModelIR
import SQLSyntax

/// `createX` whose input writes related records too (`comments: {create: […], connect: […]}`, `blog:
/// {create: {…}}`, manyToMany through join records): one data-modifying statement of CTEs (`NestedWriter`)
/// whose row holds the selection read from the CTEs where they hold every record it can see (else the root's
/// key, and the read-back of the selection in the same transaction, so it sees the whole tree) and the counts
/// its parts must reach. A `condition` applies to the root record. A create without nested fields is
/// `MutationCompiler`'s.
struct NestedWriteCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// The plan of a `createX` field: nested when the input has relation fields and the API has extensions.
    func createOrNested(_ field: GraphQL.Field, model: Model, records: [AuthRule]?) throws(PlanError) -> PlannedStatement {
        let plain = MutationCompiler(selection: selection)
        guard api.allowsExtensions, let selectionSet = field.selectionSet else { return try plain.create(field, model: model, records: records) }
        var input: InputValue?
        var condition: InputValue?
        for argument in field.arguments {
            guard let value = selection.values.resolve(argument.value) else { continue }
            if argument.name.value == "input" { input = value }
            if argument.name.value == "condition", !value.isNull { condition = value }
        }
        let relations = Set(NestedRelation.relations(of: model, in: api.schema).map(\.field.name))
        guard case .object(let entries)? = input, entries.contains(where: { relations.contains($0.0) && !$0.1.isNull }) else {
            return try plain.create(field, model: model, records: records)
        }
        let measured = NestedWriteSize(api: api).measure(entries, model: model)
        try api.writeLimits.check(records: measured.records, nesting: measured.nesting)
        var writer = NestedWriter(selection: selection)
        let root = try writer.create(model, entries: entries, records: records, inputType: ModelNames(model).createInput, root: true)
        let leading = try condition.map { (condition) throws(PlanError) in [try conditionCheck(condition, model: model, binds: &writer.binds)] } ?? []
        if let single = try singleStatement(writer, root: root, selectionSet: selectionSet, model: model, leading: leading) { return single }
        return try plan(writer, roots: [root.name], model: model, guarded: root.guarded, readBack: plain.readBack(selectionSet, model: model), leading: leading)
    }

    /// True when `entries` (an update input of `model`) give a relation field a value.
    static func writesRelations(_ entries: [(String, InputValue)], model: Model, api: APISchemaView) -> Bool {
        let relations = Set(NestedRelation.updatable(of: model, in: api.schema).map(\.field.name))
        return entries.contains { relations.contains($0.0) && !$0.1.isNull }
    }

    /// `entries` without the relation fields given as null, which ask for nothing.
    static func withoutNullRelations(_ entries: [(String, InputValue)], model: Model, api: APISchemaView) -> [(String, InputValue)] {
        let relations = Set(NestedRelation.updatable(of: model, in: api.schema).map(\.field.name))
        return entries.filter { !(relations.contains($0.0) && $0.1.isNull) }
    }

    /// `updateX` whose input writes related records too (`comments: {connect: […], set: […]}`…): the root's
    /// update with its rules and `condition`, then each part (`NestedWriter.update`), in one statement, and
    /// the read-back of the selection in the same transaction.
    func update(
        _ entries: [(String, InputValue)], condition: InputValue?, selectionSet: SelectionSet, model: Model, records: [AuthRule]?
    ) throws(PlanError) -> PlannedStatement {
        let measured = NestedWriteSize(api: api).measure(entries, model: model)
        try api.writeLimits.check(records: measured.records, nesting: measured.nesting)
        var writer = NestedWriter(selection: selection)
        let root = try writer.update(model, entries: entries, records: records, condition: condition)
        let updates = UpdateDeleteCompiler(selection: selection)
        var planned = try plan(writer, roots: [root.name], model: model, guarded: false, readBack: MutationCompiler(selection: selection).readBack(selectionSet, model: model))
        if !root.ruleSets.isEmpty { planned.denialCheck = try updates.denialCheck(entries, model: model, ruleSets: root.ruleSets) }
        return planned
    }

    /// The write statement of `writer`: its CTEs, then one row of each root's key (as text) and the counts
    /// (`leading` first).
    func plan(
        _ writer: NestedWriter, roots: [String], model: Model, guarded: Bool, readBack: ReadBack, leading: [NestedCheck] = []
    ) throws(PlanError) -> PlannedStatement {
        var writer = writer
        var columns: [SelectColumn] = []
        var from: [FromItem] = []
        for root in roots {
            let alias = writer.binds.alias()
            from.append(.cte(root, alias: alias))
            columns += model.primaryKeyFields.map { SelectColumn(.cast(.column(table: alias, name: $0.columnName), .text)) }
        }
        var expected: [ExpectedCount] = []
        for check in leading + writer.checks.map({ NestedCheck(expression: $0.expression, count: $0.count, failure: $0.failure) }) {
            expected.append(ExpectedCount(column: columns.count, count: check.count, failure: check.failure))
            columns.append(SelectColumn(check.expression))
        }
        let select = Select(with: writer.mergedCTEs, columns: columns, from: from)
        var planned = PlannedStatement(sql: SQLRenderer.render(.select(select)), binds: writer.binds, requiresRow: true, readBack: readBack)
        planned.deniesWithoutRow = guarded
        planned.expectedCounts = expected
        return planned
    }
}

/// How many records a nested write touches and how deep its relationships nest, read from the input before
/// anything is compiled (malformed parts are counted as far as they can be; compiling reports them).
struct NestedWriteSize {
    let api: APISchemaView

    /// The records (nested, connected and join records included) and the deepest relationship chain of one
    /// `model` input.
    func measure(_ entries: [(String, InputValue)], model: Model, depth: Int = 0) -> (records: Int, nesting: Int) {
        var records = 1
        var nesting = depth
        // Deeper than any limit: stop descending, the answer is already over it.
        guard depth <= 64 else { return (records, nesting) }
        let relations = NestedRelation.relations(of: model, in: api.schema)
        for (name, value) in entries {
            guard let relation = relations.first(where: { $0.field.name == name }), case .object(let parts) = value else { continue }
            let joins: Int
            if case .manyToMany = relation.shape { joins = 1 } else { joins = 0 }
            nesting = max(nesting, depth + 1)
            for (part, partValue) in parts {
                let items: [InputValue]
                if case .list(let list) = partValue { items = list } else { items = partValue.isNull ? [] : [partValue] }
                for item in items {
                    if part == "create", case .object(let itemEntries) = item {
                        let inner = measure(itemEntries, model: relation.written, depth: depth + 1)
                        records += inner.records + joins
                        nesting = max(nesting, inner.nesting)
                    } else {
                        records += 1 + joins
                    }
                }
            }
        }
        return (records, nesting)
    }
}
