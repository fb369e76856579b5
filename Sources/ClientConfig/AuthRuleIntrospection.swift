import JSON
import ModelIR

/// An `@auth` rule as Amplify's generator writes it into a model's attributes: owner rules with their provider,
/// owner field and identity claim; group rules with their claim and groups (or groups field); the others with
/// their provider; each with the operations it grants (`read` for all of reading).
enum AuthRuleIntrospection {
    static func rule(_ rule: AuthRule) -> JSONValue {
        let provider = JSONValue.string(rule.provider.rawValue)
        switch rule.strategy {
        case .owner:
            return .object([
                ("provider", provider), ("ownerField", .string(rule.ownerField ?? AuthRule.defaultOwnerField)), ("allow", .string("owner")),
                ("identityClaim", .string(identityClaim(rule.identityClaim))), ("operations", operations(rule.operations)),
            ])
        case .groups:
            var members: [(String, JSONValue)] = [("groupClaim", .string(rule.groupClaim ?? AuthRule.defaultGroupClaim)), ("provider", provider), ("allow", .string("groups"))]
            if let field = rule.groupsField {
                members.append(("groupsField", .string(field)))
                members.append(("groupField", .string("groups")))
            } else {
                members.append(("groups", .list(rule.groups.map(JSONValue.string))))
            }
            members.append(("operations", operations(rule.operations)))
            return .object(members)
        case .public, .private:
            return .object([("allow", .string(rule.strategy.rawValue)), ("provider", provider), ("operations", operations(rule.operations))])
        }
    }

    /// The claim naming the owner: the user name (the default, however written) is Cognito's `cognito:username`.
    static func identityClaim(_ claim: String?) -> String {
        switch claim {
        case nil, "username", "sub::username", "cognito:username": "cognito:username"
        case let other?: other
        }
    }

    /// The operations in Amplify's words and order: `create`, `update`, `delete`, then `read` when every reading
    /// operation is granted, else each granted one.
    static func operations(_ granted: Set<ModelOperation>) -> JSONValue {
        var names = [ModelOperation.create, .update, .delete].filter(granted.contains).map(\.rawValue)
        if ModelOperation.read.allSatisfy(granted.contains) {
            names.append("read")
        } else {
            names += ModelOperation.read.filter(granted.contains).map(\.rawValue)
        }
        return .list(names.map(JSONValue.string))
    }
}
