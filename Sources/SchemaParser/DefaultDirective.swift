import GraphQL
import ModelIR

extension SchemaLowering {
    /// Reads `@default(value:)` and checks the value against the field's type (docs/api-contract.md §12.1).
    mutating func readDefault(_ directive: Directive, field: ModelIR.Field, model: String) -> String? {
        let owner = "'\(model).\(field.name)'"
        guard directive.arguments.count == 1, let value = directive.argument("value") else {
            error("@default on \(owner) takes exactly one argument, 'value'.", at: directive.loc)
            return nil
        }
        guard let text = value.stringValue else {
            error("@default 'value' on \(owner) must be a string, e.g. @default(value: \"0\").", at: directive.location(of: "value", file: file))
            return nil
        }
        if field.type.isList {
            error("@default is not allowed on list field \(owner).", at: directive.loc)
            return nil
        }
        let at = directive.location(of: "value", file: file)
        switch field.type.base {
        case .model, .object:
            error("@default is only allowed on scalar and enum fields, not on \(owner).", at: directive.loc)
            return nil
        case .enumeration(let name):
            let values = enumDefinitions.first { $0.name.value == name }?.values.map(\.name.value) ?? []
            if !values.contains(text) {
                error("@default value '\(text)' on \(owner) is not a member of enum '\(name)'.", at: at)
                return nil
            }
        case .scalar(let scalar):
            if let problem = Self.defaultProblem(text, scalar) {
                error("@default value '\(text)' on \(owner) \(problem).", at: at)
                return nil
            }
        }
        return text
    }

    /// Reads a bare `@default` of an existing database's schema: the column's own default (a serial or identity
    /// column) fills the field when a create leaves it out. Amplify allows it on `Int` fields only.
    mutating func readGeneratedDefault(_ directive: Directive, field: ModelIR.Field, model: String) -> Bool {
        guard field.type.base == .scalar(.int), !field.type.isList else {
            error("A bare @default (a value the database generates) is allowed on Int fields only, not on '\(model).\(field.name)'.", at: directive.loc)
            return false
        }
        return true
    }

    static func defaultProblem(_ text: String, _ scalar: ScalarType) -> String? {
        switch scalar {
        case .int: return Int32(text) == nil ? "is not an Int" : nil
        case .awsTimestamp: return Int64(text) == nil ? "is not an AWSTimestamp" : nil
        case .float: return Double(text) == nil ? "is not a Float" : nil
        case .boolean: return text == "true" || text == "false" ? nil : "is not a Boolean (true or false)"
        default: return ScalarFormat.problem(with: text, as: scalar)
        }
    }
}
