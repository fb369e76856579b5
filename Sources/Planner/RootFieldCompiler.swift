import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// Compiles one root field into one SQL statement whose single cell is the field's JSON.
struct RootFieldCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// The statement of `field`; `decision` is what the caller's rules allow (a denied field never gets here):
    /// under owner or group rules the statement reads and writes only the records they match.
    func compile(_ field: GraphQL.Field, root: RootField, decision: AccessDecision = .granted) throws(PlanError) -> PlannedStatement {
        guard let model = api.model(root.model) else { throw PlanError(.validation, "Unknown model '\(root.model)'.") }
        var binds = BindAllocator(caller: selection.access.caller)
        var records: [AuthRule]?
        if case .records(let rules) = decision { records = rules }
        let statement: Statement
        switch root.kind {
        case .get:
            statement = .select(try get(field, model: model, records: records, binds: &binds))
        case .list:
            statement = .select(
                try list(
                    field, model: model, root: root, keyFields: model.hasPrimaryKeyDirective ? [model.primaryKey[0]] : [], orderKeys: nil, records: records, binds: &binds))
        case .indexQuery(let index):
            statement = .select(
                try list(
                    field, model: model, root: root, keyFields: [index.fields[0]], orderKeys: index.fields + model.primaryKey.filter { !index.fields.contains($0) },
                    records: records, binds: &binds))
        case .sync:
            var planned = PlannedStatement(sql: SQLRenderer.render(.select(try sync(field, model: model, records: records, binds: &binds))), binds: binds)
            // A base sync reads every record and a delta sync a few: each is planned for its own `lastSync`.
            planned.needsCustomPlan = true
            return planned
        case .create:
            return try NestedWriteCompiler(selection: selection).createOrNested(field, model: model, records: records)
        case .batchCreate, .batchUpdate, .batchDelete:
            return try BatchCompiler(selection: selection).compile(field, model: model, kind: root.kind, records: records)
        case .update:
            return try UpdateDeleteCompiler(selection: selection).update(field, model: model, records: records)
        case .delete:
            return try UpdateDeleteCompiler(selection: selection).delete(field, model: model, records: records)
        case .count:
            statement = .select(try AggregateCompiler(selection: selection).count(field, model: model, records: records, binds: &binds))
        case .aggregate:
            statement = .select(try AggregateCompiler(selection: selection).aggregate(field, model: model, records: records, binds: &binds))
        case .subscription:
            throw PlanError(.unsupported, OperationPlanner.subscriptionsOverWebSocket)
        case .custom:
            throw PlanError(.unsupported, "A custom operation is planned by its handler.")
        }
        var planned = PlannedStatement(sql: SQLRenderer.render(statement), binds: binds)
        if case .get = root.kind, records != nil { planned.readsDenial = true }
        return planned
    }

    /// Arguments of a field as name → value (variables substituted; absent ones left out).
    func arguments(_ field: GraphQL.Field) -> [String: InputValue] {
        var result: [String: InputValue] = [:]
        for argument in field.arguments {
            if let value = selection.values.resolve(argument.value) { result[argument.name.value] = value }
        }
        return result
    }

    /// `getX(key…)`: the row with that key, or no row. Under owner or group `records` rules, a second column
    /// says whether the row is someone else's (its JSON is then null).
    func get(_ field: GraphQL.Field, model: Model, records: [AuthRule]?, binds: inout BindAllocator) throws(PlanError) -> Select {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        let alias = binds.alias()
        let values = arguments(field)
        var conditions: [SQLExpression] = []
        for key in model.primaryKeyFields {
            guard let value = values[key.name], value != .null else {
                throw PlanError(.validation, "Missing argument '\(key.name)' of '\(field.name.value)'.")
            }
            conditions.append(.binary(.column(table: alias, name: key.columnName), .equal, try binds.bind(value, for: key, of: model, schema: api.schema)))
        }
        var select = try selection.selectObject(selectionSet, model: model, from: .table(api.table(model), alias: alias), alias: alias, where: .and(conditions), binds: &binds)
        guard let records else { return select }
        let matches = selection.access.predicate(records, model: model, alias: alias, binds: &binds)
        select.columns = [SelectColumn(.caseWhen([(matches, select.columns[0].expression)], else: nil)), SelectColumn(.not(matches))]
        return select
    }

    /// `listXs` and index queries: an optional partition key, paging, filter.
    func list(
        _ field: GraphQL.Field, model: Model, root: RootField, keyFields: [String], orderKeys: [String]?, records: [AuthRule]?, binds: inout BindAllocator
    ) throws(PlanError) -> Select {
        let alias = binds.alias()
        let values = arguments(field)
        var conditions: [SQLExpression] = []
        // Under owner or group rules a list holds the caller's records only: pages stay full and exact.
        if let records { conditions.append(selection.access.predicate(records, model: model, alias: alias, binds: &binds)) }
        var hasPartition = false
        for name in keyFields {
            guard let key = model.field(named: name), let value = values[name], value != .null else { continue }
            hasPartition = true
            conditions.append(.binary(.column(table: alias, name: key.columnName), .equal, try binds.bind(value, for: key, of: model, schema: api.schema)))
        }
        if let sortArgument = root.sortKeyArgument, let condition = values[sortArgument], condition != .null {
            guard hasPartition, let partition = keyFields.first else {
                throw PlanError(.invalidArguments, "When providing argument '\(sortArgument)' you must also provide argument '\(keyFields.first ?? model.primaryKey[0])'.")
            }
            let keyList: [String]
            if case .indexQuery(let index) = root.kind { keyList = index.fields } else { keyList = model.primaryKey }
            let sortKeys = keyList.drop { $0 == partition }.compactMap { model.field(named: $0) }
            conditions.append(try KeyConditionCompiler(api: api, model: model, alias: alias, sortKeys: sortKeys, argument: sortArgument).condition(condition, binds: &binds))
        }
        if case .list = root.kind, values["sortDirection"] != nil, values["sortDirection"] != .null {
            if model.primaryKey.count < 2 {
                throw PlanError(.invalidArguments, "sortDirection is not supported for List operations without a Sort key defined.")
            }
            if !hasPartition {
                throw PlanError(.invalidArguments, "When providing argument 'sortDirection' you must also provide argument '\(model.primaryKey[0])'.")
            }
        }
        let arguments = ConnectionArguments(field: field, values: selection.values, defaultLimit: 100, maximumLimit: api.maximumLimit)
        let connection = try ConnectionCompiler(selection: selection).connection(
            field: field, model: model, alias: alias, condition: .and(conditions), arguments: arguments, orderKeys: orderKeys,
            fromRelatedKeys: true, binds: &binds
        )
        return Select(columns: [SelectColumn(connection)])
    }
}
