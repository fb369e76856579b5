import JSON
import ModelIR

/// What custom operations add to the SDL, gathered while the types are written: each operation's field line
/// (for `type Mutation`, `type Query`, `type Subscription`, written last), and the `input` types of a schema
/// (written after its types).
struct OperationOutput {
    /// The field lines of each root type.
    var fields: [CustomOperationDefinition.Kind: [SourceMappedText]] = [:]
    /// The current schema's input types, each name once (the first wins).
    var inputs: [OperationInputs.InputType] = []
}

/// Custom operations, written as Amplify's converter writes them:
/// `name(args): Return @function(name: "f") @aws_subscribe(mutations: [...]) @auth(rules: [...])`.
extension SchemaEmitter {
    /// The custom type Amplify adds when an operation's last handler is `.async()`.
    static func eventInvocationResponse(at location: SourceLocation) -> TypeEntry {
        let success = ScalarField(type: "Boolean", required: true, location: location)
        let fields = [FieldEntry(name: "success", location: location, builder: .scalar(success))]
        return TypeEntry(name: "EventInvocationResponse", location: location, definition: .customType(CustomTypeDefinition(fields: fields, location: location)))
    }

    /// Records one operation's field and inputs; returns the types it declares inline, to be written later.
    mutating func emitOperation(_ operation: CustomOperationDefinition, named entry: TypeEntry, in schema: SchemaBox) throws(Gen2Error) -> [TypeEntry] {
        let name = entry.name
        let rules = operation.rules.isEmpty ? schema.rules : operation.rules
        try validateOperationRules(rules, of: name, own: !operation.rules.isEmpty)
        try validateHandlers(operation, named: entry, rules: rules)
        var hoisted: [TypeEntry] = []
        let returned: String
        var subscribed: String?
        if operation.kind == .subscription {
            let sources = try subscriptionSources(operation, named: entry)
            returned = sources.returned
            subscribed = "@aws_subscribe(mutations: [\(sources.mutations.map(JSONText.quote).joined(separator: ", "))]) "
        } else {
            returned = try returnText(operation, named: entry, hoisted: &hoisted)
        }
        let inputs = try OperationInputs(operation.arguments, of: name, types: types)
        hoisted += inputs.enums
        for input in inputs.inputs where !output.inputs.contains(where: { $0.name == input.name }) { output.inputs.append(input) }

        var line = SourceMappedText()
        line.append(name, at: entry.location)
        if !inputs.arguments.isEmpty {
            line.append("(", at: entry.location)
            for (position, argument) in inputs.arguments.enumerated() {
                line.append((position == 0 ? "" : ", ") + "\(argument.name): \(argument.type)", at: argument.location)
            }
            line.append(")", at: entry.location)
        }
        line.append(": \(returned) ", at: operation.returnsLocation ?? entry.location)
        for handler in operation.handlers { line.append(Self.handlerText(handler.kind), at: handler.location) }
        if let subscribed { line.append(subscribed, at: operation.sourcesLocation ?? entry.location) }
        if !rules.isEmpty { Self.appendAuth(rules, to: &line) }
        output.fields[operation.kind, default: []].append(line)
        return hoisted
    }

    /// `@function(name: "f")`, `@sql(statement: "...")`, `@sql(reference: "...")`, each followed by a space.
    static func handlerText(_ kind: HandlerDefinition.Kind) -> String {
        switch kind {
        case .function(let name, let async): "@function(name: \(JSONText.quote(name))\(async ? ", invocationType: Event" : "")) "
        case .inlineSQL(let statement): "@sql(statement: \(JSONText.quote(statement))) "
        case .sqlReference(let path): "@sql(reference: \(JSONText.quote(path))) "
        }
    }

    /// Writes the current schema's input types, then forgets them.
    mutating func emitInputs() {
        for input in output.inputs {
            if !text.text.isEmpty { text.append("\n\n", at: input.location) }
            text.append("input \(input.name) {", at: input.location)
            for field in input.fields { text.append("\n  \(field.name): \(field.type)", at: field.location) }
            text.append("\n}", at: input.location)
        }
        output.inputs = []
    }

    /// Writes `type Mutation`, `type Query` and `type Subscription`, in that order.
    mutating func emitOperationTypes() {
        for kind in [CustomOperationDefinition.Kind.mutation, .query, .subscription] {
            guard let lines = output.fields[kind], let first = lines.first, let origin = first.origins.first else { continue }
            if !text.text.isEmpty { text.append("\n\n", at: origin) }
            text.append("type \(kind.rawValue) {", at: origin)
            for line in lines {
                text.append("\n  ", at: line.origins.first ?? origin)
                text.append(line)
            }
            text.append("\n}", at: origin)
        }
    }

