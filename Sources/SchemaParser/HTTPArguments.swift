import GraphQL
import ModelIR

extension SchemaLowering {
    /// An `@http` field's arguments as Amplify's transformer rewrites them, and the input types it adds:
    /// `params: <Type><Field>ParamsInput!` (a `String!` per path parameter), `query: <Type><Field>QueryInput` (the
    /// other arguments; scalar ones only when the path has parameters; optional for every method but `GET`, and
    /// required when one of its fields is) and, for `POST`, `PUT` and `PATCH`, `body: <Type><Field>BodyInput` (the
    /// same fields, optional). The handler learns which of those arguments were declared required.
    mutating func rewriteHTTPArguments(
        _ handler: inout HTTPHandler, arguments: [CustomArgument], kind: CustomOperation.Kind, field: String, at location: Location?
    ) -> (arguments: [CustomArgument], inputs: [InputType])? {
        let prefix = Self.upperFirst(kind.rawValue) + Self.upperFirst(field)
        let parameters = handler.pathParameters
        var rewritten: [CustomArgument] = []
        var inputs: [InputType] = []
        var forwarded = arguments
        if !parameters.isEmpty {
            forwarded = arguments.filter { argument in
                guard case .scalar = argument.type.base else { return false }
                return !parameters.contains(argument.name)
            }
            let params = InputType(name: prefix + "ParamsInput", fields: parameters.map { CustomArgument(name: $0, type: FieldType(.scalar(.string), isRequired: true)) })
            inputs.append(params)
            rewritten.append(CustomArgument(name: "params", type: FieldType(.object(params.name), isRequired: true)))
        }
        if !forwarded.isEmpty {
            let optional = handler.method != "GET"
            let fields = forwarded.map { argument in
                CustomArgument(name: argument.name, type: optional ? argument.type.with(required: false) : argument.type, defaultValue: argument.defaultValue)
            }
            let required = fields.contains { $0.type.isRequired }
            let query = InputType(name: prefix + "QueryInput", fields: fields)
            inputs.append(query)
            rewritten.append(CustomArgument(name: "query", type: FieldType(.object(query.name), isRequired: required)))
            if handler.sendsBody {
                let body = InputType(name: prefix + "BodyInput", fields: fields)
                inputs.append(body)
                rewritten.append(CustomArgument(name: "body", type: FieldType(.object(body.name), isRequired: required)))
                handler.requiredArguments = forwarded.filter(\.type.isRequired).map(\.name)
            }
        }
        let taken = objectTypeNames.union(modelNames).union(enumNames).union(inputTypeNames)
        for input in inputs where taken.contains(input.name) {
            error("@http on \(kind.rawValue).\(field) adds the input type '\(input.name)', which the schema already declares; rename one of them.", at: location)
            return nil
        }
        return (rewritten, inputs)
    }

    /// `name` with its first letter in upper case, as the transformer's `toUpper`.
    private static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
