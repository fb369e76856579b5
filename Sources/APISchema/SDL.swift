/// A GraphQL type-system document as plain values, so the API schema is built as structure and printed once.
package enum SDLDefinition: Equatable, Sendable {
    case scalar(String)
    case directive(String)
    case enumeration(String, values: [String])
    case object(String, fields: [SDLField])
    case input(String, fields: [SDLField])

    /// The defined name.
    package var name: String {
        switch self {
        case .scalar(let name), .directive(let name), .enumeration(let name, _), .object(let name, _), .input(let name, _): name
        }
    }
}

/// A field of an object or input type.
package struct SDLField: Equatable, Sendable {
    package var name: String
    package var arguments: [SDLArgument]
    /// The type as spelled in SDL, e.g. `[Post]!`.
    package var type: String
    /// Directive text printed after the type, e.g. `@aws_subscribe(mutations: ["createPost"])`.
    package var directives: String?
    /// An input field's default value, in GraphQL literal syntax.
    package var defaultValue: String?

    /// Creates a field.
    package init(_ name: String, _ type: String, arguments: [SDLArgument] = [], directives: String? = nil, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.directives = directives
        self.defaultValue = defaultValue
    }
}

/// A field argument.
package struct SDLArgument: Equatable, Sendable {
    package var name: String
    package var type: String
    /// Its default value, in GraphQL literal syntax.
    package var defaultValue: String?

    /// Creates an argument.
    package init(_ name: String, _ type: String, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// Prints SDL definitions in the layout Amplify's build output uses.
package enum SDLPrinter {
    /// The whole document.
    package static func print(_ definitions: [SDLDefinition]) -> String {
        definitions.map(print).joined(separator: "\n\n") + "\n"
    }

    static func print(_ definition: SDLDefinition) -> String {
        switch definition {
        case .scalar(let name): return "scalar \(name)"
        case .directive(let text): return "directive \(text)"
        case .enumeration(let name, let values):
            return "enum \(name) {\n" + values.map { "  \($0)" }.joined(separator: "\n") + "\n}"
        case .object(let name, let fields): return "type \(name) {\n" + fields.map(print).joined(separator: "\n") + "\n}"
        case .input(let name, let fields): return "input \(name) {\n" + fields.map(print).joined(separator: "\n") + "\n}"
        }
    }

    static func print(_ field: SDLField) -> String {
        var text = "  " + field.name
        if !field.arguments.isEmpty {
            text += "(" + field.arguments.map { "\($0.name): \($0.type)" + ($0.defaultValue.map { " = " + $0 } ?? "") }.joined(separator: ", ") + ")"
        }
        text += ": " + field.type
        if let value = field.defaultValue { text += " = " + value }
        if let directives = field.directives { text += " " + directives }
        return text
    }
}
