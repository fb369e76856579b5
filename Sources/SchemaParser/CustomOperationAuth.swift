import GraphQL
import ModelIR

extension SchemaLowering {
    /// Who may call a custom operation, from one of its directives: `@auth` rules that grant a whole operation
    /// (public, private, static groups), or AppSync's own `@aws_api_key`, `@aws_cognito_user_pools`
    /// (with `cognito_groups`) and `@aws_oidc`. Rules that need a record (owner, groups named in a field) have
    /// nothing to read on an operation and are refused, as are the modes ModelGraph does not serve.
    mutating func readOperationAuth(_ directive: Directive, owner: String) -> [AuthRule]? {
        switch directive.name.value {
        case "aws_api_key":
            return [AuthRule(.public, provider: .apiKey)]
        case "aws_oidc":
            return [AuthRule(.private, provider: .oidc)]
        case "aws_cognito_user_pools":
            guard let groups = directive.argument("cognito_groups") else { return [AuthRule(.private, provider: .userPools)] }
            guard let names = groups.stringList, !names.isEmpty else {
                error("@aws_cognito_user_pools 'cognito_groups' is a non-empty list of group names.", at: directive.loc)
                return nil
            }
            return [AuthRule(.groups, provider: .userPools, groups: names)]
        case "aws_iam", "aws_lambda":
            error(
                "@\(directive.name.value) on \(owner): ModelGraph does not serve \(directive.name.value == "aws_iam" ? "IAM" : "Lambda-authorizer") authorization; use @aws_api_key, @aws_cognito_user_pools or @aws_oidc.",
                at: directive.loc)
            return nil
        default:
            return readOperationAuthRules(directive, owner: owner)
        }
    }

    private mutating func readOperationAuthRules(_ directive: Directive, owner: String) -> [AuthRule]? {
        if case .list(let items)? = directive.argument("rules") {
            if items.contains(where: { $0["operations"] != nil }) {
                error(
                    "@auth rules on fields within Query, Mutation, Subscription cannot specify 'operations' argument as these rules are already on an operation already.",
                    at: directive.loc)
                return nil
            }
        }
        guard let policy = readAuthDirective(directive) else { return nil }
        if let rule = policy.rules.first(where: \.isRecordBased) {
            let what = rule.strategy == .owner ? "an owner rule" : "a rule on groups named in a field ('groupsField')"
            error(
                "\(owner) has \(what); a custom operation has no record to read an owner or groups from. Use public, private or static groups rules, and check ownership in the handler (it receives the caller's identity).",
                at: directive.loc)
            return nil
        }
        return policy.rules
    }
}