    /// The return type of a query or mutation, hoisting an inline `a.customType` or `a.enum` as `<Op>ReturnType`.
    private func returnText(_ operation: CustomOperationDefinition, named entry: TypeEntry, hoisted: inout [TypeEntry]) throws(Gen2Error) -> String {
        let kind = operation.kind.rawValue
        guard let returned = operation.returned else {
            throw Gen2Error(
                "Invalid Custom \(kind) definition. A Custom \(kind) must include a return type. \(entry.name) has no return type specified (add .returns(...)).",
                at: entry.location)
        }
        let location = operation.returnsLocation ?? entry.location
        guard case .field(let field) = returned else { return "EventInvocationResponse" }
        if case .function(_, true)? = operation.handlers.last?.kind {
            throw Gen2Error(
                "Invalid return type for \(entry.name): its last handler is .async(), so it returns 'EventInvocationResponse'; remove .returns(...).", at: location)
        }
        switch field {
        case .scalar(let scalar):
            return Self.scalarText(scalar, identifier: nil, indexes: []).map(\.text).joined()
        case .ref(let ref):
            guard let target = type(named: ref.link) else {
                throw Gen2Error("Invalid ref. \(entry.name) is referring to \(ref.link) which is not defined in the schema.", at: ref.location)
            }
            if case .operation = target.definition {
                throw Gen2Error("\(entry.name) returns a.ref('\(ref.link)'), which is a custom operation; return a model, custom type, enum or scalar.", at: ref.location)
            }
            if let mutations = ref.mutationsLocation {
                throw Gen2Error(".mutations([...]) belongs to the sources of a subscription's .for(...).", at: mutations)
            }
            return OperationInputs.text(ref, link: ref.link)
        case .customType(let definition):
            let name = entry.name.capitalizedFirst + "ReturnType"
            hoisted.append(TypeEntry(name: name, location: location, definition: .customType(definition)))
            return name
        case .enumType(let definition):
            let name = entry.name.capitalizedFirst + "ReturnType"
            hoisted.append(TypeEntry(name: name, location: location, definition: .enumType(definition)))
            return name
        case .relationship:
            throw Gen2Error("Unrecognized return type on \(entry.name)", at: location)
        }
    }

    /// A subscription's mutations (`createPost` for `a.ref('Post').mutations(['create'])`) and its return type,
    /// the one its sources share.
    private func subscriptionSources(_ operation: CustomOperationDefinition, named entry: TypeEntry) throws(Gen2Error) -> (mutations: [String], returned: String) {
        let name = entry.name
        guard !operation.sources.isEmpty else {
            throw Gen2Error(
                "\(name) is missing a mutation source. Custom subscriptions must reference a mutation source via subscription().for(a.ref('ModelOrOperationName'))",
                at: entry.location)
        }
        var mutations: [String] = []
        var expected: (identity: String, text: String)?
        for source in operation.sources {
            guard let target = type(named: source.link) else {
                throw Gen2Error("Invalid ref. \(name) is referring to \(source.link) which is not defined in the schema.", at: source.location)
            }
            let resolved: (identity: String, text: String)
            switch target.definition {
            case .model:
                guard let verbs = source.mutations, !verbs.isEmpty else {
                    throw Gen2Error(
                        "Invalid subscription definition. .mutations() modifier must be used with a Model ref subscription source. \(name) is referencing \(source.link) without specifying a mutation",
                        at: source.location)
                }
                mutations += verbs.map { $0 + source.link.capitalizedFirst }
                resolved = ("type:" + source.link, OperationInputs.text(source, link: source.link))
            case .operation(let mutation):
                if let location = source.mutationsLocation {
                    throw Gen2Error(
                        "Invalid subscription definition. .mutations() modifier can only be used with a Model ref. \(name) is referencing CustomOperation", at: location)
                }
                guard mutation.kind == .mutation else {
                    throw Gen2Error(
                        "Invalid subscription definition. .for() can only reference a mutation. \(name) is referencing \(source.link) which is a \(mutation.kind.rawValue)",
                        at: source.location)
                }
                mutations.append(source.link)
                resolved = try mutationReturn(mutation, named: source.link, at: source.location)
            case .enumType, .customType:
                throw Gen2Error(
                    "Invalid subscription definition. .for() can only reference a mutation. \(name) is referencing \(source.link), which is not a mutation or a model.",
                    at: source.location)
            }
            if let expected, expected.identity != resolved.identity {
                throw Gen2Error(
                    "Invalid subscription definition. .for() can only reference resources that have the same return type. \(name) is referencing resources that have different return types.",
                    at: source.location)
            }
            expected = expected ?? resolved
        }
        return (mutations, expected?.text ?? "")
    }

    /// What a custom mutation returns, as a subscription on it returns it.
    private func mutationReturn(_ mutation: CustomOperationDefinition, named name: String, at location: SourceLocation) throws(Gen2Error) -> (identity: String, text: String) {
        switch mutation.returned {
        case .eventInvocationResponse?: return ("type:EventInvocationResponse", "EventInvocationResponse")
        case .field(.ref(let ref))?: return ("type:" + ref.link, OperationInputs.text(ref, link: ref.link))
        case .field(.customType)?, .field(.enumType)?: return ("inline:" + name, name.capitalizedFirst + "ReturnType")
        case .field(.scalar(let scalar))?: return ("inline:" + name, Self.scalarText(scalar, identifier: nil, indexes: []).map(\.text).joined())
        case .field(.relationship)?, nil:
            throw Gen2Error("The mutation '\(name)' has no return type for a subscription to receive.", at: location)
        }
    }
}
