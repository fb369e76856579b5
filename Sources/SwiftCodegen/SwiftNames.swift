import ModelIR

/// How schema names and types are spelled in generated Swift.
enum SwiftNames {
    /// Swift keywords a field name may collide with; such names are written in backticks.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let", "open", "operator",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil",
        "super", "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol", "async", "await",
    ]

    /// `name` as a Swift identifier (in backticks when it is a keyword).
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift case name of an enum value: `IN_PROGRESS` → `inProgress`, `active` stays.
    static func caseName(_ value: String) -> String {
        let words = value.split(separator: "_").map(String.init)
        guard words.count > 1 || value == value.uppercased() else { return identifier(value) }
        let lowered = words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        return identifier(lowered.joined())
    }

    /// The Swift type of one value of `base`.
    static func baseType(_ base: BaseType) -> String {
        switch base {
        case .scalar(let scalar):
            switch scalar {
            case .int, .awsTimestamp: "Int"
            case .float: "Double"
            case .boolean: "Bool"
            default: "String"
            }
        case .enumeration(let name), .object(let name), .model(let name): name
        }
    }

    /// The Swift type of a stored field: lists and optionality as the API has them.
    static func type(_ type: FieldType, forceOptional: Bool = false) -> String {
        var text = baseType(type.base)
        if type.isList { text = "[\(text)\(type.isElementRequired ? "" : "?")]" }
        return type.isRequired && !forceOptional ? text : text + "?"
    }

    /// The Swift type of a field's element, for typed field paths (`FieldPath<M, String>`).
    static func elementType(_ type: FieldType) -> String {
        baseType(type.base)
    }

    /// A Swift string literal of `text` (schema names need no escapes beyond the quote and backslash).
    static func literal(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// The longest line generated code writes on one line before breaking it (the project's formatter's limit).
    static let lineLength = 180

    /// A declaration's lines: `head(parameters)tail` on one line when it fits, else one parameter per line
    /// (indented under a member's four spaces).
    static func declaration(_ head: String, _ parameters: [String], _ tail: String) -> [String] {
        let line = "\(head)(\(parameters.joined(separator: ", ")))\(tail)"
        if line.count <= lineLength { return [line] }
        return ["\(head)("] + parameters.enumerated().map { index, parameter in "        \(parameter)" + (index == parameters.count - 1 ? "" : ",") } + ["    )\(tail)"]
    }

    /// `text` on one line (a default value in a doc comment): line breaks become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The elements of a collection literal written one a line, each followed by a comma unless it is the only
    /// one (the formatter writes a trailing comma in collections of several elements only).
    static func elementLines(_ elements: [String], indent: String) -> [String] {
        elements.count == 1 ? [indent + elements[0]] : elements.map { indent + $0 + "," }
    }

    /// `["a", "b"]`.
    static func literals(_ texts: [String]) -> String {
        "[" + texts.map(literal).joined(separator: ", ") + "]"
    }

    /// The client's type `name` as generated code must spell it: module-qualified when the schema declares a type
    /// of the same name (a model called `List`, an input called `Model`), which would shadow it.
    static func client(_ name: String, in schema: Schema) -> String {
        let declared = schema.models.map(\.name) + schema.enums.map(\.name) + schema.objectTypes.map(\.name) + schema.inputTypes.map(\.name)
        return declared.contains(name) ? "ModelGraphClient.\(name)" : name
    }

    /// `team` → `Team`, for `setTeam(_:)`.
    static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
