import GraphQL

/// The operation a request selects in its document, and its variables as given or defaulted.
extension OperationPlanner {
    /// The operation `operationName` names in `document`, or its only operation.
    static func operation(in document: Document, named operationName: String?) throws(PlanErrors) -> OperationDefinition {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let operationName {
            guard let named = operations.first(where: { $0.name?.value == operationName }) else {
                throw PlanErrors([PlanError(.validation, "Unknown operation named '\(operationName)'.")])
            }
            return named
        }
        guard operations.count == 1 else {
            throw PlanErrors([PlanError(.validation, "Must provide operation name if query contains multiple operations.")])
        }
        return operations[0]
    }

    /// The operation's variables: as given, else their defaults; a required one missing or null is refused, and
    /// so is a value naming a field its input type lacks (`VariableFieldCheck`).
    static func resolveVariables(of operation: OperationDefinition, given variables: [String: InputValue], schema: GraphQLSchema) throws(PlanErrors) -> [String: InputValue] {
        var resolved: [String: InputValue] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if let provided = variables[name] {
                resolved[name] = provided
            } else if let defaultValue = definition.defaultValue {
                resolved[name] = ValueResolver(variables: [:]).resolve(defaultValue)
            }
            if definition.type is NonNullType, resolved[name] == nil || resolved[name] == .null {
                throw PlanErrors([
                    PlanError(
                        .validation, "Variable '\(name)' has coerced Null value for NonNull type '\(GraphQL.print(ast: definition.type))'",
                        locations: definition.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
                    )
                ])
            }
        }
        do {
            try VariableFieldCheck.check(operation, resolved, schema: schema)
        } catch {
            throw PlanErrors([error])
        }
        return resolved
    }
}
