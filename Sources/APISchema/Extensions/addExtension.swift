/// The clash rule: AppSync's API wins. An extension whose additions reuse a taken name, refer to a type that does
/// not exist (say one a dropped extension would have added), or would make a request valid on AppSync invalid (a
/// required field on an existing input type, a required argument on an existing field) is left out whole, with a
/// warning.
extension APIDefinitionsBuilder.Collected {
    /// The names GraphQL defines without a declaration.
    private static let builtInTypes: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    /// Adds every addition of `extension` or, if one of them cannot be added, none of them and a warning.
    mutating func addExtension(_ extension: APIExtension) {
        var trial = self
        for addition in `extension`.additions {
            if let reason = trial.add(addition) {
                let owner = `extension`.model.map { " for model \($0)" } ?? ""
                output.extensionWarnings.append("The '\(`extension`.feature)' extension\(owner) is left out: \(reason).")
                return
            }
        }
        self = trial
    }

    /// Adds one addition; the reason it cannot be added otherwise.
    private mutating func add(_ addition: APIAddition) -> String? {
        switch addition {
        case .definition(let definition):
            if extensionDefinitions.contains(definition.name), output.definitions.contains(definition) { return nil }
            if seen.contains(definition.name) || APIOperationType(rawValue: definition.name) != nil {
                return "the name '\(definition.name)' is already defined"
            }
            if let reason = missingType(in: definition) { return reason }
            seen.insert(definition.name)
            extensionDefinitions.insert(definition.name)
            output.definitions.append(definition)
        case .field(let field, let typeName):
            guard let index = output.definitions.firstIndex(where: { $0.name == typeName }) else { return "there is no type '\(typeName)' to add the field '\(field.name)' to" }
            switch output.definitions[index] {
            case .object(let name, var fields):
                if fields.contains(where: { $0.name == field.name }) { return "the type '\(name)' already has a field '\(field.name)'" }
                if let reason = missingType(in: field) { return reason }
                fields.append(field)
                output.definitions[index] = .object(name, fields: fields)
            case .input(let name, var fields):
                if fields.contains(where: { $0.name == field.name }) { return "the input '\(name)' already has a field '\(field.name)'" }
                if field.type.hasSuffix("!") { return "the field '\(field.name)' it adds to the input '\(name)' is required" }
                if let reason = missingType(in: field) { return reason }
                fields.append(field)
                output.definitions[index] = .input(name, fields: fields)
            default:
                return "'\(typeName)' is not an object or input type"
            }
        case .argument(let argument, let typeName, let fieldName):
            if argument.type.hasSuffix("!") { return "the argument '\(argument.name)' it adds to '\(typeName).\(fieldName)' is required" }
            if let reason = missingType(argument.type) { return reason }
            if let operation = APIOperationType(rawValue: typeName) {
                return updateRootFields(operation) { Self.appendArgument(argument, toField: fieldName, ofType: typeName, in: &$0) }
            }
            guard let index = output.definitions.firstIndex(where: { $0.name == typeName }), case .object(let name, var fields) = output.definitions[index] else {
                return "there is no object type '\(typeName)' to add the argument '\(argument.name)' to"
            }
            if let reason = Self.appendArgument(argument, toField: fieldName, ofType: name, in: &fields) { return reason }
            output.definitions[index] = .object(name, fields: fields)
        case .rootField(let operation, let field, let entry):
            if let reason = missingType(in: field) { return reason }
            let clash = updateRootFields(operation) { fields in
                if fields.contains(where: { $0.name == field.name }) { return "the root field '\(operation.rawValue).\(field.name)' already exists" }
                fields.append(field)
                return nil
            }
            if let clash { return clash }
            switch operation {
            case .query: output.query[field.name] = entry
            case .mutation: output.mutation[field.name] = entry
            case .subscription: output.subscription[field.name] = entry
            }
        }
        return nil
    }

    /// Appends `argument` to the field named `fieldName` of `fields`; the reason it cannot be otherwise.
    private static func appendArgument(_ argument: SDLArgument, toField fieldName: String, ofType typeName: String, in fields: inout [SDLField]) -> String? {
        guard let index = fields.firstIndex(where: { $0.name == fieldName }) else { return "the type '\(typeName)' has no field '\(fieldName)'" }
        if fields[index].arguments.contains(where: { $0.name == argument.name }) {
            return "the field '\(typeName).\(fieldName)' already has an argument '\(argument.name)'"
        }
        fields[index].arguments.append(argument)
        return nil
    }

    /// Runs `body` on the root fields of `operation` collected so far; returns what it returns.
    private mutating func updateRootFields(_ operation: APIOperationType, _ body: (inout [SDLField]) -> String?) -> String? {
        switch operation {
        case .query: body(&queryFields)
        case .mutation: body(&mutationFields)
        case .subscription: body(&subscriptionFields)
        }
    }

    /// Why a type spelled `spelling` (`[Post!]!`) cannot be used yet: its named type is not defined (`defining`
    /// is the type being defined, which may refer to itself).
    private func missingType(_ spelling: String, defining: String? = nil) -> String? {
        let name = spelling.filter { $0 != "[" && $0 != "]" && $0 != "!" }
        if Self.builtInTypes.contains(name) || seen.contains(name) || name == defining { return nil }
        return "the type '\(name)' it uses is not defined"
    }

    /// Why `field` (its type and its arguments' types) cannot be used yet.
    private func missingType(in field: SDLField, defining: String? = nil) -> String? {
        missingType(field.type, defining: defining) ?? field.arguments.lazy.compactMap { missingType($0.type, defining: defining) }.first
    }

    /// Why `definition` cannot be added yet: a field refers to an undefined type.
    private func missingType(in definition: SDLDefinition) -> String? {
        switch definition {
        case .object(let name, let fields), .input(let name, let fields):
            fields.lazy.compactMap { missingType(in: $0, defining: name) }.first
        case .scalar, .directive, .enumeration:
            nil
        }
    }
}
