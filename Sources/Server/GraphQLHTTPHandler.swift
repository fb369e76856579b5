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
    /// Where request ids come from.
    let requestIDs = RequestIDs()

    func post(_ request: Request) async throws -> Response {
        let requestID = requestIDs.next()
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodySize)
        } catch {
            return respond(.contentTooLarge, requestID, failure("The request body is larger than \(configuration.maximumBodySize) bytes (body size limit).", "LimitExceeded"))
        }
        if request.headers[.contentType]?.hasPrefix("application/graphql") == true {
            return await run(IncomingRequest(query: String(buffer: buffer)), requestID: requestID)
        }
        let json = try? JSONReader.parse(Array(buffer.readableBytesView))
        if case .list(let items)? = json {
            let batch = items.compactMap(IncomingRequest.init(json:))
            guard !batch.isEmpty, batch.count == items.count, batch.count <= 50 else {
                return respond(.badRequest, requestID, failure("A batch must be a JSON array of 1 to 50 GraphQL requests.", "BadRequest"))
            }
            var bodies: [String] = []
            for item in batch { bodies.append(await executeLogged(item, requestID: requestID)) }
            return respond(.ok, requestID, "[" + bodies.joined(separator: ",") + "]")
        }
        guard let json, let graphQLRequest = IncomingRequest(json: json) else {
            return respond(.badRequest, requestID, failure("The request body is not a GraphQL request ({\"query\": …, \"variables\": {…}}).", "BadRequest"))
        }
        return await run(graphQLRequest, requestID: requestID)
    }

    /// `GET /graphql?query=…&variables=…&operationName=…`: queries only (a GET must not change data).
    func get(_ request: Request) async -> Response {
        let requestID = requestIDs.next()
        let parameters = request.uri.queryParameters
        guard let query = parameters["query"].map(String.init) else {
            return respond(.badRequest, requestID, failure("GET /graphql needs a 'query' parameter.", "BadRequest"))
        }
        var variables: [String: InputValue] = [:]
        if let text = parameters["variables"].map(String.init), !text.isEmpty {
            guard case .object(let entries)? = try? JSONReader.parse(Array(text.utf8)) else {
                return respond(.badRequest, requestID, failure("'variables' must be a JSON object.", "BadRequest"))
            }
            for (name, value) in entries { variables[name] = value }
        }
        let graphQLRequest = IncomingRequest(query: query, operationName: parameters["operationName"].map(String.init), variables: variables)
        if executor.planner.isMutation(query: query, operationName: graphQLRequest.operationName) {
            return respond(.methodNotAllowed, requestID, failure("Mutations must be sent with POST.", "BadRequest"))
        }
        return await run(graphQLRequest, requestID: requestID)
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
            "requestId": "\(requestID)", "operation": "\(operationName ?? "-")",
            "durationMs": "\(String(format: "%.2f", milliseconds))", "errors": "\(failed)",
        ])
        return body
    }

    private func failure(_ message: String, _ type: String) -> String {
        "{\"data\":null,\"errors\":[{\"path\":null,\"data\":null,\"errorType\":\(JSONText.quote(type)),\"errorInfo\":null,\"locations\":[],\"message\":\(JSONText.quote(message))}]}"
    }

    private func respond(_ status: HTTPResponse.Status, _ requestID: String, _ body: String) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[HTTPField.Name("x-request-id")!] = requestID
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
