import APISchema
import GraphQL
import JSON
import ModelIR
import OrderedCollections
import SQLSyntax
import Storage

/// Plans a custom operation's root field: its arguments, checked against their types; for a SQL handler the
/// one statement (the schema's SQL with its placeholders bound, wrapped to return JSON); for a model-typed
/// answer the read of the records by their keys, with the selection set and under the model's read rules.
struct CustomOperationCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    /// The alias of the handler's rows in the statements (a `$` keeps it apart from every column and key).
    static let rowsAlias = "__sql$"

    func plan(_ field: GraphQL.Field, operation: CustomOperation) throws(PlanError) -> CustomFieldPlan {
        let schema = api.api.models
        let template = try CustomArguments.template(of: field, operation: operation, values: selection.values)
        let arguments = try CustomArguments.json(template, operation: operation, schema: schema)
        var plan = CustomFieldPlan(
            operation: operation, arguments: arguments, argumentTemplate: template, argumentTypes: schema, shape: nil, statement: nil, modelRead: nil,
            caller: selection.access.caller,
            selectionSetList: field.selectionSet.map { selection.selectionPaths($0, prefix: "") } ?? [],
            selectionSetGraphQL: field.selectionSet.map { GraphQL.print(ast: $0) } ?? "")
        var model: Model?
        if case .model(let name) = operation.returnType.base { model = api.model(name) }
        switch operation.handler {
        case .sql(let handler):
            var binds = BindAllocator(caller: selection.access.caller)
            for name in handler.statement.names {
                guard let argument = operation.arguments.first(where: { $0.name == name }) else { continue }
                let type = argument.type
                let path = "argument '\(name)' of '\(operation.name)'"
                _ = try binds.bind(template[name] ?? .null, as: nil) { (value) throws(PlanError) in
                    CustomArguments.sqlText(try CustomArguments.coerce(value, to: type, schema: schema, path: path), type: type)
                }
            }
            let rows = Quoting.identifier(Self.rowsAlias)
            if let model, operation.kind == .query {
                // One statement: the rows in their order, and each row's record read by its key.
                let read = try records(of: model, field: field, list: operation.returnType.isList, binds: &binds)
                let from =
                    "(SELECT *, row_number() OVER () AS \(Quoting.identifier(Self.orderColumn)) FROM (\(handler.statement.text)) AS \(Quoting.identifier("__q$"))) AS \(rows)"
                var statement = PlannedStatement(sql: read.sql(from: from), binds: binds)
                statement.fieldErrors = read.denials.errors
                statement.fieldResolvers = read.denials.resolvers
                statement.marksFieldDenials = read.denials.marksRecords
                plan.statement = statement
            } else {
                // A query's statement is a subquery, where PostgreSQL accepts no write; a mutation's is a
                // data-modifying CTE. The rows come back as written, columns in order.
                let from = operation.kind == .query ? "(\(handler.statement.text)) AS \(rows)" : rows
                let prefix = operation.kind == .query ? "" : handler.statement.rowsClause(as: Self.rowsAlias)
                let limited = operation.returnType.isList || model != nil ? from : "(SELECT * FROM \(from) LIMIT 1) AS \(rows)"
                plan.statement = PlannedStatement(sql: prefix + "SELECT coalesce(json_agg(row_to_json(\(rows))), '[]'::json) FROM \(limited)", binds: binds)
                if let model {
                    // What a write returns is read back after it, in its transaction: a statement does not see
                    // its own data-modifying CTE's changes.
                    plan.modelRead = try modelRead(of: model, field: field, list: operation.returnType.isList)
                } else {
                    plan.shape = try ResultShape.of(operation.returnType, selectionSet: field.selectionSet, selection: selection, schema: schema)
                }
            }
        case .functions, .http:
            if let model {
                plan.modelRead = try modelRead(of: model, field: field, list: operation.returnType.isList)
            } else {
                plan.shape = try ResultShape.of(operation.returnType, selectionSet: field.selectionSet, selection: selection, schema: schema)
            }
        case .subscribe:
            // Events carry a mutation's answer, of whatever type the API declares (models included): the
            // subscriber's selection is completed against the API's types.
            guard let definition = (try? api.api.graphQLSchema.subscriptionType?.fields())?[operation.name] else {
                throw PlanError(.validation, "Field '\(operation.name)' in type 'Subscription' is undefined.")
            }
            plan.shape = try ResultShape.of(apiType: definition.type, selectionSet: field.selectionSet, selection: selection)
        }
        return plan
    }

    /// The read of the records a handler returned (`$1`, a JSON array of objects holding their keys), in the
    /// answer's order.
    private func modelRead(of model: Model, field: GraphQL.Field, list: Bool) throws(PlanError) -> ModelRead {
        var binds = BindAllocator(caller: selection.access.caller)
        _ = binds.bind(nil, as: .json)  // $1: the answer's records, filled in when they arrive
        let read = try records(of: model, field: field, list: list, binds: &binds)
        let keys = model.primaryKeyFields.map { key in
            "(\"k\".\"v\" ->> \(Quoting.literal(key.name)))::\(StorageMapping.sqlType(of: key)) AS \(Quoting.identifier(key.name))"
        }
        let from =
            "(SELECT \(keys.joined(separator: ", ")), \"k\".\"ord\" AS \(Quoting.identifier(Self.orderColumn)) FROM json_array_elements($1::json) WITH ORDINALITY AS \"k\"(\"v\", \"ord\")) AS \(Quoting.identifier(Self.rowsAlias))"
        var modelRead = ModelRead(sql: read.sql(from: from), parameters: Array(binds.values.dropFirst()), fieldErrors: read.denials.errors)
        modelRead.parameterSources = Array(binds.sources.dropFirst())
        modelRead.marksFieldDenials = read.denials.marksRecords
        modelRead.fieldResolvers = read.denials.resolvers
        return modelRead
    }

    /// The column holding each row's position in the handler's answer.
    static let orderColumn = "__ord$"

    /// The read of `model` records whose keys are the columns of the rows `"__sql$"`: one JSON cell, a list in
    /// the rows' order or the first record (null when none), with the field's selection and only the records
    /// the caller's read rules allow.
    private func records(of model: Model, field: GraphQL.Field, list: Bool, binds: inout BindAllocator) throws(PlanError) -> RecordRead {
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.") }
        let decision = selection.access.decision(model.auth, list ? .list : .get)
        if decision == .denied { throw PlanError(.unauthorized, "Not Authorized to access \(model.name) on type \(model.name)") }
        let alias = binds.alias()
        var conditions: [SQLExpression] = model.primaryKeyFields.map { key in
            .binary(.column(table: alias, name: key.columnName), .equal, .column(table: Self.rowsAlias, name: key.name))
        }
        if case .records(let rules) = decision { conditions.append(selection.access.predicate(rules, model: model, alias: alias, binds: &binds)) }
        let denials = Denials()
        let compiler = SelectionCompiler(
            api: api, fragments: selection.fragments, values: selection.values, denials: denials, path: selection.path, access: selection.access)
        let inner = try compiler.selectObject(selectionSet, model: model, from: .table(api.table(model), alias: alias), alias: alias, where: .and(conditions), binds: &binds)
        return RecordRead(inner: SQLRenderer.render(.select(inner)), list: list, denials: denials)
    }
}

/// A compiled read of records by key, to put over a source of keys.
private struct RecordRead {
    /// The select of one record's JSON, correlated with the rows `"__sql$"`.
    let inner: String
    /// A list, or the first record.
    let list: Bool
    /// The nested fields the caller may not read.
    let denials: Denials

    /// The statement over `from` (a FROM item naming the rows `"__sql$"`, with their position in `"__ord$"`).
    func sql(from: String) -> String {
        let object = Quoting.identifier("__m$")
        let order = Quoting.identifier("__sql$") + "." + Quoting.identifier(CustomOperationCompiler.orderColumn)
        let join = "FROM \(from) CROSS JOIN LATERAL (\(inner)) AS \(object)(\"j\")"
        return list
            ? "SELECT coalesce(json_agg(\(object).\"j\" ORDER BY \(order)), '[]'::json) \(join)" : "SELECT \(object).\"j\" \(join) ORDER BY \(order) LIMIT 1"
    }
}
