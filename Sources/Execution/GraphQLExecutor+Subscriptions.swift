import APISchema
import JSON
package import Planner
package import Postgres
package import SQLSyntax

/// Subscriptions, for any real-time transport: planning a subscription request, and reading a delivery
/// statement for a batch of changed records.
extension GraphQLExecutor {
    /// Plans `request` as a subscription of `origin`'s caller; its errors are in the contract's shape, each with
    /// an `errorType` (real-time clients drop errors without one): a plain validation error is a
    /// `ValidationError`. A custom subscription's functions are called now, in order, as AppSync calls a
    /// subscription's resolver: an error from one refuses the subscription with that error.
    package func subscribe(_ request: OperationRequest, origin: RequestOrigin) async -> Result<PlannedSubscription, RefusedSubscription> {
        let planned: PlannedSubscription
        do throws(PlanErrors) {
            planned = try planner.planAnySubscription(query: request.query, operationName: request.operationName, inputs: request.variables, caller: origin.caller)
        } catch {
            return .failure(
                RefusedSubscription(
                    errors: error.errors.map { planError in
                        var entry = ResponseError(planError)
                        if entry.errorType == nil { entry.errorType = "ValidationError" }
                        return entry
                    }))
        }
        guard case .custom(let custom) = planned, !custom.functions.isEmpty else { return .success(planned) }
        var origin = origin
        origin.variables = request.variables
        if case .failure(let refusal) = await callPipeline(custom.functions, plan: custom.field, origin: origin) {
            var entry = ResponseError(message: refusal.message, errorType: refusal.errorType)
            entry.path = [custom.responseKey]
            return .failure(RefusedSubscription(errors: [entry]))
        }
        return .success(planned)
    }

    /// The tables of the models that have subscription fields: the ones whose changes must be recorded.
    /// True under conflict detection: a delete leaves a tombstone, which subscribers get as a delete.
    package var keepsTombstones: Bool { view.keepsTombstones }

    package var subscribedTables: [TableName] {
        Set(view.api.subscriptionFields.values.map(\.model)).sorted().compactMap { view.model($0).map(view.table) }
    }

    /// The kind of operation `request` selects, or nil when its document is refused (then `subscribe` or `run`
    /// says why).
    package func operationKind(of request: OperationRequest) -> ExecutionResult.Kind? {
        kind(of: request)
    }

    /// Runs `statement` for the row images `images` (a JSON array's text): one row per image, in order, with
    /// the filterable fields when `readsFields`.
    package func deliver(_ statement: DeliveryStatement, images: String, readsFields: Bool) async throws -> QueryResult {
        try await runner.run(statement.sql, statement.parameters(images: images, readsFields: readsFields), idempotent: true, tenant: "")
    }

    /// This executor with its statements run by `runner`: real-time delivery reads through a connection of its
    /// own, so events never take a request's place in the pool.
    package func running(on runner: any StatementRunner) -> GraphQLExecutor {
        var copy = self
        copy.runner = runner
        return copy
    }
}

/// Why a subscription request was refused: its errors, in the contract's shape.
package struct RefusedSubscription: Error {
    /// The errors, each with an `errorType`.
    package var errors: [ResponseError]
}
