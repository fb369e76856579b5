/// The operations an `@auth` rule can grant (docs/api-contract.md §11).
package enum ModelOperation: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case create, update, delete, get, list, listen, sync, search

    /// What `read` stands for.
    package static let read: [ModelOperation] = [.get, .list, .listen, .sync, .search]
}

/// Who may do what with a model. Only `allow: public` with the API key provider exists today
/// (docs/decisions.md §7: other strategies are rejected by the parser).
package struct AuthPolicy: Equatable, Sendable, Codable {
    /// Operations granted to API-key callers.
    package var publicOperations: Set<ModelOperation>
    /// True when the policy came from the global `AMPLIFY.globalAuthRule`, not the model's own `@auth`.
    package var isFromGlobalRule: Bool

    /// Creates a policy.
    package init(publicOperations: Set<ModelOperation>, isFromGlobalRule: Bool = false) {
        self.publicOperations = publicOperations
        self.isFromGlobalRule = isFromGlobalRule
    }

    /// Nobody may do anything (a model without `@auth` and no global rule).
    package static let denyAll = AuthPolicy(publicOperations: [])

    /// API-key callers may do everything.
    package static let allowAll = AuthPolicy(publicOperations: Set(ModelOperation.allCases))

    /// True when an API-key caller may perform `operation`.
    package func allows(_ operation: ModelOperation) -> Bool {
        publicOperations.contains(operation)
    }
}
