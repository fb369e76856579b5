import GraphQL
import ModelIR

/// The keys each strategy's rules may carry, besides `allow`, `provider` and `operations`.
private let strategyKeys: [AuthStrategy: Set<String>] = [
    .public: [], .private: [], .owner: ["ownerField", "identityClaim"], .groups: ["groups", "groupsField", "groupClaim"],
]

/// The providers each strategy may use here.
private let strategyProviders: [AuthStrategy: Set<AuthProvider>] = [
    .public: [.apiKey], .private: [.userPools, .oidc], .owner: [.userPools, .oidc], .groups: [.userPools, .oidc],
]

extension SchemaLowering {
    /// Reads `@auth(rules: [...])` on a model.
    mutating func readAuthDirective(_ directive: Directive) -> AuthPolicy? {
        guard let rules = directive.argument("rules") else {
            error("@auth needs a 'rules' argument.", at: directive.loc)
            return nil
        }
        guard case .list(let items) = rules, !items.isEmpty else {
            error("@auth 'rules' must be a non-empty list.", at: directive.location(of: "rules", file: file))
            return nil
        }
        return authPolicy(rules: items, at: directive.loc)
    }

    /// Reads each rule as the Amplify transformer does (strategy, provider, operations and the strategy's own
    /// keys); anything ModelGraph cannot enforce (IAM, Lambda and custom rules, the v1 `queries`/`mutations`
    /// keys) is refused by name, never silently ignored.
    mutating func authPolicy(rules: [ArgumentValue], at location: Location?) -> AuthPolicy? {
        var policy = AuthPolicy(rules: [])
        var valid = true
        for rule in rules {
            if let read = authRule(rule, at: location) {
                policy.rules.append(read)
            } else {
                valid = false
            }
        }
        return valid ? policy : nil
    }

    private mutating func authRule(_ rule: ArgumentValue, at location: Location?) -> AuthRule? {
        guard case .object = rule, case .enumValue(let allow)? = rule["allow"] else {
            error("Each @auth rule needs 'allow', e.g. { allow: public }.", at: location)
            return nil
        }
        guard let strategy = AuthStrategy(rawValue: allow) else {
            error("@auth rule 'allow: \(allow)' is not supported; ModelGraph supports public, private, owner and groups.", at: location)
            return nil
        }
        var provider: AuthProvider?
        if let given = rule["provider"] {
            guard case .enumValue(let name) = given, let known = AuthProvider(rawValue: name) else {
                error("@auth rule 'allow: \(allow)' has provider \(Self.text(given)), which ModelGraph does not support; it supports apiKey, userPools and oidc.", at: location)
                return nil
            }
            provider = known
        }
        var read = AuthRule(strategy, provider: provider)
        guard strategyProviders[strategy]?.contains(read.provider) == true else {
            let allowed = (strategyProviders[strategy] ?? []).map(\.rawValue).sorted().joined(separator: " or ")
            error("@auth rule 'allow: \(allow)' cannot use provider \(read.provider.rawValue); use \(allowed).", at: location)
            return nil
        }
        var valid = true
        for key in rule.keys where !["allow", "provider", "operations"].contains(key) && strategyKeys[strategy]?.contains(key) != true {
            if key == "queries" || key == "mutations" {
                error("@auth '\(key)' is the transformer v1 spelling; use 'operations' (e.g. [create, read]).", at: location)
            } else {
                error("@auth rule key '\(key)' does not apply to 'allow: \(allow)'.", at: location)
            }
            valid = false
        }
        if let operations = rule["operations"] {
            guard let listed = authOperations(operations, at: location) else { return nil }
            read.operations = listed
        }
        for key in ["ownerField", "identityClaim", "groupsField", "groupClaim"] {
            guard let value = rule[key] else { continue }
            guard let text = value.stringValue, !text.isEmpty else {
                error("@auth '\(key)' must be a non-empty string.", at: location)
                valid = false
                continue
            }
            switch key {
            case "ownerField": read.ownerField = text
            case "identityClaim": read.identityClaim = text
            case "groupsField": read.groupsField = text
            default: read.groupClaim = text
            }
        }
        if let groups = rule["groups"] {
            guard let names = groups.stringList, !names.isEmpty else {
                error("@auth 'groups' must be a non-empty list of group names.", at: location)
                return nil
            }
            if rule["groupsField"] != nil {
                error("An @auth groups rule takes 'groups' (static) or 'groupsField' (dynamic), not both.", at: location)
                return nil
            }
            read.groups = names
        }
        return valid ? read : nil
    }

    /// The operations an `operations:` list names (`read` stands for get, list, listen, sync and search).
    private mutating func authOperations(_ listed: ArgumentValue, at location: Location?) -> Set<ModelOperation>? {
        let names: [ArgumentValue]
        switch listed {
        case .list(let items): names = items
        case .enumValue: names = [listed]
        default:
            error("@auth 'operations' must be a list such as [create, read].", at: location)
            return nil
        }
        var operations: Set<ModelOperation> = []
        for name in names {
            guard case .enumValue(let text) = name else { continue }
            if text == "read" {
                operations.formUnion(ModelOperation.read)
            } else if let operation = ModelOperation(rawValue: text) {
                operations.insert(operation)
            } else {
                error("Unknown @auth operation '\(text)'; expected create, update, delete, read, get, list, listen, sync or search.", at: location)
                return nil
            }
        }
        return operations
    }

    private static func text(_ value: ArgumentValue) -> String {
        if case .enumValue(let name) = value { return "'\(name)'" }
        return value.stringValue.map { "'\($0)'" } ?? "of the wrong kind"
    }
}
