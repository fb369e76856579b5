import APISchema
import Foundation
import GraphQL
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
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
    /// Origins allowed by CORS; empty = CORS off.
    public var corsOrigins: [String]
    /// Whether introspection queries are answered.
    public var introspection: Bool
    /// Requests one API key may have in flight at once.
    public var maximumConcurrentRequestsPerKey: Int
    /// How long a connection may take to deliver a whole request head, counted from its opening or from the
    /// previous response (so also how long a keep-alive connection may sit idle).
    public var requestHeadTimeout: Duration
    /// How long a request's body may take to arrive after its head.
    public var requestBodyTimeout: Duration
    /// Most open client connections; further ones wait to be accepted.
    public var maximumConnections: Int
    /// The bearer token `/metrics` asks for; without one, `/metrics` answers clients on this machine only
    /// (its operation names and counts are not for anyone on the network).
    public var metricsToken: String?

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 2 << 20, corsOrigins: [String] = [], introspection: Bool = true,
        maximumConcurrentRequestsPerKey: Int = 256, requestHeadTimeout: Duration = .seconds(30), requestBodyTimeout: Duration = .seconds(60),
        maximumConnections: Int = 4096, metricsToken: String? = nil
    ) {
        self.host = host
        self.port = port
        self.maximumBodySize = maximumBodySize
        self.corsOrigins = corsOrigins
        self.introspection = introspection
        self.maximumConcurrentRequestsPerKey = maximumConcurrentRequestsPerKey
        self.requestHeadTimeout = requestHeadTimeout
        self.requestBodyTimeout = requestBodyTimeout
        self.maximumConnections = maximumConnections
        self.metricsToken = metricsToken
    }
}

/// Builds the HTTP application: `POST`/`GET /graphql` behind the API-key check, `/healthz`, `/readyz`,
/// `/metrics`; every response carries `x-request-id`. Without `readiness`, `/readyz` asks whether the database
/// answers: readiness is about this process being able to serve, not about files on disk.
package func buildApplication(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    keys: APIKeyStore,
    logger: Logger,
    readiness: (@Sendable () async -> String?)? = nil,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router(context: ModelGraphRequestContext.self)
    router.add(middleware: RequestIDMiddleware())
    if !configuration.corsOrigins.isEmpty {
        router.add(middleware: AllowedOriginsMiddleware(origins: Set(configuration.corsOrigins)))
    }
    let readiness = readiness ?? { await Readiness.database(executor.client, logger: logger) }
    router.get("/healthz") { _, _ in "ok" }
    router.get("/readyz") { _, _ -> Response in
        if let problem = await readiness() {
            return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: problem + "\n")))
        }
        return Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ready\n")))
    }
    router.get("/metrics") { request, context -> Response in
        let allowed: Bool
        if let token = configuration.metricsToken {
            allowed = APIKeyStore.constantTimeEqual(Array((request.headers[.authorization] ?? "").utf8), Array("Bearer \(token)".utf8))
        } else {
            allowed = context.isLocalClient
        }
        guard allowed else {
            return Response(status: .unauthorized, headers: [.contentType: "text/plain", .wwwAuthenticate: "Bearer"], body: ResponseBody(byteBuffer: ByteBuffer(string: "metrics need the configured bearer token (--metrics-token)\n")))
        }
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: ResponseBody(byteBuffer: ByteBuffer(string: executor.metrics.exposition())))
    }
    let handler = GraphQLHTTPHandler(configuration: configuration, executor: executor, logger: logger)
    let graphQL = router.group("graphql").add(middleware: APIKeyMiddleware(keys: keys, inFlight: InFlightRequests(limit: configuration.maximumConcurrentRequestsPerKey)))
    graphQL.post { request, context in try await handler.post(request, requestID: context.requestID) }
    graphQL.get { request, context in await handler.get(request, requestID: context.requestID) }
    let head = TimeAmount(configuration.requestHeadTimeout)
    let body = TimeAmount(configuration.requestBodyTimeout)
    let channel = HTTP1Channel.Configuration(additionalChannelHandlers: [ConnectionDeadlines(headTimeout: head, bodyTimeout: body)])
    return Application(
        router: router,
        server: .http1(configuration: channel),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "ModelGraph",
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)
        ),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: logger
    )
}

/// What `/readyz` checks by default.
package enum Readiness {
    /// Nil when the database answers a trivial statement, else a short reason (the detail goes to the log:
    /// the endpoint needs no key, so it shows no database message).
    package static func database(_ client: PostgresClient, logger: Logger) async -> String? {
        do {
            _ = try await client.query("SELECT 1", idempotent: true)
            return nil
        } catch {
            logger.warning("readiness check failed", metadata: ["error": "\(error)"])
            return "database unreachable"
        }
    }
}

/// Builds the application and runs it until SIGINT or SIGTERM, then returns after a graceful shutdown.
package func runServer(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    keys: APIKeyStore,
    logger: Logger,
    readiness: (@Sendable () async -> String?)? = nil,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    let app = buildApplication(configuration: configuration, executor: executor, keys: keys, logger: logger, readiness: readiness, onServerRunning: onServerRunning)
    try await app.runService()
}
