/// The operations an `@auth` rule can grant (docs/api-contract.md §11).
package enum ModelOperation: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case create, update, delete, get, list, listen, sync, search

    /// What `read` stands for.
    package static let read: [ModelOperation] = [.get, .list, .listen, .sync, .search]
}

/// How a caller proved who it is, as AppSync names the modes; also the `provider` of a rule (the mode that may
/// use it).
package enum AuthProvider: String, CaseIterable, Hashable, Sendable, Codable {
    /// An API key (`x-api-key`).
    case apiKey
    /// A Cognito user pool token (`Authorization`).
    case userPools
    /// A token of another OpenID Connect provider (`Authorization`).
    case oidc

    /// True for the modes a signed-in user's token proves.
    package var isToken: Bool { self != .apiKey }
}

/// Who an `@auth` rule grants its operations to.
package enum AuthStrategy: String, Hashable, Sendable, Codable {
    /// Anyone with the rule's provider (an API key).
    case `public`
    /// Any signed-in user of the rule's provider.
    case `private`
    /// The user named in the record's owner field.
    case owner
    /// Members of listed groups (static) or of the groups named in the record (dynamic).
    case groups
}

/// One `@auth` rule, as the transformer reads it.
package struct AuthRule: Equatable, Hashable, Sendable, Codable {
    /// Who the rule grants to.
    package var strategy: AuthStrategy
    /// The mode a request must use for the rule to apply.
    package var provider: AuthProvider
    /// What the rule grants.
    package var operations: Set<ModelOperation>
    /// Owner rules: the field holding the owner (a `String`, or a `[String]` of owners).
    package var ownerField: String?
    /// Owner rules: the claim naming the user (`sub::username` joins two); group rules: the claim listing the
    /// caller's groups.
    package var identityClaim: String?
    /// Static group rules: the groups granted.
    package var groups: [String]
    /// Dynamic group rules: the field holding the record's group (a `String`) or groups (a `[String]`).
    package var groupsField: String?
    /// Group rules: the claim listing the caller's groups.
    package var groupClaim: String?

    /// The owner field when not named.
    package static let defaultOwnerField = "owner"
    /// The owner claim when not named: the subject and the user name, joined by `::`.
    package static let defaultIdentityClaim = "sub::username"
    /// The groups claim when not named.
    package static let defaultGroupClaim = "cognito:groups"
    /// The dynamic groups field when not named.
    package static let defaultGroupsField = "groups"

    /// Creates a rule; the provider defaults as the transformer's: `apiKey` for public rules, `userPools` for
    /// the others.
    package init(
        _ strategy: AuthStrategy, provider: AuthProvider? = nil, operations: Set<ModelOperation> = Set(ModelOperation.allCases), ownerField: String? = nil,
        identityClaim: String? = nil, groups: [String] = [], groupsField: String? = nil, groupClaim: String? = nil
    ) {
        self.strategy = strategy
        self.provider = provider ?? (strategy == .public ? .apiKey : .userPools)
        self.operations = operations
        self.ownerField = ownerField
        self.identityClaim = identityClaim
        self.groups = groups
        self.groupsField = groupsField
        self.groupClaim = groupClaim
    }

    /// True for a rule decided by the record (owner, dynamic groups): it filters rows rather than grant or deny
    /// a whole operation.
    package var isRecordBased: Bool {
        strategy == .owner || (strategy == .groups && groups.isEmpty)
    }

    /// The owner field an owner rule reads.
    package var effectiveOwnerField: String { ownerField ?? Self.defaultOwnerField }
    /// The claim an owner rule reads.
    package var effectiveIdentityClaim: String { identityClaim ?? Self.defaultIdentityClaim }
    /// The claim a group rule reads.
    package var effectiveGroupClaim: String { groupClaim ?? Self.defaultGroupClaim }
    /// The field a dynamic group rule reads.
    package var effectiveGroupsField: String { groupsField ?? Self.defaultGroupsField }
    /// The field a record-based rule reads: the owner field of an owner rule, else the groups field.
    package var recordField: String { strategy == .owner ? effectiveOwnerField : effectiveGroupsField }
}

/// Who may do what with a model (or one field): its rules, which combine with OR.
package struct AuthPolicy: Equatable, Sendable, Codable {
    /// The rules, in schema order.
    package var rules: [AuthRule]
    /// True when the policy came from the global `AMPLIFY.globalAuthRule`, not the model's own `@auth`.
    package var isFromGlobalRule: Bool

    /// Creates a policy from rules.
    package init(rules: [AuthRule], isFromGlobalRule: Bool = false) {
        self.rules = rules
        self.isFromGlobalRule = isFromGlobalRule
    }

    /// A policy of one public API-key rule granting `publicOperations`.
    package init(publicOperations: Set<ModelOperation>, isFromGlobalRule: Bool = false) {
        self.init(rules: publicOperations.isEmpty ? [] : [AuthRule(.public, operations: publicOperations)], isFromGlobalRule: isFromGlobalRule)
    }

    /// Nobody may do anything (a model without `@auth` and no global rule).
    package static let denyAll = AuthPolicy(rules: [])

    /// API-key callers may do everything.
    package static let allowAll = AuthPolicy(publicOperations: Set(ModelOperation.allCases))

    /// Operations granted to API-key callers.
    package var publicOperations: Set<ModelOperation> {
        rules.filter { $0.provider == .apiKey }.reduce(into: []) { $0.formUnion($1.operations) }
    }

    /// True when an API-key caller may perform `operation`.
    package func allows(_ operation: ModelOperation) -> Bool {
        publicOperations.contains(operation)
    }

    /// The rules that grant `operation` to a request made in `mode`.
    package func rules(granting operation: ModelOperation, in mode: AuthProvider) -> [AuthRule] {
        rules.filter { $0.provider == mode && $0.operations.contains(operation) }
    }

    /// The modes some rule serves.
    package var providers: Set<AuthProvider> { Set(rules.map(\.provider)) }
}
