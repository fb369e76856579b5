import GraphQL
import ModelIR

/// The plan of a custom operation's root field (its handler, arguments and answer), kept apart from the
/// planning of the models' root fields.
extension OperationPlanner {
    /// A custom operation's root field; an error is the field's, located.
    func planCustomField(
        _ field: GraphQL.Field, operation: CustomOperation, key: String, location: [(line: Int, column: Int)], fragments: [String: FragmentDefinition],
        values: ValueResolver, access: Access
    ) -> RootFieldPlan {
        let denials = Denials()
        let selection = SelectionCompiler(api: view, fragments: fragments, values: values, denials: denials, path: [key], access: access)
        do {
            var plan = try CustomOperationCompiler(selection: selection).plan(field, operation: operation)
            plan.locations = location
            plan.statement?.locations = location
            return .custom(plan)
        } catch {
            var located = error
            located.path = [key]
            if located.locations.isEmpty { located.locations = location }
            return .failure(located)
        }
    }
}
