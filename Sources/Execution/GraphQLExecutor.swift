package import Logging
package import Planner
import Postgres
import SQLSyntax
import Telemetry

/// Runs a GraphQL request for any transport: plan (cached), one statement per root field, the data JSON built
/// by PostgreSQL and spliced together as text, database errors told in the contract's terms.
package struct GraphQLExecutor: Sendable {
    let planner: OperationPlanner
    /// Where the statements run.
    package internal(set) var runner: any StatementRunner
    let logger: Logger
    /// Statements slower than this are logged with their plan id.
    package var slowStatementThreshold: Duration = .milliseconds(500)
    /// How long one request's root fields may run in all: a root field that would start after this is not run
    /// (`LimitExceeded`), so a thousand aliased fields cannot each use a full statement timeout. Nil: no bound.
    package var requestTimeBudget: Duration?
    /// Most bytes of data one response may carry; a root field whose answer would pass it is replaced by a
    /// `LimitExceeded` error. Nil: no bound.
    package var maximumResponseBytes: Int?
    /// Optionally bounds the requests of one API key that use the database at once (`KeyPermits`); nil: no
    /// bound beyond the pool's turn-taking between keys.
    package var keyPermits: KeyPermits?
    /// Told after each mutation's write committed, so real-time delivery need not wait for its next poll.
    package var onCommittedWrite: (@Sendable () -> Void)?
    /// Where custom queries' SQL runs when the server has no read replicas: a pool whose transactions are
    /// read-only, so no statement a query runs can write; nil runs them with the other reads.
    package var readOnlyRunner: (any StatementRunner)?
    /// Calls the functions custom operations name; nil when the server maps none (such a call then fails).
    package var functions: (any FunctionInvoking)?
    /// Sends the calls of `@http` fields; nil when the server has none to send (such a field then fails).
    package var httpResolvers: (any HTTPResolving)?

    /// Creates an executor.
    package init(planner: OperationPlanner, runner: any StatementRunner, logger: Logger) {
        self.planner = planner
        self.runner = runner
        self.logger = logger
    }

    /// The API and storage the executor plans against.
    package var view: APISchemaView { planner.view }

    /// The limits every request is held to (a transport reads its envelope within them too).
    package var limits: RequestLimits { planner.limits }

    /// The kind of operation `request` selects, without running it; nil when the document is refused.
    package func kind(of request: OperationRequest) -> ExecutionResult.Kind? {
        planner.operationType(query: request.query, operationName: request.operationName).flatMap(ExecutionResult.Kind.init(rawValue:))
    }

    /// True when the documents of a batch have more tokens in all than one request may: fifty documents must
    /// cost no more to read than one. Counted before any is parsed, and no further than the limit.
    package func exceedsTokenLimit(_ batch: [OperationRequest]) -> Bool {
        let limit = limits.maximumTokens
        var total = 0
        for request in batch {
            total += limits.tokens(in: request.query, upTo: limit - total)
            if total > limit { return true }
        }
        return false
    }

    /// Runs `request`. With `introspection` false, introspection operations are refused. `origin` names the
    /// API key (for `keyPermits` and the pool's turns) and the start of the time budget.
    package func run(_ request: OperationRequest, origin given: RequestOrigin, introspection: Bool = true) async -> ExecutionResult {
        var origin = given
        origin.variables = request.variables
        let operation: PlannedOperation
        // Nil unless tracing is on and the request is traced.
        let planning = Telemetry.parent.map(ExecutionTrace.startPlanning)
        do {
            operation = try planner.plan(query: request.query, operationName: request.operationName, inputs: request.variables, caller: origin.caller)
            if let planning { ExecutionTrace.endPlanning(planning, operation) }
        } catch {
            if let planning { ExecutionTrace.endPlanning(planning, failedWith: error) }
            let name = planner.operationName(query: request.query, given: request.operationName)
            return ExecutionResult(data: nil, errors: error.errors.map(ResponseError.init), operationName: name)
        }
        let name = request.operationName ?? operation.name
        if operation.isIntrospection {
            guard introspection else {
                let refusal = ResponseError(message: "Introspection is turned off on this server.", errorType: "IntrospectionDisabled")
                return ExecutionResult(data: nil, errors: [refusal], operationName: name, kind: .introspection)
            }
            var result = await introspect(request)
            result.operationName = name
            return result
        }
        let kind = ExecutionResult.Kind(rawValue: operation.operationType.lowercased())
        let usesDatabase = operation.fields.contains { field in
            if case .statement = field.plan { return true }
            return false
        }
        guard usesDatabase, let permits = keyPermits, let keyID = origin.keyID else {
            var result = await execute(operation, origin: origin)
            (result.operationName, result.kind) = (name, kind)
            return result
        }
        let remaining = requestTimeBudget.map { $0 - (ContinuousClock.now - origin.startedAt) }
        switch await permits.acquire(keyID, timeout: remaining.map { max($0, .zero) }) {
        case .granted:
            defer { permits.release(keyID) }
            var result = await execute(operation, origin: origin)
            (result.operationName, result.kind) = (name, kind)
            return result
        case .queueFull, .timedOut:
            let message = "Too many requests of this API key are waiting for the database (at most \(permits.permits) run at once); retry shortly."
            let refusal = ResponseError(message: message, errorType: "LimitExceeded", requestID: origin.requestID)
            return ExecutionResult(data: nil, errors: [refusal], operationName: name, kind: kind)
        }
    }
}
