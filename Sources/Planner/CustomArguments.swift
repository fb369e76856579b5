import GraphQL
import JSON
import ModelIR

/// The arguments of a custom operation as its handler receives them: each checked against its declared type
/// (the request's literal or variable, else the schema's default), as JSON. An `AWSJSON` value is handed over
/// parsed, as AppSync hands it to resolvers; a value that does not fit its type is refused before any handler runs.
enum CustomArguments {
    /// The field's arguments as an object in declaration order, variable leaves kept (a cached plan computes
    /// them again for each request); absent optional arguments without a default are left out.
    static func template(of field: GraphQL.Field, operation: CustomOperation, values: ValueResolver) throws(PlanError) -> InputValue {
        var given: [String: InputValue] = [:]
        for argument in field.arguments {
            if let value = values.resolve(argument.value) { given[argument.name.value] = value }
        }
        var members: [(String, InputValue)] = []
        for argument in operation.arguments {
            if let value = given[argument.name] {
                members.append((argument.name, value))
            } else if let literal = argument.defaultValue, let parsed = Self.literal(literal), let value = values.resolve(parsed) {
                members.append((argument.name, value))
            } else if argument.type.isRequired {
                throw PlanError(.validation, "Missing argument '\(argument.name)' of '\(operation.name)'.")
            }
        }
        return .object(members)
    }

    /// The concrete arguments of `template` as JSON, each checked against its type.
    static func json(_ template: InputValue, operation: CustomOperation, schema: Schema) throws(PlanError) -> JSONValue {
        guard case .object(let members) = template.concrete else { return .object([]) }
        var result: [(String, JSONValue)] = []
        for (name, value) in members {
            guard let argument = operation.arguments.first(where: { $0.name == name }) else { continue }
            result.append((name, try coerce(value, to: argument.type, schema: schema, path: "argument '\(name)' of '\(operation.name)'")))
        }
        return .object(result)
    }

    /// `value` checked against `type`: a single value where a list is expected becomes a one-element list,
    /// as GraphQL coerces input.
    static func coerce(_ value: InputValue, to type: FieldType, schema: Schema, path: String) throws(PlanError) -> JSONValue {
        if value.isNull {
            if type.isRequired { throw PlanError(.validation, "The \(path) must not be null.") }
            return .null
        }
        if type.isList {
            let items: [InputValue]
            if case .list(let list) = value { items = list } else { items = [value] }
            let element = FieldType(type.base, isRequired: type.isElementRequired)
            var result: [JSONValue] = []
            for (index, item) in items.enumerated() { result.append(try coerce(item, to: element, schema: schema, path: "\(path) at [\(index)]")) }
            return .list(result)
        }
        switch type.base {
        case .scalar(let scalar): return try coerceScalar(value, scalar, path: path)
        case .enumeration(let name):
            guard let text = value.enumName, schema.enumType(named: name)?.values.contains(text) == true else {
                throw PlanError(.validation, "The \(path) is not a value of enum \(name).")
            }
            return .string(text)
        case .object(let name):
            guard let input = schema.inputType(named: name), case .object(let members) = value else {
                throw PlanError(.validation, "The \(path) must be an object of input type \(name).")
            }
            var result: [(String, JSONValue)] = []
            for field in input.fields {
                if let given = members.last(where: { $0.0 == field.name })?.1 {
                    result.append((field.name, try coerce(given, to: field.type, schema: schema, path: "field '\(field.name)' of \(path)")))
                } else if let literal = field.defaultValue, let parsed = Self.literal(literal),
                    let value = ValueResolver(variables: [:]).resolve(parsed)
                {
                    result.append((field.name, try coerce(value, to: field.type, schema: schema, path: "field '\(field.name)' of \(path)")))
                } else if field.type.isRequired {
                    throw PlanError(.validation, "The field '\(field.name)' of \(path) is required.")
                }
            }
            if let unknown = members.first(where: { member in !input.fields.contains { $0.name == member.0 } }) {
                throw PlanError(.validation, "The \(path) has field '\(unknown.0)', which input type \(name) does not declare.")
            }
            return .object(result)
        case .model:
            throw PlanError(.validation, "The \(path) cannot be a model.")
        }
    }

    private static func coerceScalar(_ value: InputValue, _ scalar: ScalarType, path: String) throws(PlanError) -> JSONValue {
        let wrong = PlanError(.validation, "The \(path) is not a valid \(scalar.graphQLName).")
        switch (scalar, value) {
        case (.int, .int(let number)), (.awsTimestamp, .int(let number)):
            guard scalar == .awsTimestamp || (Int(Int32.min)...Int(Int32.max)).contains(number) else { throw wrong }
            return .int(number)
        case (.float, .int(let number)): return .float(Double(number))
        case (.float, .float(let number)): return .float(number)
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.id, .int(let number)): return .string(String(number))
        case (.awsJSON, .string(let text)):
            guard let parsed = try? JSONReader.parse(Array(text.utf8)) else { throw PlanError(.validation, "The \(path) is not valid JSON (AWSJSON).") }
            return parsed
        case (_, .string(let text)) where !scalar.isNumeric && scalar != .boolean:
            if let problem = ScalarFormat.problem(with: text, as: scalar) { throw PlanError(.validation, "The \(path) \(problem).") }
            return .string(text)
        default:
            throw wrong
        }
    }

    /// A default value's literal (schema text, constant) as a GraphQL value.
    static func literal(_ text: String) -> (any GraphQL.Value)? {
        guard let document = try? GraphQL.parse(source: Source(body: "{ f(a: \(text)) }")),
            let operation = document.definitions.first as? OperationDefinition,
            let field = operation.selectionSet.selections.first as? GraphQL.Field
        else { return nil }
        return field.arguments.first?.value
    }

    /// A JSON argument as the text of a SQL parameter, which PostgreSQL reads as the type the statement gives
    /// it: scalars as their text, lists as an array literal, objects and parsed `AWSJSON` as JSON text.
    static func sqlText(_ value: JSONValue, type: FieldType) -> String? {
        if case .null = value { return nil }
        if type.base == .scalar(.awsJSON), !type.isList { return JSONText.encode(value) }
        if type.isList, case .list(let items) = value {
            let elements = items.map { item -> String in
                guard let text = sqlText(item, type: FieldType(type.base)) else { return "NULL" }
                return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            }
            return "{" + elements.joined(separator: ",") + "}"
        }
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .float(let number): return JSONText.encode(.float(number))
        case .boolean(let flag): return flag ? "true" : "false"
        default: return JSONText.encode(value)
        }
    }
}

extension ScalarType {
    /// True for the scalars JSON carries as numbers.
    var isNumeric: Bool { self == .int || self == .float || self == .awsTimestamp }
}
