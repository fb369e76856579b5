package import JSON
package import ModelIR

/// How one root field of a custom operation is answered: its handler, the arguments it receives, and how its
/// answer becomes the field's value (shaped against the selection set, or, for a model, read from the
/// database by the returned records' keys).
package struct CustomFieldPlan: Equatable, Sendable {
    package static func == (lhs: CustomFieldPlan, rhs: CustomFieldPlan) -> Bool {
        lhs.operation == rhs.operation && lhs.arguments == rhs.arguments && lhs.shape == rhs.shape && lhs.statement == rhs.statement
            && lhs.modelRead == rhs.modelRead && lhs.selectionSetList == rhs.selectionSetList
    }

    /// The operation.
    package var operation: CustomOperation
    /// The arguments as the handler receives them, for this request.
    package var arguments: JSONValue
    /// The arguments with the request's variable leaves, computed again when the plan is reused.
    var argumentTemplate: InputValue
    /// The schema whose enums and input types the arguments are checked against.
    var argumentTypes: Schema
    /// How the handler's answer becomes the value; nil when the statement writes the final JSON (a model).
    package var shape: ResultShape?
    /// A SQL handler's statement: its one cell is the rows as a JSON array (shaped by `shape`), or the
    /// field's JSON itself for a model.
    package var statement: PlannedStatement?
    /// For a function or HTTP handler that returns a model: the read of the returned records by their keys.
    package var modelRead: ModelRead?
    /// The caller the arguments were checked for (the handler receives its identity).
    package var caller: Caller
    /// AppSync's `info.selectionSetList`: the selected fields' paths (`items/id`), without aliases.
    package var selectionSetList: [String]
    /// AppSync's `info.selectionSetGraphQL`: the selection set as written.
    package var selectionSetGraphQL: String
    /// Where the field is in the request, for error entries.
    package var locations: [(line: Int, column: Int)] = []

    /// True when the field writes: a mutation.
    package var isMutation: Bool { operation.kind == .mutation }
}

/// The read of records a handler returned: `$1` is a JSON array of the records (their key fields are what
/// is read), and the statement's one cell is the field's JSON (a list, or one record or null), in the
/// answer's order, under the model's read rules.
package struct ModelRead: Equatable, Sendable {
    package static func == (lhs: ModelRead, rhs: ModelRead) -> Bool { lhs.sql == rhs.sql && lhs.parameters == rhs.parameters }

    /// The statement.
    package var sql: String
    /// Its parameters after `$1`.
    package var parameters: [String?]
    /// Where those come from (the caller's identity for owner rules).
    var parameterSources: [ParameterSource] = []
    /// Errors of nested fields the caller may not read.
    package var fieldErrors: [PlanError] = []
    /// True when the JSON holds field-denial markers.
    package var marksFieldDenials = false
    /// The fields answered by functions that the JSON marks.
    package var fieldResolvers: [FieldResolverPlan] = []

    /// `$1` (the answer's records as JSON text) followed by the other parameters.
    package func parameters(records: String) -> [String?] { [records] + parameters }
}
