import ModelIR

/// The request builders of a schema's custom queries or mutations: an extension of `GraphQLRequest` with one
/// static function per field, named like it, taking its arguments by their names (`.postStats(minRating: 3)`)
/// and returning the request whose answer is the field's type.
struct OperationWriter {
    let kind: CustomOperation.Kind
    let schema: Schema

    /// The file of `kind`'s builders: a name no type's file can have (`+` is not in GraphQL names).
    var fileName: String { kind == .query ? "GraphQLRequest+CustomQueries.swift" : "GraphQLRequest+CustomMutations.swift" }

    /// The operations of `kind`, in declaration order.
    var operations: [CustomOperation] { schema.customOperations.filter { $0.kind == kind } }

    /// The file's source.
    var source: String {
        var lines = ["public import ModelGraphClient", "", "extension \(client("GraphQLRequest")) {"]
        lines += operations.map(builderLines).joined(separator: [""])
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The client's type `name` as this file must spell it.
    private func client(_ name: String) -> String { SwiftNames.client(name, in: schema) }

    /// `public static func field(arguments…) -> GraphQLRequest<T> where R == T { Self.custom(…) }`.
    private func builderLines(_ operation: CustomOperation) -> [String] {
        let result = SwiftNames.type(operation.returnType)
        var parameters = operation.arguments.map { argument in
            "\(SwiftNames.identifier(argument.name)): \(InputWriter.swiftType(argument))" + (InputWriter.isOptional(argument) ? " = nil" : "")
        }
        var selection: String?
        var includes = false
        switch operation.returnType.base {
        case .scalar, .enumeration: selection = nil
        case .object(let name): selection = ".fields(of: \(name).embeddedSchema)"
        case .model(let name):
            // An argument called `includes` takes the label; the model's default selection stands then.
            includes = !operation.arguments.contains { $0.name == "includes" }
            if includes { parameters.append("includes: (\(client("ModelPath"))<\(name)>) -> [any \(client("IncludePath"))] = { _ in [] }") }
            selection = ".model(\(name).self" + (includes ? ", includes: includes)" : ")")
        }
        var lines = docLines(operation, includes: includes)
        let name = SwiftNames.identifier(operation.name)
        let returns = "-> \(client("GraphQLRequest"))<\(result)> where R == \(result) {"
        lines += SwiftNames.declaration("    public static func \(name)", parameters, " \(returns)")
        lines += callLines(operation, selection: selection)
        lines.append("    }")
        return lines
    }

    /// The doc comment: the field as the schema declares it, and what nil arguments and `includes` do.
    private func docLines(_ operation: CustomOperation, includes: Bool) -> [String] {
        let arguments = operation.arguments.map { argument in
            "\(argument.name): \(argument.type.description)" + (argument.defaultValue.map { " = \(SwiftNames.oneLine($0))" } ?? "")
        }
        let declaration = operation.name + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))") + ": \(operation.returnType.description)"
        var lines = ["    /// The custom \(kind == .query ? "query" : "mutation") `\(declaration)`."]
        if operation.arguments.contains(where: InputWriter.isOptional) {
            lines.append("    /// An argument given as nil is not sent: the server takes its default, or null.")
        }
        if includes {
            let records = operation.returnType.isList ? "Each record is" : "The record is"
            lines.append("    /// \(records) read with the model's selection; `includes` names the relationships to load in the same request.")
        }
        return lines
    }

    /// The body: `Self.custom(kind, field:, arguments:, selection:)` on one line when it fits and has at most
    /// one argument, else a line for the field, the arguments (one a line when there are several) and the selection.
    private func callLines(_ operation: CustomOperation, selection: String?) -> [String] {
        let arguments = operation.arguments.map { argument in
            // A variable of an argument with a default is declared nullable, so leaving it out is valid.
            let type = argument.defaultValue == nil ? argument.type : argument.type.with(required: false)
            let value = SwiftNames.identifier(argument.name) + (InputWriter.isOptional(argument) ? "?" : "") + ".graphQLValue"
            return "\(client("OperationArgument"))(\(SwiftNames.literal(argument.name)), \(SwiftNames.literal(type.description)), \(value))"
        }
        let head = ".\(kind == .query ? "query" : "mutation"), field: \(SwiftNames.literal(operation.name))"
        var parts = [head]
        if !arguments.isEmpty { parts.append("arguments: [\(arguments.joined(separator: ", "))]") }
        if let selection { parts.append("selection: \(selection)") }
        let line = "        Self.custom(\(parts.joined(separator: ", ")))"
        if arguments.count <= 1, line.count <= SwiftNames.lineLength { return [line] }
        var rest: [String] = []
        if arguments.count == 1, "            arguments: [\(arguments[0])],".count <= SwiftNames.lineLength {
            rest = ["arguments: [\(arguments[0])],"]
        } else if !arguments.isEmpty {
            rest = ["arguments: ["] + SwiftNames.elementLines(arguments, indent: "    ") + ["],"]
        }
        if let selection { rest.append("selection: \(selection))") } else { rest[rest.count - 1] = rest[rest.count - 1].dropLast() + ")" }
        return ["        Self.custom(", "            \(head),"] + rest.map { "            \($0)" }
    }
}
