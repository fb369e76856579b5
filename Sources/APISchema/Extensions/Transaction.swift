/// `directive @transaction on MUTATION`: a mutation document marked with it runs all its root fields in one
/// database transaction. Declared only in the extended API, so AppSync's API refuses it as an unknown directive.
extension APIExtensions {
    /// The directive's name, as the planner looks for it on an operation.
    package static let transactionDirective = "transaction"

    /// The directive's declaration, when the API has mutations at all.
    static func transaction(_ context: APIExtensionContext) -> [APIExtension] {
        guard context.rootFields[.mutation]?.isEmpty == false else { return [] }
        return [APIExtension(feature: "transaction", model: nil, additions: [.definition(.directive("@\(transactionDirective) on MUTATION"))])]
    }
}
