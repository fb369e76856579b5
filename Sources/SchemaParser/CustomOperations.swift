import GraphQL
import ModelIR

/// Directives a custom operation's field may carry.
private let operationDirectives: Set<String> = [
    "function", "sql", "http", "aws_subscribe", "auth", "aws_api_key", "aws_cognito_user_pools", "aws_oidc", "aws_iam", "aws_lambda",
]

extension SchemaLowering {
    /// Lowers the fields of the schema's `Query`, `Mutation` and `Subscription` types: arguments, return type,
    /// handler and who may call each. `models` is the schema so far, whose mutations a subscription may name.
    mutating func lowerCustomOperations(models schema: ModelIR.Schema) -> [CustomOperation] {
        var operations: [CustomOperation] = []
        for definition in rootDefinitions {
            guard let kind = CustomOperation.Kind(rawValue: definition.name.value) else { continue }
            for field in definition.fields {
                if let operation = lowerCustomOperation(field, kind: kind) { operations.append(operation) }
            }
        }
        for operation in operations { checkSubscriptionSources(operation, among: operations, schema: schema) }
        return operations
    }

    private mutating func lowerCustomOperation(_ field: FieldDefinition, kind: CustomOperation.Kind) -> CustomOperation? {
        let name = field.name.value
        let owner = "\(kind.rawValue).\(name)"
        var arguments: [CustomArgument] = []
        var valid = true
        for argument in field.arguments {
            guard let type = argumentType(argument.type, owner: "argument '\(argument.name.value)' of \(owner)") else {
                valid = false
                continue
            }
            arguments.append(CustomArgument(name: argument.name.value, type: type, defaultValue: argument.defaultValue.map { print(ast: $0) }))
        }
        if inputTypeNames.contains(Self.namedType(field.type)) {
            error("\(owner) returns input type '\(Self.namedType(field.type))'; a field returns an object type, enum or scalar.", at: field.type.loc)
            return nil
        }
        guard let returnType = fieldType(field.type) else { return nil }
        var functions: [FunctionStep] = []
        var sql: [Directive] = []
        var http: [Directive] = []
        var subscribe: [Directive] = []
        var rules: [AuthRule] = []
        for directive in field.directives {
            let directiveName = directive.name.value
            switch directiveName {
            case "function":
                if let step = readFunction(directive, kind: kind, owner: owner) { functions.append(step) } else { valid = false }
            case "sql": sql.append(directive)
            case "http": http.append(directive)
            case "aws_subscribe": subscribe.append(directive)
            case "auth", "aws_api_key", "aws_cognito_user_pools", "aws_oidc", "aws_iam", "aws_lambda":
                if let read = readOperationAuth(directive, owner: owner) { rules += read } else { valid = false }
            case "generation", "conversation":
                error(
                    "@\(directiveName) on \(owner) is an Amplify AI route, which runs on Amazon Bedrock; ModelGraph does not serve AI routes. Answer the field with @function(name:) and call the model from that function.",
                    at: directive.loc)
                valid = false
            default:
                error(
                    "Unknown directive '@\(directiveName)' on custom operation \(owner). Known: \(operationDirectives.sorted().map { "@" + $0 }.joined(separator: ", ")).",
                    at: directive.loc)
                valid = false
            }
        }
        let used = [("@function", !functions.isEmpty), ("@sql", !sql.isEmpty), ("@http", !http.isEmpty)].filter(\.1).map(\.0)
        if used.count > 1 {
            error("\(owner) has both \(used.joined(separator: " and ")); a field is answered by one kind of handler.", at: field.name.loc)
            return nil
        }
        let handler: CustomHandler
        switch kind {
        case .subscription:
            if let first = sql.first ?? http.first {
                error("@\(first.name.value) directive can only be used on Query or Mutation types. Check type \"Subscription\" and field \"\(name)\".", at: first.loc)
                return nil
            }
            guard let directive = subscribe.first else {
                error(
                    "Subscription \(owner) needs @aws_subscribe(mutations: [\"…\"]) naming the mutations whose answers it receives (Gen 2: a.subscription().for(a.ref('mutationName'))).",
                    at: field.name.loc)
                return nil
            }
            guard let mutations = readSubscribeMutations(directive, owner: owner) else { return nil }
            handler = .subscribe(SubscriptionSource(mutations: mutations, functions: functions))
        case .query, .mutation:
            if let directive = subscribe.first {
                error("@aws_subscribe belongs on a Subscription field, not on \(owner).", at: directive.loc)
                return nil
            }
            if let directive = sql.first {
                guard let read = readSQL(directive, owner: owner, kind: kind, arguments: arguments) else { return nil }
                handler = .sql(read)
            } else if let directive = http.first {
                guard http.count == 1 else {
                    error("\(owner) has more than one @http; a field calls one URL.", at: http[1].loc)
                    return nil
                }
                guard var read = readHTTP(directive, owner: owner),
                    let rewritten = rewriteHTTPArguments(&read, arguments: arguments, kind: kind, field: name, at: directive.loc)
                else { return nil }
                arguments = rewritten.arguments
                httpInputTypes += rewritten.inputs
                handler = .http(read)
            } else if !functions.isEmpty {
                handler = .functions(functions)
                if functions.last?.isAsync == true, !checkEventResponse(returnType, owner: owner, at: field.type.loc) { return nil }
            } else {
                error(
                    "Custom \(kind.rawValue.lowercased()) \(owner) needs a handler: @function(name:), @sql(statement:) or @sql(reference:), or @http(url:).", at: field.name.loc)
                return nil
            }
        }
        guard valid else { return nil }
        return CustomOperation(
            kind: kind, name: name, arguments: arguments, returnType: returnType, handler: handler, rules: rules, location: location(field.name.loc))
    }

