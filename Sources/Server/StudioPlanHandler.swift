import Execution
import Hummingbird
import JSON
import Logging
import Planner

/// `POST /studio/plan`: `{"query", "variables"?, "operationName"?, "explain": bool}` → the statements the
/// operation would run for the request's caller (`GraphQLExecutor.plans`), read within the same limits as a
/// `POST /graphql` body (size, JSON nesting; the planner applies depth, cost and the rest).
struct StudioPlanHandler: Sendable {
    let configuration: ServerConfiguration
    let executor: GraphQLExecutor
    let logger: Logger

    func post(_ request: Request, origin: RequestOrigin) async -> Response {
        let tooLarge = StudioRoutes.json(
            .contentTooLarge, ResponseJSON.failure("The request body is larger than \(configuration.maximumBodySize) bytes (body size limit).", errorType: "LimitExceeded"))
        if let declared = BodyAdmission.declaredLength(request.head), declared > configuration.maximumBodySize { return tooLarge }
        let bytes: [UInt8]
        do {
            bytes = Array(try await request.body.collect(upTo: configuration.maximumBodySize).readableBytesView)
        } catch {
            return tooLarge
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(bytes, maximumDepth: executor.limits.maximumNesting + 2)
        } catch {
            let message = GraphQLHTTPHandler.explain(error, nesting: executor.limits.maximumNesting)
            return StudioRoutes.json(.badRequest, ResponseJSON.failure(message, errorType: GraphQLHTTPHandler.errorType(error)))
        }
        var explain = false
        var fields: [(String, JSONValue)] = []
        if case .object(let entries) = json {
            for (key, value) in entries {
                guard key == "explain" else {
                    fields.append((key, value))
                    continue
                }
                guard case .boolean(let flag) = value else { return badRequest() }
                explain = flag
            }
        }
        guard let operation = OperationRequest(json: .object(fields)) else { return badRequest() }
        var origin = origin
        origin.startedAt = .now
        let plans = await executor.plans(for: operation, origin: origin, explain: explain)
        logger.info("studio plan", metadata: ["requestId": "\(origin.requestID)", "explain": "\(explain)", "errors": "\(plans.errors.count)"])
        return StudioRoutes.json(.ok, plans.json)
    }

    private func badRequest() -> Response {
        StudioRoutes.json(
            .badRequest,
            ResponseJSON.failure("The request body is not a plan request ({\"query\": …, \"variables\": {…}, \"operationName\": …, \"explain\": true}).", errorType: "BadRequest"))
    }
}
