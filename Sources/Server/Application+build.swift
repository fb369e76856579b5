import APISchema
import Foundation
import GraphQL
import HTTPTypes
import Hummingbird
import Logging
import Planner
import Postgres
import Store

/// Everything the HTTP server needs, read once at start.
public struct ServerConfiguration: Sendable {
    /// Address to listen on.
    public var host: String
    /// Port (0 = any free port).
    public var port: Int
    /// Largest request body accepted, in bytes (decisions.md: 2 MiB).
    public var maximumBodySize: Int

    /// Creates a configuration.
    public init(host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 2 << 20) {
        self.host = host
        self.port = port
        self.maximumBodySize = maximumBodySize
    }
}

/// Builds the HTTP application: `POST /graphql` behind the API-key check, `GET /healthz`.
package func buildApplication(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    keys: APIKeyStore,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router(context: BasicRequestContext.self)
    router.get("/healthz") { _, _ in "ok" }
    let graphQL = router.group("graphql").add(middleware: APIKeyMiddleware(keys: keys))
    let maximumBodySize = configuration.maximumBodySize
    graphQL.post { request, context -> Response in
        let requestID = UUID().uuidString.lowercased()
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[HTTPField.Name("x-request-id")!] = requestID
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodySize)
        } catch {
            let body = GraphQLResponse.body(data: nil, errors: [.init(message: "The request body is larger than \(maximumBodySize) bytes.", errorType: "LimitExceeded", path: nil, locations: [])])
            return Response(status: .contentTooLarge, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let graphQLRequest: GraphQLRequest
        if request.headers[.contentType]?.hasPrefix("application/graphql") == true {
            graphQLRequest = GraphQLRequest(query: String(buffer: buffer))
        } else {
            do {
                graphQLRequest = try JSONDecoder().decode(GraphQLRequest.self, from: Data(buffer: buffer))
            } catch {
                let body = GraphQLResponse.body(data: nil, errors: [.init(message: "The request body is not a GraphQL JSON request ({\"query\": …, \"variables\": {…}}).", errorType: "BadRequest", path: nil, locations: [])])
                return Response(status: .badRequest, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
            }
        }
        let body = await executor.execute(graphQLRequest, requestID: requestID)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "ModelGraph"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: logger
    )
}

/// Builds the application and runs it until SIGINT or SIGTERM, then returns after a graceful shutdown.
package func runServer(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    keys: APIKeyStore,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    let app = buildApplication(configuration: configuration, executor: executor, keys: keys, logger: logger, onServerRunning: onServerRunning)
    try await app.runService()
}
