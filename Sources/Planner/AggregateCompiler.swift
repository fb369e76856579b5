import APISchema
import GraphQL
import ModelIR
import SQLSyntax

/// Compiles `countPosts(filter)` and `aggregatePosts(filter) { count sum { … } avg { … } min { … } max { … } }`
/// into one aggregate over the records the caller may list that the filter matches: under owner or group
/// rules the caller's rules are part of the `WHERE` clause, as they are of a list's.
struct AggregateCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// `SELECT count(*)::integer FROM <table> WHERE <rules> AND <filter>`.
    func count(_ field: GraphQL.Field, model: Model, records: [AuthRule]?, binds: inout BindAllocator) throws(PlanError) -> Select {
        let alias = binds.alias()
        let condition = try matching(field, model: model, alias: alias, records: records, binds: &binds)
        return Select(columns: [SelectColumn(Self.countAll)], from: [.table(api.table(model), alias: alias)], where: condition)
    }

    /// `SELECT json_build_object('count', …, 'sum', json_build_object(…), …) FROM <table> WHERE …`: one row
    /// whatever the table holds.
    func aggregate(_ field: GraphQL.Field, model: Model, records: [AuthRule]?, binds: inout BindAllocator) throws(PlanError) -> Select {
        guard let selectionSet = field.selectionSet else {
            throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.")
        }
        let alias = binds.alias()
        let condition = try matching(field, model: model, alias: alias, records: records, binds: &binds)
        let names = ModelNames(model)
        var entries: [(key: String, value: SQLExpression)] = []
        for selected in try selection.collectFields(selectionSet, typeName: names.aggregateType) {
            let key = selected.alias?.value ?? selected.name.value
            switch selected.name.value {
            case "__typename": entries.append((key, .constant(names.aggregateType)))
            case "count": entries.append((key, Self.countAll))
            case "sum", "avg", "min", "max":
                entries.append((key, try fields(selected, model: model, alias: alias)))
            default:
                throw PlanError(.validation, "Field '\(selected.name.value)' in type '\(names.aggregateType)' is undefined.")
            }
        }
        return Select(columns: [SelectColumn(JSONObjectExpression.build(entries))], from: [.table(api.table(model), alias: alias)], where: condition)
    }

    /// `count(*)` as an `Int`.
    private static let countAll = SQLExpression.cast(.aggregate(.count, [.keyword(.star)]), .integer)

    /// The rows counted: the caller's records (under owner or group rules) that the `filter` argument matches;
    /// nil for every row.
    private func matching(_ field: GraphQL.Field, model: Model, alias: String, records: [AuthRule]?, binds: inout BindAllocator) throws(PlanError) -> SQLExpression? {
        var conditions: [SQLExpression] = []
        if let records { conditions.append(selection.access.predicate(records, model: model, alias: alias, binds: &binds)) }
        if let argument = field.arguments.first(where: { $0.name.value == "filter" }), let filter = selection.values.resolve(argument.value), !filter.isNull {
            conditions.append(try FilterCompiler(api: api, model: model, alias: alias, pins: selection.values.pins, access: selection.access).condition(filter, binds: &binds))
        }
        return conditions.isEmpty ? nil : .and(conditions)
    }

    /// The object of one `sum`, `avg`, `min` or `max` selection: each selected field's aggregate. Sums and
    /// averages are `Float`s; minimums and maximums are written as the field's values are. A field its own
    /// `@auth` does not grant the caller to read is refused: its aggregate would tell its values.
    private func fields(_ selected: GraphQL.Field, model: Model, alias: String) throws(PlanError) -> SQLExpression {
        let function = selected.name.value
        let numeric = function == "sum" || function == "avg"
        let names = ModelNames(model)
        let typeName = numeric ? names.aggregateNumbers : names.aggregateValues
        let allowed = numeric ? AggregateFields.numbers(model) : AggregateFields.values(model)
        guard let selectionSet = selected.selectionSet else {
            throw PlanError(.validation, "Field '\(function)' must have a selection of subfields.")
        }
        var entries: [(key: String, value: SQLExpression)] = []
        for inner in try selection.collectFields(selectionSet, typeName: typeName) {
            let key = inner.alias?.value ?? inner.name.value
            if inner.name.value == "__typename" {
                entries.append((key, .constant(typeName)))
                continue
            }
            guard let field = allowed.first(where: { $0.name == inner.name.value }) else {
                throw PlanError(.validation, "Field '\(inner.name.value)' in type '\(typeName)' is undefined.")
            }
            if let policy = field.auth, selection.access.decision(policy, .get) != .granted {
                throw PlanError(.unauthorized, "Not Authorized to aggregate \(field.name) on type \(model.name)")
            }
            let column = SQLExpression.column(table: alias, name: field.columnName)
            switch function {
            case "sum": entries.append((key, .cast(.aggregate(.sum, [column]), .doublePrecision)))
            case "avg": entries.append((key, .cast(.aggregate(.avg, [column]), .doublePrecision)))
            default:
                let value = SQLExpression.aggregate(function == "min" ? .min : .max, [column])
                let output =
                    SelectionCompiler.readsAsUsername(field, of: model)
                    ? SelectionCompiler.usernamePart(of: value) : SelectionCompiler.output(value, type: FieldType(field.type.base), storage: field.storageType)
                entries.append((key, output))
            }
        }
        return JSONObjectExpression.build(entries)
    }
}
