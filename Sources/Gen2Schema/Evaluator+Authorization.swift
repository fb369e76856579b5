import ModelIR

/// `allow.*` rules and the `.authorization(allow => ...)` callbacks.
extension Evaluator {
    /// The rules an `.authorization(...)` callback returns (one rule or an array).
    /// `allow.resource(...)` is accepted at the schema level only (`schemaLevel`).
    mutating func authorizationRules(_ arguments: [Value.Located], at location: SourceLocation, schemaLevel: Bool = false) throws(Gen2Error) -> [AuthRule] {
        let given = try argument(arguments, 0, of: ".authorization(...)", expecting: "a function such as allow => [allow.publicApiKey()]", at: location)
        guard case .function(let closure) = given.value else {
            throw Gen2Error(".authorization expects a function such as allow => [allow.publicApiKey()].", at: given.location)
        }
        let result = try invoke(closure, [.builtin(.allow)], at: given.location)
        let rules = try rules(in: Value.Located(value: result, location: given.location))
        if !schemaLevel, let resource = rules.first(where: { $0.resource != nil }) {
            throw Gen2Error("allow.resource(...) belongs to the schema's .authorization(...): it gives a function access to the whole API.", at: resource.location)
        }
        return rules
    }

    /// A rule or an array of rules.
    func rules(in result: Value.Located) throws(Gen2Error) -> [AuthRule] {
        switch result.value {
        case .rule(let rule): return [rule]
        case .array(let items):
            var rules: [AuthRule] = []
            for item in items {
                guard case .rule(let rule) = item.value else {
                    throw Gen2Error("An authorization function must return allow.* rules, not \(item.value.description).", at: item.location)
                }
                rules.append(rule)
            }
            return rules
        default:
            throw Gen2Error("An authorization function must return an allow.* rule or an array of them, not \(result.value.description).", at: result.location)
        }
    }

    /// `allow.name(arguments)`.
    func allowRule(_ name: String, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> AuthRule {
        let call = "allow.\(name)(...)"
        func provider(_ index: Int, allowed: [String]) throws(Gen2Error) -> String? {
            guard let given = try optionalString(arguments, index, of: call) else { return nil }
            if given == "identityPool" || given == "iam" {
                throw Gen2Error(
                    "\(call) with the '\(given)' provider (AWS IAM credentials) is not supported by ModelGraph; it authorizes with API keys, user pools and OIDC tokens.",
                    at: arguments[index].location)
            }
            guard allowed.contains(given) else {
                throw Gen2Error("Invalid provider '\(given)' for \(call); expected \(allowed.joined(separator: " or ")).", at: arguments[index].location)
            }
            return given
        }
        func field(_ index: Int) throws(Gen2Error) -> String { try string(arguments, index, of: call, at: location) }
        switch name {
        case "publicApiKey":
            try noMoreArguments(arguments, than: 0, of: call, at: location)
            return AuthRule(strategy: "public", provider: "apiKey", location: location)
        case "authenticated":
            return AuthRule(strategy: "private", provider: try provider(0, allowed: ["userPools", "oidc"]), location: location)
        case "owner":
            return AuthRule(strategy: "owner", provider: try provider(0, allowed: ["userPools", "oidc"]), field: "owner", location: location)
        case "ownerDefinedIn", "ownersDefinedIn":
            let ownerField = try field(0)
            return AuthRule(
                strategy: "owner", provider: try provider(1, allowed: ["userPools", "oidc"]), field: ownerField, multiple: name == "ownersDefinedIn", location: location)
        case "group":
            let group = try field(0)
            return AuthRule(strategy: "groups", provider: try provider(1, allowed: ["userPools", "oidc"]), groups: [group], location: location)
        case "groups":
            let groups = try strings(arguments, 0, of: call, at: location).map(\.text)
            return AuthRule(strategy: "groups", provider: try provider(1, allowed: ["userPools", "oidc"]), groups: groups, location: location)
        case "groupDefinedIn", "groupsDefinedIn":
            let groupsField = try field(0)
            return AuthRule(
                strategy: "groups", provider: try provider(1, allowed: ["userPools", "oidc"]), field: groupsField, multiple: name == "groupsDefinedIn", location: location)
        case "guest":
            throw Gen2Error(
                "allow.guest() (signed-out users through an identity pool's IAM credentials) is not supported by ModelGraph; use allow.publicApiKey() for public access.",
                at: location)
        case "custom":
            throw Gen2Error("allow.custom() (a Lambda authorizer) is not supported by ModelGraph.", at: location)
        case "resource":
            let given = try argument(arguments, 0, of: call, expecting: "a function (defineFunction)", at: location)
            let name: String
            switch given.value {
            case .lambdaFunction(let function): name = function.name ?? "function"
            case .builtin(.imported(let binding, _)): name = binding
            default: throw Gen2Error("allow.resource expects a function (a defineFunction() result), not \(given.value.description).", at: given.location)
            }
            return AuthRule(strategy: "resource", resource: name, location: location)
        default:
            throw Gen2Error("allow.\(name) is not an authorization rule ModelGraph knows.", at: location)
        }
    }

    private static let ruleOperations: Set<String> = ["create", "update", "delete", "read", "get", "list", "sync", "listen", "search"]

    /// `.to([...])`, `.identityClaim(...)`, `.withClaimIn(...)`.
    func ruleModifier(_ name: String, _ rule: AuthRule, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> AuthRule {
        var rule = rule
        switch name {
        case "to" where rule.onOperation:
            throw Gen2Error("A custom operation's rule has no .to(): it allows calling the operation.", at: location)
        case "to" where rule.resource != nil:
            for operation in try strings(arguments, 0, of: ".to([...])", at: location) where !["query", "mutate", "listen"].contains(operation.text) {
                throw Gen2Error("'\(operation.text)' is not an operation of allow.resource; use query, mutate or listen.", at: operation.location)
            }
        case "to":
            var operations: [String] = []
            for operation in try strings(arguments, 0, of: ".to([...])", at: location) {
                guard Self.ruleOperations.contains(operation.text) else {
                    throw Gen2Error("'\(operation.text)' is not an operation; use create, update, delete, read, get, list, sync, listen or search.", at: operation.location)
                }
                operations.append(operation.text)
            }
            rule.operations = operations
        case "identityClaim" where rule.strategy == "owner":
            rule.identityClaim = try string(arguments, 0, of: ".identityClaim(...)", at: location)
        case "withClaimIn" where rule.strategy == "groups":
            rule.groupClaim = try string(arguments, 0, of: ".withClaimIn(...)", at: location)
        default:
            throw Gen2Error("This authorization rule has no method '\(name)'.", at: location)
        }
        return rule
    }
}