    /// The name at the bottom of a type reference (`[Post!]!` → `Post`).
    static func namedType(_ type: any GraphQL.`Type`) -> String {
        if let nonNull = type as? NonNullType { return namedType(nonNull.type) }
        if let list = type as? ListType { return namedType(list.type) }
        return (type as? NamedType)?.name.value ?? ""
    }

    /// `@function(name:, invocationType:)`.
    mutating func readFunction(_ directive: Directive, kind: CustomOperation.Kind?, owner: String) -> FunctionStep? {
        guard let name = directive.argument("name")?.stringValue, !name.isEmpty else {
            error("@function on \(owner) needs a non-empty 'name'.", at: directive.loc)
            return nil
        }
        var isAsync = false
        if let invocation = directive.argument("invocationType") {
            switch invocation {
            case .enumValue("Event"): isAsync = true
            case .enumValue("RequestResponse"): isAsync = false
            default:
                error("@function 'invocationType' is RequestResponse or Event.", at: directive.location(of: "invocationType", file: file))
                return nil
            }
        }
        if isAsync, kind != .query, kind != .mutation {
            error("@function definition with 'invocationType: Event' must be defined on Query or Mutation field.", at: directive.loc)
            return nil
        }
        return FunctionStep(name: name, isAsync: isAsync)
    }

    /// An operation whose last function is sent without waiting answers AppSync's `EventInvocationResponse`.
    private mutating func checkEventResponse(_ type: FieldType, owner: String, at location: Location?) -> Bool {
        guard case .object("EventInvocationResponse") = type.base, !type.isList else {
            error(
                "Invalid return type \(type.description) for \(owner).\nUse return type 'EventInvocationResponse' and, if necessary, add 'type EventInvocationResponse { success: Boolean! }' to your model schema.",
                at: location)
            return false
        }
        let declared = objectDefinitions.first { $0.name.value == "EventInvocationResponse" }
        let fields = declared?.fields.map { "\($0.name.value): \(print(ast: $0.type))" } ?? []
        guard fields == ["success: Boolean!"] else {
            error(
                "Invalid 'EventInvocationResponse' definition. Update the type definition in your schema to:\ntype EventInvocationResponse {\n  success: Boolean!\n}", at: location)
            return false
        }
        return true
    }

    /// `@aws_subscribe(mutations: [...])`.
    private mutating func readSubscribeMutations(_ directive: Directive, owner: String) -> [String]? {
        guard let names = directive.argument("mutations")?.stringList, !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
            error("@aws_subscribe on \(owner) needs 'mutations': a non-empty list of mutation names.", at: directive.loc)
            return nil
        }
        return names
    }

    /// A custom subscription's mutations exist and return what it returns: subscribers receive their answers.
    private mutating func checkSubscriptionSources(_ operation: CustomOperation, among operations: [CustomOperation], schema: ModelIR.Schema) {
        guard case .subscribe(let source) = operation.handler else { return }
        let mutations = source.mutations
        for mutation in mutations {
            var returned: FieldType?
            if let custom = operations.first(where: { $0.kind == .mutation && $0.name == mutation }) {
                returned = custom.returnType
            } else if let model = schema.models.first(where: { Self.generatedMutationNames(of: $0).contains(mutation) }) {
                returned = FieldType(.model(model.name))
            }
            guard let returned else {
                error(
                    "Subscription.\(operation.name) receives mutation '\(mutation)', which the schema does not have (a custom mutation, or a model's createX, updateX or deleteX).",
                    at: operation.location)
                continue
            }
            if returned.base != operation.returnType.base || returned.isList != operation.returnType.isList {
                error(
                    "Subscription.\(operation.name) returns \(operation.returnType.description) but mutation '\(mutation)' returns \(returned.description); a subscription receives its mutations' answers, so they must return the same type.",
                    at: operation.location)
            }
        }
    }

    /// The names of a model's create, update and delete mutations (renamed ones as renamed).
    static func generatedMutationNames(of model: Model) -> [String] {
        let operations = model.operations
        return [(operations.create, "create"), (operations.update, "update"), (operations.delete, "delete")].compactMap { configured, verb in
            switch configured {
            case .automatic: verb + model.name
            case .renamed(let name): name
            case .disabled: nil
            }
        }
    }
}
