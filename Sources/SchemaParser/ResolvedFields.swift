import GraphQL
import ModelIR

extension SchemaLowering {
    /// A model's field answered by `@function` (a field resolver): its arguments, return type and pipeline.
    /// `@http` on a model's field, a model return type and directives a stored field takes are refused, located.
    mutating func lowerResolvedField(_ definition: FieldDefinition, model: String, position: Int) -> ResolvedField? {
        let name = definition.name.value
        let owner = "\(model).\(name)"
        var valid = true
        var functions: [FunctionStep] = []
        for directive in definition.directives {
            switch directive.name.value {
            case "function":
                if let step = readFunction(directive, kind: nil, owner: owner) { functions.append(step) } else { valid = false }
            case "http":
                error(
                    "@http on the model field \(owner) is not served by ModelGraph; answer the field with @function(name:) and call the URL from that function.",
                    at: directive.loc)
                valid = false
            default:
                error("@\(directive.name.value) cannot go with @function on \(owner): the field is answered by its functions, not stored.", at: directive.loc)
                valid = false
            }
        }
        var arguments: [CustomArgument] = []
        for argument in definition.arguments {
            guard let type = argumentType(argument.type, owner: "argument '\(argument.name.value)' of \(owner)") else {
                valid = false
                continue
            }
            arguments.append(CustomArgument(name: argument.name.value, type: type, defaultValue: argument.defaultValue.map { print(ast: $0) }))
        }
        guard let type = fieldType(definition.type) else { return nil }
        if case .model(let target) = type.base {
            error(
                "\(owner) returns the model \(target) from a function; a field resolver returns a scalar, enum or non-model type (relate the models with @hasMany, @hasOne or @belongsTo).",
                at: definition.type.loc)
            return nil
        }
        guard valid, !functions.isEmpty else { return nil }
        return ResolvedField(name: name, type: type, arguments: arguments, functions: functions, position: position, location: location(definition.name.loc))
    }
}
