import Foundation
import GraphQL
import HTTPTypes
import Hummingbird
import Logging
import Planner

/// Turns HTTP requests into GraphQL requests and back: JSON and `application/graphql` bodies, batches (a JSON
/// array), `GET ?query=` for queries, one log line per request.
struct GraphQLHTTPHandler: Sendable {
    let configuration: ServerConfiguration
    let executor: GraphQLExecutor
    let logger: Logger
    func post(_ request: Request, requestID: String) async throws -> Response {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodySize)
        } catch {
            return respond(.contentTooLarge, requestID, failure("The request body is larger than \(configuration.maximumBodySize) bytes (body size limit).", "LimitExceeded"))
        }
        let bytes = Array(buffer.readableBytesView)
        if request.headers[.contentType]?.hasPrefix("application/graphql") == true {
            guard let query = String(validating: bytes, as: UTF8.self) else {
                return respond(.badRequest, requestID, failure("The request body is not UTF-8 text.", "BadRequest"))
            }
            return await run(IncomingRequest(query: query), requestID: requestID)
        }
        let json: InputValue
        do {
            json = try JSONReader.parse(bytes, maximumDepth: jsonDepthLimit)
        } catch {
            return respond(.badRequest, requestID, failure(Self.explain(error, nesting: executor.planner.limits.maximumNesting), Self.errorType(error)))
        }
        if case .list(let items) = json {
            let batch = items.compactMap(IncomingRequest.init(json:))
            guard !batch.isEmpty, batch.count == items.count, batch.count <= 50 else {
                return respond(.badRequest, requestID, failure("A batch must be a JSON array of 1 to 50 GraphQL requests.", "BadRequest"))
            }
            var bodies: [String] = []
            for item in batch { bodies.append(await executeLogged(item, requestID: requestID)) }
            return respond(.ok, requestID, "[" + bodies.joined(separator: ",") + "]")
        }
        guard let graphQLRequest = IncomingRequest(json: json) else {
            return respond(.badRequest, requestID, failure("The request body is not a GraphQL request ({\"query\": …, \"variables\": {…}}).", "BadRequest"))
        }
        return await run(graphQLRequest, requestID: requestID)
    }

    /// `GET /graphql?query=…&variables=…&operationName=…`: queries only (a GET must not change data). The
    /// parameters are read as HTML forms send them (`+` is a space), and must be UTF-8.
    func get(_ request: Request, requestID: String) async -> Response {
        guard let parameters = FormParameters(query: request.uri.query ?? "") else {
            return respond(.badRequest, requestID, failure("The query string is not UTF-8 text once percent-decoded.", "BadRequest"))
        }
        guard let query = parameters["query"] else {
            return respond(.badRequest, requestID, failure("GET /graphql needs a 'query' parameter.", "BadRequest"))
        }
        var variables: [String: InputValue] = [:]
        if let text = parameters["variables"], !text.isEmpty {
            let json: InputValue
            do {
                json = try JSONReader.parse(Array(text.utf8), maximumDepth: jsonDepthLimit)
            } catch {
                return respond(.badRequest, requestID, failure(Self.explain(error, nesting: executor.planner.limits.maximumNesting, body: "'variables'"), Self.errorType(error)))
            }
            guard case .object(let entries) = json else {
                return respond(.badRequest, requestID, failure("'variables' must be a JSON object.", "BadRequest"))
            }
            for (name, value) in entries { variables[name] = value }
        }
        let graphQLRequest = IncomingRequest(query: query, operationName: parameters["operationName"], variables: variables)
        if executor.planner.isMutation(query: query, operationName: graphQLRequest.operationName) {
            return respond(.methodNotAllowed, requestID, failure("Mutations must be sent with POST.", "BadRequest"))
        }
        return await run(graphQLRequest, requestID: requestID)
    }

    /// JSON may nest as deep as a document, plus the request's own envelope (`{"variables": {"input": …}}`).
    private var jsonDepthLimit: Int { executor.planner.limits.maximumNesting + 2 }

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

    private func run(_ request: IncomingRequest, requestID: String) async -> Response {
        respond(.ok, requestID, await executeLogged(request, requestID: requestID))
    }

    private func executeLogged(_ request: IncomingRequest, requestID: String) async -> String {
        let start = ContinuousClock.now
        let (body, failed, name) = await executor.run(request, requestID: requestID, introspection: configuration.introspection)
        let elapsed = ContinuousClock.now - start
        let operationName = name ?? executor.planner.operationName(query: request.query, given: request.operationName)
        executor.metrics.record(operation: operationName, failed: failed, duration: elapsed)
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("graphql", metadata: [
            "requestId": "\(requestID)", "operation": "\(LogText.safe(operationName ?? "-"))",
            "durationMs": "\(String(format: "%.2f", milliseconds))", "errors": "\(failed)",
        ])
        return body
    }

    private func failure(_ message: String, _ type: String) -> String {
        "{\"data\":null,\"errors\":[{\"path\":null,\"data\":null,\"errorType\":\(JSONText.quote(type)),\"errorInfo\":null,\"locations\":[],\"message\":\(JSONText.quote(message))}]}"
    }

    private func respond(_ status: HTTPResponse.Status, _ requestID: String, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
