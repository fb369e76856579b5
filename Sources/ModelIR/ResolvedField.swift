/// A field of a model answered by functions rather than stored (`@function` on a model's field, a field
/// resolver): each record's value is the last function's answer, the record itself the event's `source`.
package struct ResolvedField: Equatable, Sendable, Codable {
    /// The field's name.
    package var name: String
    /// What it returns: a scalar, enum or non-model type, or a list of one.
    package var type: FieldType
    /// Its arguments, in declaration order.
    package var arguments: [CustomArgument]
    /// The functions that answer it, in order (a pipeline).
    package var functions: [FunctionStep]
    /// How many of the model's declared fields come before it: where the API lists it.
    package var position: Int
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates a resolved field.
    package init(name: String, type: FieldType, arguments: [CustomArgument], functions: [FunctionStep], position: Int, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.functions = functions
        self.position = position
        self.location = location
    }

    /// The field as a custom operation of its model: what its arguments are checked against.
    package var asOperation: CustomOperation {
        CustomOperation(kind: .query, name: name, arguments: arguments, returnType: type, handler: .functions(functions), location: location)
    }
}
