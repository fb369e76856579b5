import ModelIR

/// The modifiers of field, model and index builders.
extension Evaluator {
    /// Calls `receiver.name(arguments)`.
    mutating func callMethod(_ name: String, on receiver: Value, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        switch receiver {
        case .field(.scalar(let field)): return .field(.scalar(try scalarModifier(name, field, arguments, at: location)))
        case .field(.ref(let field)): return .field(.ref(try refModifier(name, field, arguments, at: location)))
        case .field(.relationship(let field)): return .field(.relationship(try relationshipModifier(name, field, arguments, at: location)))
        case .field(.customType):
            if ["required", "array", "authorization"].contains(name) {
                throw Gen2Error(
                    "'.\(name)()' on an inline a.customType() is dropped by Amplify's converter; declare the type at the top of the schema and use a.ref('Name').\(name)(...).",
                    at: location)
            }
        case .field(.enumType):
            throw Gen2Error(
                "An inline a.enum() has no modifiers ('.\(name)'); declare the enum at the top of the schema and use a.ref('Name').\(name)(...).", at: location)
        case .model(let model): return .model(try modelModifier(name, model, arguments, at: location))
        case .index(let index): return .index(try indexModifier(name, index, arguments, at: location))
        case .rule(let rule): return .rule(try ruleModifier(name, rule, arguments, at: location))
        case .operation(let operation): return .operation(try operationMethod(name, operation, arguments, at: location))
        case .handler(let handler): return .handler(try handlerMethod(name, handler, arguments, at: location))
        case .schema(let box): return try schemaMethod(name, box, arguments, at: location)
        case .modelHandle(let box, let model): return try modelHandleMethod(name, box, model, arguments, at: location)
        case .fieldHandle(let box, let model, let field) where name == "authorization":
            try authorizeField(field, of: model, in: box, arguments, at: location)
            return receiver
        case .configuration(let configuration) where name == "schema":
            return .schema(try schema(try object(arguments, 0, of: "configure(...).schema(...)", at: location), database: configuration, at: location))
        default: break
        }
        throw Gen2Error("\(receiver.description.capitalizedFirst) has no method '\(name)' that ModelGraph knows.", at: location)
    }

