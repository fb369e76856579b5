import ModelIR

/// What a model's `@auth` owner and dynamic-group rules change in its generated API (docs/auth-rules.md,
/// "Subscriptions"). The transformer makes these changes after every other rule has shaped the types, so each
/// owner field goes last: after `and`/`or`/`not` and after any generated reference fields.
struct OwnerFields {
    /// The owner field of every owner rule, in rule order, each name once. A rule that grants no reading still
    /// counts: its field is on the type and in the filters all the same.
    let names: [String]
    /// The fields the subscription filter does not offer in their usual place: the owner and dynamic groups
    /// fields of rules served by tokens. The server filters events on them itself.
    let hiddenFromSubscriptionFilter: Set<String>
    /// One nullable `String` argument per owner rule that grants `listen` and whose owner field holds one
    /// owner (not a list), named after that field, in rule order, each name once.
    let subscriptionArguments: [SDLArgument]

    /// Reads the rules of `model`.
    init(_ model: Model) {
        var names: [String] = []
        var hidden: Set<String> = []
        var arguments: [SDLArgument] = []
        for rule in model.auth.rules where rule.isRecordBased && rule.provider.isToken {
            guard rule.strategy == .owner else {
                hidden.insert(rule.effectiveGroupsField)
                continue
            }
            let name = rule.effectiveOwnerField
            hidden.insert(name)
            // Two rules naming one field (another provider or claim) still give the field and argument once.
            if !names.contains(name) { names.append(name) }
            let holdsList = model.field(named: name)?.type.isList ?? false
            if rule.operations.contains(.listen), !holdsList, !arguments.contains(where: { $0.name == name }) {
                arguments.append(SDLArgument(name, "String"))
            }
        }
        self.names = names
        self.hiddenFromSubscriptionFilter = hidden
        self.subscriptionArguments = arguments
    }

    /// `fields` followed by `<owner>: ModelStringInput` for each owner field they do not already hold, the way
    /// the filter, condition and subscription filter inputs end.
    func appended(to fields: [SDLField]) -> [SDLField] {
        var result = fields
        for name in names where !result.contains(where: { $0.name == name }) {
            result.append(SDLField(name, "ModelStringInput"))
        }
        return result
    }
}
