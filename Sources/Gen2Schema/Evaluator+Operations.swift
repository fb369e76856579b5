import ModelIR

/// Custom operations: the modifiers of `a.query()`, `a.mutation()` and `a.subscription()`, the `a.handler.*`
/// builders and `defineFunction`.
extension Evaluator {
    /// `a.handler.name`.
    func handlerBuilder(named name: String, at location: SourceLocation) throws(Gen2Error) -> Value {
        switch name {
        case "function", "inlineSql", "sqlReference", "custom": return .builtin(.handlerBuilder(name))
        default:
            throw Gen2Error("a.handler.\(name) is not a handler ModelGraph knows; use a.handler.function, a.handler.inlineSql or a.handler.sqlReference.", at: location)
        }
    }

    /// `a.handler.name(arguments)`.
    func handler(_ name: String, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> HandlerDefinition {
        let call = "a.handler.\(name)(...)"
        switch name {
        case "function":
            let given = try argument(arguments, 0, of: call, expecting: "a defineFunction() result or a function name", at: location)
            try noMoreArguments(arguments, than: 1, of: call, at: location)
            switch given.value {
            case .string(let name) where !name.isEmpty:
                return HandlerDefinition(kind: .function(name: name, async: false), location: location)
            case .lambdaFunction(let function):
                guard let name = function.name else {
                    throw Gen2Error(
                        "This defineFunction() has no name ModelGraph can tell (no name, no entry, no folder); give it one: defineFunction({ name: '...' }).",
                        at: function.location)
                }
                return HandlerDefinition(kind: .function(name: name, async: false), location: location)
            case .builtin(.imported(let binding, let module)):
                notes.add(
                    "The function '\(binding)' is imported from '\(module)', which was not read; the name '\(binding)' stands for it (@function(name: \"\(binding)\")): map it with `serve --function \(binding)=URL`."
                )
                return HandlerDefinition(kind: .function(name: binding, async: false), location: location)
            default:
                throw Gen2Error("Invalid value specified for handler.function(). Expected: defineFunction or string; got \(given.value.description).", at: given.location)
            }
        case "inlineSql", "sqlReference":
            let text = try string(arguments, 0, of: call, at: location)
            try noMoreArguments(arguments, than: 1, of: call, at: location)
            guard !text.isEmpty else { throw Gen2Error("\(call) needs \(name == "inlineSql" ? "an SQL statement" : "the path of an SQL file").", at: arguments[0].location) }
            return HandlerDefinition(kind: name == "inlineSql" ? .inlineSQL(text) : .sqlReference(text), location: location)
        default:
            throw Gen2Error(
                "a.handler.custom(...) runs an AppSync JavaScript resolver, which ModelGraph does not run; answer the operation with a Lambda function instead: .handler(a.handler.function(myFunction)).",
                at: location)
        }
    }

    /// `.async()` on a function handler.
    func handlerMethod(_ name: String, _ handler: HandlerDefinition, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> HandlerDefinition {
        guard name == "async", case .function(let function, _) = handler.kind else {
            throw Gen2Error("This handler has no method '\(name)'\(handler.kind.brand == "functionHandler" ? "; a function handler has .async()" : "").", at: location)
        }
        try noMoreArguments(arguments, than: 0, of: ".async()", at: location)
        var handler = handler
        handler.kind = .function(name: function, async: true)
        return handler
    }

    /// `defineFunction({ name, entry, ... })`: the name, or Amplify's default (the file name of `entry`, else the
    /// folder of the file calling it).
    func defineFunction(_ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> LambdaFunction {
        var function = LambdaFunction(name: nil, location: location)
        if let given = arguments.first, case .object(let members) = given.value {
            if let name = members.first(where: { $0.key == "name" }) {
                guard case .string(let text) = name.value, !text.isEmpty else {
                    throw Gen2Error("defineFunction's name must be a non-empty string, not \(name.value.description).", at: name.location)
                }
                function.name = text
            } else if let entry = members.first(where: { $0.key == "entry" }), case .string(let path) = entry.value {
                let file = path.split(separator: "/").last.map(String.init) ?? path
                let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
                function.name = stem.isEmpty ? file : stem
            }
        }
        if function.name == nil, let file {
            let folders = file.split(separator: "/").dropLast()
            if let folder = folders.last, folder != ".", folder != ".." { function.name = String(folder) }
        }
        return function
    }

    /// `query.name(arguments)`: `.arguments`, `.returns`, `.authorization`, `.handler`, and `.for` on subscriptions.
    mutating func operationMethod(
        _ name: String, _ operation: CustomOperationDefinition, _ arguments: [Value.Located], at location: SourceLocation
    ) throws(Gen2Error) -> CustomOperationDefinition {
        var operation = operation
        let builder = operation.kind.builder
        switch name {
        case "arguments":
            operation.arguments = []
            for member in try object(arguments, 0, of: ".arguments({...})", at: location) {
                guard case .field(let field) = member.value else {
                    throw Gen2Error(
                        "Unsupported argument type for \(member.key): \(member.value.description); arguments are scalars, a.ref(), a.enum() or a.customType().", at: member.location
                    )
                }
                if case .relationship = field {
                    throw Gen2Error("Unsupported argument type for \(member.key): relationships belong in models.", at: member.location)
                }
                operation.arguments.append(FieldEntry(name: member.key, location: member.location, builder: field))
            }
        case "returns":
            guard operation.kind != .subscription else {
                throw Gen2Error("a.subscription() has no .returns(): a subscription returns what the mutations of its .for(...) return.", at: location)
            }
            let given = try argument(arguments, 0, of: ".returns(...)", expecting: "a return type such as a.ref('Post') or a.string()", at: location)
            guard case .field(let field) = given.value else {
                throw Gen2Error(".returns expects a.ref(), a scalar, a.enum() or a.customType(), not \(given.value.description).", at: given.location)
            }
            if case .relationship = field { throw Gen2Error(".returns cannot return a relationship; use a.ref('Model').", at: given.location) }
            operation.returned = .field(field)
            operation.returnsLocation = location
        case "authorization":
            let given = try argument(arguments, 0, of: ".authorization(...)", expecting: "a function such as allow => [allow.publicApiKey()]", at: location)
            guard case .function(let closure) = given.value else {
                throw Gen2Error(".authorization expects a function such as allow => [allow.publicApiKey()].", at: given.location)
            }
            let result = try invoke(closure, [.builtin(.operationAllow)], at: given.location)
            operation.rules = try rules(in: Value.Located(value: result, location: given.location))
        case "handler":
            let given = try argument(arguments, 0, of: ".handler(...)", expecting: "a handler such as a.handler.function(myFunction), or an array of them", at: location)
            var handlers: [HandlerDefinition] = []
            let items: [Value.Located]
            if case .array(let array) = given.value { items = array } else { items = [given] }
            for item in items {
                guard case .handler(let handler) = item.value else {
                    throw Gen2Error(
                        ".handler expects a.handler.function(...), a.handler.inlineSql(...) or a.handler.sqlReference(...), not \(item.value.description).", at: item.location)
                }
                handlers.append(handler)
            }
            guard !handlers.isEmpty else { throw Gen2Error(".handler([...]) needs at least one handler.", at: given.location) }
            operation.handlers = handlers
            if case .function(_, true)? = handlers.last?.kind {
                operation.returned = .eventInvocationResponse
                operation.returnsLocation = location
            }
        case "for":
            guard operation.kind == .subscription else {
                throw Gen2Error("The .for() modifier function can only be used with a custom subscription; this is \(builder).", at: location)
            }
            let given = try argument(arguments, 0, of: ".for(...)", expecting: "a.ref('mutationName') or an array of them", at: location)
            let items: [Value.Located]
            if case .array(let array) = given.value { items = array } else { items = [given] }
            operation.sources = []
            for item in items {
                guard case .field(.ref(let source)) = item.value else {
                    throw Gen2Error(".for expects a.ref('mutationName') or a.ref('Model').mutations([...]), not \(item.value.description).", at: item.location)
                }
                operation.sources.append(source)
            }
            operation.sourcesLocation = location
        default:
            let methods = operation.kind == .subscription ? "arguments, authorization, handler and for" : "arguments, returns, authorization and handler"
            throw Gen2Error("\(builder) has no method '\(name)'; its modifiers are \(methods).", at: location)
        }
        return operation
    }

    /// `allow.name(arguments)` in a custom operation's `.authorization`: the rules that grant a whole operation.
    func operationAllowRule(_ name: String, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> AuthRule {
        switch name {
        case "publicApiKey", "authenticated", "group", "groups", "guest", "custom":
            var rule = try allowRule(name, arguments, at: location)
            rule.onOperation = true
            return rule
        case "owner", "ownerDefinedIn", "ownersDefinedIn", "groupDefinedIn", "groupsDefinedIn":
            throw Gen2Error(
                "allow.\(name)() is not available on custom operations: an operation has no record to read an owner or groups from. Use allow.publicApiKey(), allow.authenticated(), allow.group(...) or allow.groups([...]), and check ownership in the handler (it receives the caller's identity).",
                at: location)
        case "resource":
            throw Gen2Error("allow.resource(...) belongs to the schema's .authorization(...), not to a custom operation's.", at: location)
        default:
            throw Gen2Error("allow.\(name) is not an authorization rule of custom operations.", at: location)
        }
    }
}

/// What a conversion tells the user besides the SDL (how a name was chosen, what is served differently),
/// each note once, in the order they arose.
final class NoteBook {
    /// The notes.
    private(set) var notes: [String] = []

    /// Adds `note` unless it is there already.
    func add(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }
}
