import Execution
import Foundation
import HTTPTypes
import Hummingbird
import JSON
import Logging
import Planner
import Telemetry

/// Turns HTTP requests into GraphQL requests and back: JSON and `application/graphql` bodies, batches (a JSON
/// array), `GET ?query=` for queries, one log line per request (naming the authorization mode the request was run in).
struct GraphQLHTTPHandler: Sendable {
    let configuration: ServerConfiguration
    let executor: GraphQLExecutor
    let metrics: ServerMetrics
    let logger: Logger
    /// The executor's read-replica router, when it has one: looked up once, not cast per request.
    private let replicaRouter: ReplicaRouter?

    init(configuration: ServerConfiguration, executor: GraphQLExecutor, metrics: ServerMetrics, logger: Logger) {
        self.configuration = configuration
        self.executor = executor
        self.metrics = metrics
        self.logger = logger
        replicaRouter = executor.runner as? ReplicaRouter
    }

    func post(_ request: Request, origin: RequestOrigin) async throws -> Response {
        let requestID = origin.requestID
        // A body over the limit is refused on its declared length, before any of it is read, and the
        // connection is closed after the answer rather than reading the rest (`BodyAdmission`).
        if let declared = BodyAdmission.declaredLength(request.head), declared > configuration.maximumBodySize { return tooLarge() }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodySize)
        } catch {
            return tooLarge()
        }
        let bytes = Array(buffer.readableBytesView)
        if request.headers.value(of: .contentType)?.hasPrefix("application/graphql") == true {
            guard let query = String(validating: bytes, as: UTF8.self) else {
                return respond(.badRequest, requestID, failure("The request body is not UTF-8 text.", "BadRequest"))
            }
            return await run(OperationRequest(query: query), request, origin: origin)
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(bytes, maximumDepth: jsonDepthLimit)
        } catch {
            return respond(.badRequest, requestID, failure(Self.explain(error, nesting: executor.limits.maximumNesting), Self.errorType(error)))
        }
        if case .list(let items) = json {
            let batch = items.compactMap(OperationRequest.init(json:))
            guard !batch.isEmpty, batch.count == items.count, batch.count <= 50 else {
                return respond(.badRequest, requestID, failure("A batch must be a JSON array of 1 to 50 GraphQL requests.", "BadRequest"))
            }
            // The token limit and the time budget hold for the batch as a whole: fifty documents must cost no
            // more to read than one, and their root fields no more time than one request's.
            guard !executor.exceedsTokenLimit(batch) else {
                return respond(
                    .badRequest, requestID, failure("The batch's documents have more than \(executor.limits.maximumTokens) tokens in all (token limit).", "LimitExceeded"))
            }
            var shared = origin
            shared.startedAt = .now
            return await positioned(request, origin: origin) { position in
                var bodies: [String] = []
                for item in batch {
                    if !bodies.isEmpty, !(await origin.isConnected()) { break }
                    bodies.append(await executeLogged(item, origin: shared, position: position))
                }
                return "[" + bodies.joined(separator: ",") + "]"
            }
        }
        guard let graphQLRequest = OperationRequest(json: json) else {
            return respond(.badRequest, requestID, failure("The request body is not a GraphQL request ({\"query\": …, \"variables\": {…}}).", "BadRequest"))
        }
        return await run(graphQLRequest, request, origin: origin)
    }

    /// `GET /graphql?query=…&variables=…&operationName=…`: queries only (a GET must not change data). The
    /// parameters are read as HTML forms send them (`+` is a space), and must be UTF-8.
    func get(_ request: Request, origin: RequestOrigin) async -> Response {
        let requestID = origin.requestID
        guard let parameters = FormParameters(query: request.uri.query ?? "") else {
            return respond(.badRequest, requestID, failure("The query string is not UTF-8 text once percent-decoded.", "BadRequest"))
        }
        guard let query = parameters["query"] else {
            return respond(.badRequest, requestID, failure("GET /graphql needs a 'query' parameter.", "BadRequest"))
        }
        var variables: [String: InputValue] = [:]
        if let text = parameters["variables"], !text.isEmpty {
            let json: JSONValue
            do {
                json = try JSONReader.parse(Array(text.utf8), maximumDepth: jsonDepthLimit)
            } catch {
                return respond(.badRequest, requestID, failure(Self.explain(error, nesting: executor.limits.maximumNesting, body: "'variables'"), Self.errorType(error)))
            }
            guard case .object(let entries) = json else {
                return respond(.badRequest, requestID, failure("'variables' must be a JSON object.", "BadRequest"))
            }
            for (name, value) in entries { variables[name] = InputValue(value) }
        }
        let graphQLRequest = OperationRequest(query: query, operationName: parameters["operationName"], variables: variables)
        if executor.kind(of: graphQLRequest) == .mutation {
            return respond(.methodNotAllowed, requestID, failure("Mutations must be sent with POST.", "BadRequest"))
        }
        return await run(graphQLRequest, request, origin: origin)
    }

    /// 413 for a body over the limit, closing the connection after it (built only when a body is refused).
    private func tooLarge() -> Response {
        Response(
            status: .contentTooLarge, headers: [.contentType: "application/json", .connection: "close"],
            body: ResponseBody(
                byteBuffer: ByteBuffer(
                    string: ResponseJSON.failure("The request body is larger than \(configuration.maximumBodySize) bytes (body size limit).", errorType: "LimitExceeded")))
        )
    }

    /// 405 for a method `/graphql` does not take, naming the ones it does in `Allow` and in the error.
    static func methodNotAllowed(_ method: HTTPRequest.Method) -> Response {
        let body = ResponseJSON.gatewayFailure("/graphql takes POST (and GET for queries), not \(method.rawValue).", errorType: "MethodNotAllowed")
        return Response(status: .methodNotAllowed, headers: [.contentType: "application/json", .allow: "GET, POST"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// JSON may nest as deep as a document, plus the request's own envelope (`{"variables": {"input": …}}`).
    private var jsonDepthLimit: Int { executor.limits.maximumNesting + 2 }

    /// What is wrong with a body (or `variables` parameter) the JSON reader refused, in the client's terms.
    static func explain(_ error: JSONReader.Failure, nesting: Int, body: String = "The request body") -> String {
        let place = error.path.isEmpty ? "" : " at '" + error.path.joined(separator: ".") + "'"
        switch error.reason {
        case .syntax:
            return "\(body) is not valid JSON (byte \(error.offset))."
        case .tooDeep:
            return "\(body) nests JSON arrays and objects more than \(nesting) deep\(place) (nesting limit)."
        case .notUnicode:
            return "\(body) holds a string that is not Unicode text\(place) (invalid UTF-8, or a UTF-16 surrogate escape without its pair); it cannot be stored as sent."
        }
    }

    /// The error type of a refused body: a limit, a value that cannot be kept, or plain bad input.
    static func errorType(_ error: JSONReader.Failure) -> String {
        switch error.reason {
        case .syntax: "BadRequest"
        case .tooDeep: "LimitExceeded"
        case .notUnicode: "ValidationError"
        }
    }

    /// Runs one request; its time budget starts now, once its body has been read.
    private func run(_ operation: OperationRequest, _ request: Request, origin: RequestOrigin) async -> Response {
        var origin = origin
        origin.startedAt = .now
        return await positioned(request, origin: origin) { [origin] position in await executeLogged(operation, origin: origin, position: position) }
    }

    /// Runs `work` (which returns the body) as one HTTP request. With read replicas, it runs under the request's
    /// `ReadPosition` (what `x-modelgraph-min-lsn` or the caller's last write asks replicas to have replayed),
    /// and the response carries the commit position of its writes in `x-modelgraph-lsn`.
    private func positioned(_ request: Request, origin: RequestOrigin, _ work: (ReadPosition?) async -> String) async -> Response {
        guard let router = replicaRouter else { return respond(.ok, origin.requestID, await work(nil)) }
        guard let position = router.beginRequest(principal: origin.keyID, header: request.headers.value(of: ReadYourWrites.minimumHeader)) else {
            return respond(
                .badRequest, origin.requestID,
                failure("The x-modelgraph-min-lsn header must be a WAL position such as 0/3000060, as x-modelgraph-lsn gives it.", "BadRequest"))
        }
        let body = await ReadPosition.$current.withValue(position) { await work(position) }
        router.endRequest(position, principal: origin.keyID)
        var response = respond(.ok, origin.requestID, body)
        if let committed = position.committed { response.headers[ReadYourWrites.committedHeader] = committed.description }
        return response
    }

    /// Runs one request, records it in the metrics and logs one line for it; returns the response body (with
    /// the commit position of the HTTP request's writes so far under `extensions.lsn`, when there is one).
    private func executeLogged(_ request: OperationRequest, origin: RequestOrigin, position: ReadPosition? = nil) async -> String {
        let start = ContinuousClock.now
        var result = await executor.run(request, origin: origin, introspection: configuration.introspection)
        result.commitPosition = position?.committed?.description
        if Telemetry.isEnabled { TracingRequestMiddleware.record(result) }
        let elapsed = ContinuousClock.now - start
        metrics.record(operation: result.operationName, failed: result.failed, duration: elapsed)
        metrics.recordDatabaseErrors(result.databaseErrors)
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info(
            "graphql",
            metadata: [
                "requestId": "\(origin.requestID)", "operation": "\(LogText.safe(result.operationName ?? "-"))",
                "durationMs": "\(String(format: "%.2f", milliseconds))", "errors": "\(result.failed)", "auth": "\(origin.caller.mode)",
            ])
        return result.json
    }

    private func failure(_ message: String, _ type: String) -> String {
        ResponseJSON.failure(message, errorType: type)
    }

    private func respond(_ status: HTTPResponse.Status, _ requestID: String, _ body: String) -> Response {
        Response(status: status, headers: Self.jsonHeaders, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// A JSON answer's headers, built once (every response copies them, which shares their storage).
    private static let jsonHeaders: HTTPFields = [.contentType: "application/json"]
}
