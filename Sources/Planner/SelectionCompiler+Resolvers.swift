import APISchema
import GraphQL
import JSON
import ModelIR
import SQLSyntax

extension SelectionCompiler {
    /// Most fields one `json_build_object` call of a marker's record holds (PostgreSQL takes 100 arguments).
    static let fieldsPerObject = 45

    /// The marker a field answered by functions leaves in the statement's JSON: its plan's index (the plan is
    /// recorded in `denials.resolvers`) and the record's stored fields as the API writes them, the event's
    /// `source`.
    func resolvedFieldMarker(_ field: GraphQL.Field, resolved: ResolvedField, model: Model, alias: String) throws(PlanError) -> SQLExpression {
        let operation = resolved.asOperation
        let template = try CustomArguments.template(of: field, operation: operation, values: values)
        let schema = api.api.models
        let plan = FieldResolverPlan(
            model: model.name, field: resolved, arguments: try CustomArguments.json(template, operation: operation, schema: schema), argumentTemplate: template,
            argumentTypes: schema, shape: try ResultShape.of(resolved.type, selectionSet: field.selectionSet, selection: self, schema: schema),
            selectionSetList: field.selectionSet.map { selectionPaths($0, prefix: "") } ?? [], selectionSetGraphQL: field.selectionSet.map { GraphQL.print(ast: $0) } ?? "",
            locations: field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? [])
        let index = denials.resolvers.count
        denials.resolvers.append(plan)
        let stored = model.storedFields.map { stored -> (String, SQLExpression) in
            let column = SQLExpression.column(table: alias, name: stored.columnName)
            let value = Self.readsAsUsername(stored, of: model) ? Self.usernamePart(of: column) : Self.output(column, type: stored.type, storage: stored.storageType)
            return (stored.name, value)
        }
        var arguments: [SQLExpression] = [.constant(FieldResolverPlan.markerKey), .integer(index)]
        for start in stride(from: 0, to: stored.count, by: Self.fieldsPerObject) {
            let part = stored[start..<min(start + Self.fieldsPerObject, stored.count)].flatMap { [SQLExpression.constant($0.0), $0.1] }
            arguments += [.constant("s\(start / Self.fieldsPerObject)"), .function(.jsonBuildObject, part)]
        }
        return .function(.jsonBuildObject, arguments)
    }

    /// The selected fields' paths, AppSync's `info.selectionSetList`: names joined by `/`, fragments expanded,
    /// each once, in the order first selected.
    func selectionPaths(_ selectionSet: SelectionSet, prefix: String) -> [String] {
        var paths: [String] = []
        var seen: Set<String> = []
        collectPaths(selectionSet, prefix: prefix, depth: 0, into: &paths, seen: &seen)
        return paths
    }

    private func collectPaths(_ selectionSet: SelectionSet, prefix: String, depth: Int, into paths: inout [String], seen: inout Set<String>) {
        guard depth < 32 else { return }
        for selection in selectionSet.selections {
            switch selection {
            case let field as GraphQL.Field where field.name.value != "__typename":
                let path = prefix + field.name.value
                if seen.insert(path).inserted { paths.append(path) }
                if let nested = field.selectionSet { collectPaths(nested, prefix: path + "/", depth: depth + 1, into: &paths, seen: &seen) }
            case let inline as InlineFragment:
                collectPaths(inline.selectionSet, prefix: prefix, depth: depth + 1, into: &paths, seen: &seen)
            case let spread as FragmentSpread:
                if let fragment = fragments[spread.name.value] { collectPaths(fragment.selectionSet, prefix: prefix, depth: depth + 1, into: &paths, seen: &seen) }
            default: continue
            }
        }
    }
}
