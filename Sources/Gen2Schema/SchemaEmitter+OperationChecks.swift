import ModelIR

/// The checks Amplify's converter makes on custom operations (a handler and rules together, one kind of
/// handler), and those for what ModelGraph cannot serve on them, each at the place in the file it concerns.
extension SchemaEmitter {
    /// An operation's rules grant the whole operation: no owner or field-held groups (an operation has no record),
    /// no `.to([...])`. The schema's rules, which an operation without its own takes, may have either.
    func validateOperationRules(_ rules: [AuthRule], of name: String, own: Bool) throws(Gen2Error) {
        let origin = own ? "" : " (it takes the schema's rules, having none of its own; give it .authorization(allow => [...]))"
        for rule in rules {
            if rule.strategy == "owner" || rule.field != nil {
                throw Gen2Error(
                    "Custom operation \(name) has \(rule.strategy == "owner" ? "an owner rule" : "a rule on groups named in a field")\(origin); an operation has no record to read an owner or groups from. Use public, authenticated or static group rules, and check ownership in the handler (it receives the caller's identity).",
                    at: rule.location)
            }
            if rule.operations != nil {
                throw Gen2Error(
                    "Custom operation \(name) has a rule with .to([...])\(origin); rules on fields within Query, Mutation, Subscription cannot specify operations.",
                    at: rule.location)
            }
        }
    }

    /// A handler and rules together, handlers of one kind (functions may mix with async functions), one SQL
    /// handler.
    func validateHandlers(_ operation: CustomOperationDefinition, named entry: TypeEntry, rules: [AuthRule]) throws(Gen2Error) {
        let name = entry.name
        if operation.handlers.isEmpty {
            throw Gen2Error(
                "Custom \(operation.kind.rawValue.lowercased()) \(name) has no handler: add .handler(a.handler.function(myFunction)), .handler(a.handler.inlineSql('...')) or .handler(a.handler.sqlReference('./file')).",
                at: entry.location)
        }
        if rules.isEmpty {
            throw Gen2Error(
                "Custom operation \(name) requires both an authorization rule and a handler reference: add .authorization(allow => [...]) (or rules on the schema).",
                at: entry.location)
        }
        var brands: [String] = []
        for handler in operation.handlers where !brands.contains(handler.kind.brand) { brands.append(handler.kind.brand) }
        if brands.count > 1 {
            throw Gen2Error(
                "Field handlers must be of the same type. \(name) has been configured with [\(brands.map { "\"\($0)\"" }.joined(separator: ","))]",
                at: operation.handlers[1].location)
        }
        if brands != ["functionHandler"], operation.handlers.count > 1 {
            throw Gen2Error(
                "\(name) has \(operation.handlers.count) SQL handlers; an operation runs one SQL statement (a pipeline is of functions).", at: operation.handlers[1].location)
        }
        if operation.kind == .subscription, let async = operation.handlers.first(where: \.isAsync) {
            throw Gen2Error("@function definition with 'invocationType: Event' must be defined on Query or Mutation field.", at: async.location)
        }
    }
}

extension HandlerDefinition {
    /// Whether this is an `.async()` function handler.
    var isAsync: Bool {
        if case .function(_, true) = kind { return true }
        return false
    }
}
