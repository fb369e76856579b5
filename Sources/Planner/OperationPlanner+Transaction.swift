import APISchema
import GraphQL

/// `mutation … @transaction`: whether an operation asks for all its root fields in one database transaction.
extension OperationPlanner {
    /// Most root fields one transaction may hold: each runs in turn on one connection held for all of them.
    package static let maximumTransactionFields = 50

    /// True when `operation` is marked `@transaction` (only the extended API declares the directive, so
    /// validation refuses it elsewhere); more than `maximumTransactionFields` root fields are refused.
    func isTransaction(_ operation: OperationDefinition, rootFieldCount: Int) throws(PlanErrors) -> Bool {
        guard view.allowsExtensions, operation.operation == .mutation,
            let directive = operation.directives.first(where: { $0.name.value == APIExtensions.transactionDirective })
        else { return false }
        guard rootFieldCount <= Self.maximumTransactionFields else {
            let location = directive.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
            throw PlanErrors([
                PlanError(
                    .limitExceeded,
                    "A @transaction mutation may have at most \(Self.maximumTransactionFields) root fields; this one has \(rootFieldCount). Split it into several transactions.",
                    locations: location)
            ])
        }
        return true
    }
}
