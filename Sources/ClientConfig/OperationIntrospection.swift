import JSON
import ModelIR

/// The custom operations in the model introspection, as Amplify's generator lists them (`queries`,
/// `mutations`, `subscriptions`, and the `inputs` their arguments use), from which the Gen 2 client builds
/// `client.queries.X`, `client.mutations.X` and `client.subscriptions.X`: each operation's return type and
/// arguments, with the list and null markers it writes its documents' variable types from.
enum OperationIntrospection {
    /// The sections for `schema`, each only when it has entries, in the generator's order.
    static func sections(of schema: Schema) -> [(String, JSONValue)] {
        var result: [(String, JSONValue)] = []
        for (kind, key) in [(CustomOperation.Kind.query, "queries"), (.mutation, "mutations"), (.subscription, "subscriptions")] {
            let operations = schema.customOperations.filter { $0.kind == kind }
            if !operations.isEmpty { result.append((key, .object(operations.map { ($0.name, operation($0)) }))) }
        }
        if !schema.inputTypes.isEmpty {
            result.append(
                (
                    "inputs",
                    .object(
                        schema.inputTypes.map { input in
                            (input.name, .object([("name", .string(input.name)), ("attributes", .object(input.fields.map { ($0.name, argument($0)) }))]))
                        })
                ))
        }
        return result
    }

    /// One operation: its return type, then its arguments when it has any.
    static func operation(_ operation: CustomOperation) -> JSONValue {
        var members = typeMembers(name: operation.name, type: operation.returnType)
        if !operation.arguments.isEmpty { members.append(("arguments", .object(operation.arguments.map { ($0.name, argument($0)) }))) }
        return .object(members)
    }

    /// An argument or input field; an object type there is an input type.
    static func argument(_ argument: CustomArgument) -> JSONValue {
        .object(typeMembers(name: argument.name, type: argument.type, inputs: true))
    }

    /// `name`, `isArray`, `type`, `isRequired` (of the element, for a list) and, for a list, `isArrayNullable`.
    private static func typeMembers(name: String, type: FieldType, inputs: Bool = false) -> [(String, JSONValue)] {
        let typeValue: JSONValue
        switch type.base {
        case .object(let object) where inputs: typeValue = .object([("input", .string(object))])
        default: typeValue = ModelIntrospection.typeValue(type.base)
        }
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("isArray", .boolean(type.isList)), ("type", typeValue),
            ("isRequired", .boolean(type.isList ? type.isElementRequired : type.isRequired)),
        ]
        if type.isList { members.append(("isArrayNullable", .boolean(!type.isRequired))) }
        return members
    }
}
