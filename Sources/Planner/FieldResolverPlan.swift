package import JSON
package import ModelIR

/// A field answered by functions (`@function` on a model's field), as a statement selects it: the statement
/// writes a marker in its place (`{"__fn$": index, "s0": {…the record's stored fields…}, …}`), which the
/// executor replaces with the functions' answer for that record, completed against `shape`.
package struct FieldResolverPlan: Sendable {
    /// The model whose records carry the field.
    package var model: String
    /// The field.
    package var field: ResolvedField
    /// The field's arguments as its functions receive them, for this request.
    package var arguments: JSONValue
    /// The arguments with the request's variable leaves, computed again when the plan is reused.
    var argumentTemplate: InputValue
    /// The schema whose enums and input types the arguments are checked against.
    var argumentTypes: Schema
    /// How an answer becomes the field's value.
    package var shape: ResultShape
    /// AppSync's `info.selectionSetList` and `info.selectionSetGraphQL` for the field.
    package var selectionSetList: [String]
    package var selectionSetGraphQL: String
    /// Where the field is in the request, for error entries.
    package var locations: [(line: Int, column: Int)]

    /// The key of a marker's index.
    package static let markerKey = "__fn$"

    /// The index and the record (`source`) a marker holds; nil when `value` is not a marker.
    package static func marker(_ value: JSONValue) -> (index: Int, source: JSONValue)? {
        guard case .object(let members) = value, let first = members.first, first.0 == markerKey, case .int(let index) = first.1 else { return nil }
        var source: [(String, JSONValue)] = []
        for (key, part) in members.dropFirst() where key.hasPrefix("s") {
            if case .object(let fields) = part { source += fields }
        }
        return (index, .object(source))
    }

    /// The arguments for another request's `leaves`.
    mutating func rebind(to leaves: [InputValue]) throws(PlanError) {
        arguments = try CustomArguments.json(argumentTemplate.substituting(leaves), operation: field.asOperation, schema: argumentTypes)
    }
}