    private mutating func scalarModifier(_ name: String, _ field: ScalarField, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> ScalarField {
        var field = field
        switch name {
        case "required":
            try noMoreArguments(arguments, than: 0, of: ".required()", at: location)
            if field.lastModifier == "array" { field.arrayRequired = true } else { field.required = true }
        case "array":
            try noMoreArguments(arguments, than: 0, of: ".array()", at: location)
            field.array = true
        case "default":
            try noMoreArguments(arguments, than: 1, of: ".default(...)", at: location)
            field.defaultLocation = location
            if let given = arguments.first, !isUndefined(given.value) {
                field.defaultValue = .value(try defaultText(given))
            } else {
                field.defaultValue = .generated
            }
        case "authorization":
            field.rules = try authorizationRules(arguments, at: location)
        case "validate":
            throw Gen2Error(".validate(...) is not supported by ModelGraph yet: it has no @validate checks; remove it or check values in the client.", at: location)
        default:
            throw Gen2Error("A field of type \(field.type) has no method '\(name)'; its modifiers are required, array, default and authorization.", at: location)
        }
        field.lastModifier = name
        return field
    }

    private func isUndefined(_ value: Value) -> Bool {
        if case .undefined = value { return true }
        return false
    }

    /// The text of a default, as JavaScript's `toString` writes it (an array joins its elements with commas).
    private func defaultText(_ given: Value.Located) throws(Gen2Error) -> String {
        switch given.value {
        case .string(let text): return text
        case .number(let number): return JavaScriptNumber.text(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let items):
            var texts: [String] = []
            for item in items { texts.append(try defaultText(item)) }
            return texts.joined(separator: ",")
        default: throw Gen2Error(".default(...) expects a string, number or boolean, not \(given.value.description).", at: given.location)
        }
    }

    private mutating func refModifier(_ name: String, _ field: RefField, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> RefField {
        var field = field
        switch name {
        case "required":
            try noMoreArguments(arguments, than: 0, of: ".required()", at: location)
            if field.array { field.arrayRequired = true } else { field.valueRequired = true }
        case "array":
            try noMoreArguments(arguments, than: 0, of: ".array()", at: location)
            field.array = true
        case "authorization":
            field.rules = try authorizationRules(arguments, at: location)
        case "mutations":
            var mutations: [String] = []
            for mutation in try strings(arguments, 0, of: ".mutations([...])", at: location) {
                guard ["create", "update", "delete"].contains(mutation.text) else {
                    throw Gen2Error("'\(mutation.text)' is not a model mutation; .mutations takes create, update and delete.", at: mutation.location)
                }
                mutations.append(mutation.text)
            }
            field.mutations = mutations
            field.mutationsLocation = location
        default:
            throw Gen2Error("a.ref() has no method '\(name)'; its modifiers are required, array and authorization.", at: location)
        }
        return field
    }

    private mutating func relationshipModifier(
        _ name: String, _ field: RelationshipField, _ arguments: [Value.Located], at location: SourceLocation
    ) throws(Gen2Error) -> RelationshipField {
        var field = field
        switch (name, field.kind) {
        case ("valueRequired", .hasMany): field.valueRequired = true
        case ("required", .hasOne): field.arrayRequired = true
        case ("authorization", _): field.rules = try authorizationRules(arguments, at: location)
        default:
            let allowed = field.kind == .hasMany ? "valueRequired and authorization" : field.kind == .hasOne ? "required and authorization" : "authorization"
            throw Gen2Error("a.\(field.kind.rawValue)() has no method '\(name)'; its modifiers are \(allowed).", at: location)
        }
        return field
    }

    private static let operationsToDisable: Set<String> = [
        "queries", "mutations", "subscriptions", "list", "get", "create", "update", "delete", "onCreate", "onUpdate", "onDelete",
    ]

    private mutating func modelModifier(_ name: String, _ model: ModelDefinition, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> ModelDefinition {
        var model = model
        switch name {
        case "identifier":
            let fields = try strings(arguments, 0, of: ".identifier([...])", at: location)
            guard !fields.isEmpty else { throw Gen2Error(".identifier([...]) needs at least one field.", at: location) }
            model.identifier = fields.map(\.text)
            model.identifierLocation = location
        case "secondaryIndexes":
            let given = try argument(arguments, 0, of: ".secondaryIndexes(...)", expecting: "a function such as index => [index('field')]", at: location)
            guard case .function(let closure) = given.value else {
                throw Gen2Error(".secondaryIndexes expects a function such as index => [index('field')].", at: given.location)
            }
            let result = try invoke(closure, [.builtin(.index)], at: given.location)
            guard case .array(let items) = result else { throw Gen2Error(".secondaryIndexes' function must return an array of index(...) values.", at: given.location) }
            for item in items {
                guard case .index(let index) = item.value else {
                    throw Gen2Error(".secondaryIndexes' function must return index(...) values, not \(item.value.description).", at: item.location)
                }
                model.indexes.append(index)
            }
        case "disableOperations":
            for operation in try strings(arguments, 0, of: ".disableOperations([...])", at: location) {
                guard Self.operationsToDisable.contains(operation.text) else {
                    throw Gen2Error(
                        "'\(operation.text)' is not an operation .disableOperations knows; use queries, mutations, subscriptions, list, get, create, update, delete, onCreate, onUpdate or onDelete.",
                        at: operation.location)
                }
                model.disabledOperations.append(operation.text)
            }
        case "authorization":
            model.rules = try authorizationRules(arguments, at: location)
        default:
            throw Gen2Error(
                "a.model() has no method '\(name)' that ModelGraph knows; its modifiers are identifier, secondaryIndexes, disableOperations and authorization.", at: location)
        }
        return model
    }

    private func indexModifier(_ name: String, _ index: SecondaryIndex, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> SecondaryIndex {
        var index = index
        switch name {
        case "sortKeys": index.sortKeys = try strings(arguments, 0, of: ".sortKeys([...])", at: location).map(\.text)
        case "name": index.name = try string(arguments, 0, of: ".name(...)", at: location)
        case "queryField":
            let given = try argument(arguments, 0, of: ".queryField(...)", expecting: "a name or null", at: location)
            switch given.value {
            case .null: index.queryField = .none
            case .string(let text): index.queryField = .named(text)
            default: throw Gen2Error(".queryField expects a name or null, not \(given.value.description).", at: given.location)
            }
        case "projection":
            throw Gen2Error(".projection(...) chooses what a DynamoDB index copies; ModelGraph's indexes are PostgreSQL indexes and do not support it.", at: location)
        default:
            throw Gen2Error("index(...) has no method '\(name)'; its modifiers are sortKeys, name and queryField.", at: location)
        }
        return index
    }
}
