import GraphQL
import ModelIR

/// A directive argument value read from the AST, as a plain Swift value.
indirect enum ArgumentValue: Equatable {
    case string(String)
    case int(Int)
    case float(Double)
    case bool(Bool)
    case enumValue(String)
    case null
    case list([ArgumentValue])
    case object([(String, ArgumentValue)])

    static func == (lhs: ArgumentValue, rhs: ArgumentValue) -> Bool {
        String(describing: lhs) == String(describing: rhs)
    }

    /// Reads an AST value.
    init(_ value: any Value) {
        switch value {
        case let value as StringValue: self = .string(value.value)
        case let value as IntValue: self = .int(Int(value.value) ?? 0)
        case let value as FloatValue: self = .float(Double(value.value) ?? 0)
        case let value as BooleanValue: self = .bool(value.value)
        case let value as EnumValue: self = .enumValue(value.value)
        case let value as ListValue: self = .list(value.values.map(ArgumentValue.init))
        case let value as ObjectValue: self = .object(value.fields.map { ($0.name.value, ArgumentValue($0.value)) })
        default: self = .null
        }
    }

    /// The string, for `.string`.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The strings of a list of strings (a single string counts as a one-element list, as GraphQL coerces).
    var stringList: [String]? {
        switch self {
        case .string(let text): return [text]
        case .list(let items):
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? strings : nil
        default: return nil
        }
    }

    /// The value of key `name` in an object.
    subscript(key: String) -> ArgumentValue? {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }

    /// The keys of an object.
    var keys: [String] {
        if case .object(let fields) = self { return fields.map(\.0) }
        return []
    }
}

extension Directive {
    /// The argument called `name`, read as a plain value; nil when absent.
    func argument(_ name: String) -> ArgumentValue? {
        arguments.first { $0.name.value == name }.map { ArgumentValue($0.value) }
    }

    /// The location of argument `name`, or of the directive.
    func location(of name: String, file: String?) -> ModelIR.SourceLocation? {
        let node = arguments.first { $0.name.value == name }
        return SourceLocations.of(node?.loc ?? loc, file: file)
    }
}

/// Turns AST locations into `ModelIR.SourceLocation`.
enum SourceLocations {
    /// The line and column of a node's first token.
    static func of(_ location: Location?, file: String?) -> ModelIR.SourceLocation? {
        guard let location else { return nil }
        return ModelIR.SourceLocation(file: file, line: location.startToken.line, column: location.startToken.column)
    }
}

/// Where a `@primaryKey` directive and each of its `sortKeyFields` names were written.
struct PrimaryKeySource {
    /// The directive itself.
    let location: ModelIR.SourceLocation?
    /// Each sort key name's string in the `sortKeyFields` list (the first, when a name appears twice).
    let sortKeyLocations: [String: ModelIR.SourceLocation]

    init(_ directive: Directive, file: String?) {
        location = SourceLocations.of(directive.loc, file: file)
        var found: [String: ModelIR.SourceLocation] = [:]
        if let argument = directive.arguments.first(where: { $0.name.value == "sortKeyFields" }) {
            // A single string counts as a one-element list, as GraphQL coerces it.
            let values: [any Value] = (argument.value as? ListValue)?.values ?? [argument.value]
            for case let value as StringValue in values where found[value.value] == nil {
                found[value.value] = SourceLocations.of(value.loc, file: file)
            }
        }
        sortKeyLocations = found
    }

    /// The location of sort key `name` in the list, else the directive's.
    func sortKeyLocation(_ name: String) -> ModelIR.SourceLocation? {
        sortKeyLocations[name] ?? location
    }
}
