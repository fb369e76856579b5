import GraphQL

/// Prints a value literal for an error message on one line, as graphql-js prints a short one (`[1, 2]`,
/// `{ a: "x" }`), visiting each node once and stopping after `limit` characters (marked with `…`), so a
/// message about a hostile literal costs at most its size and stays short.
enum LiteralPrinter {
    /// The longest printed literal, in characters, before it is cut.
    static let limit = 200

    /// `literal` printed on one line, cut after `limit` characters.
    static func print(_ literal: any Value) -> String {
        var output = ""
        write(literal, to: &output)
        guard output.count > limit else { return output }
        return String(output.prefix(limit)) + "…"
    }

    /// Appends `literal` to `output` until `output` is past the limit.
    private static func write(_ literal: any Value, to output: inout String) {
        guard output.utf8.count <= limit * 4 else { return }
        switch literal {
        case let list as ListValue:
            output += "["
            for (index, item) in list.values.enumerated() {
                if index > 0 { output += ", " }
                write(item, to: &output)
                if output.utf8.count > limit * 4 { return }
            }
            output += "]"
        case let object as ObjectValue:
            output += "{ "
            for (index, field) in object.fields.enumerated() {
                if index > 0 { output += ", " }
                output += field.name.value + ": "
                write(field.value, to: &output)
                if output.utf8.count > limit * 4 { return }
            }
            output += " }"
        default:
            // Scalars, enum values, variables and null print in time linear in their text.
            output += GraphQL.print(ast: literal)
        }
    }
}
