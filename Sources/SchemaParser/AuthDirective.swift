import GraphQL
import ModelIR

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

    /// Unions the operations every `allow: public` rule grants; other strategies are rejected
    /// (docs/decisions.md §7: "not supported yet", never silently ignored).
    mutating func authPolicy(rules: [ArgumentValue], at location: Location?) -> AuthPolicy? {
        var operations: Set<ModelOperation> = []
        var valid = true
        for rule in rules {
            guard case .object = rule, case .enumValue(let strategy)? = rule["allow"] else {
                error("Each @auth rule needs 'allow', e.g. { allow: public }.", at: location)
                valid = false
                continue
            }
            guard strategy == "public" else {
                error("@auth rule 'allow: \(strategy)' is not supported yet; ModelGraph supports 'allow: public' with API keys.", at: location)
                valid = false
                continue
            }
            if let provider = rule["provider"], provider != .enumValue("apiKey") {
                error("@auth rule 'allow: public' supports only 'provider: apiKey' here.", at: location)
                valid = false
                continue
            }
            for key in rule.keys where !["allow", "provider", "operations"].contains(key) {
                error("@auth rule key '\(key)' does not apply to 'allow: public'.", at: location)
                valid = false
            }
            guard let listed = rule["operations"] else {
                operations.formUnion(ModelOperation.allCases)
                continue
            }
            let names: [ArgumentValue]
            switch listed {
            case .list(let items): names = items
            case .enumValue: names = [listed]
            default:
                error("@auth 'operations' must be a list such as [create, read].", at: location)
                valid = false
                continue
            }
            for name in names {
                guard case .enumValue(let text) = name else { continue }
                if text == "read" {
                    operations.formUnion(ModelOperation.read)
                } else if let operation = ModelOperation(rawValue: text) {
                    operations.insert(operation)
                } else {
                    error("Unknown @auth operation '\(text)'; expected create, update, delete, read, get, list, listen, sync or search.", at: location)
                    valid = false
                }
            }
        }
        return valid ? AuthPolicy(publicOperations: operations) : nil
    }
}
