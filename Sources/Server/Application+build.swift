package import Authentication
package import Execution
import Foundation
import HTTPTypes
package import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
package import Logging
import NIOCore
package import Postgres
import Realtime
package import ServiceLifecycle
package import Store
import Studio
import Telemetry
import UnixSignals

/// Everything the HTTP server needs, read once at start.
public struct ServerConfiguration: Sendable {
    /// Address to listen on.
    public var host: String
    /// Port (0 = any free port).
    public var port: Int
    /// Largest request body accepted, in bytes (default 2 MiB, docs/decisions.md §8).
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
    /// PEM files for serving HTTPS and WSS directly (clients such as amplify-js and Amplify for Android and
    /// Flutter only connect with `wss://`); nil serves plain HTTP (behind a TLS-terminating proxy, say).
    public var tls: TLSFiles?
    /// The studio (docs/studio.md) at `/`, `/studio/…` and on `GET /graphql` for browsers; nil serves none.
    package var studio: StudioSettings?
    /// This instance's name among several serving one database: a label on every metric and the start of
    /// every request id; nil for neither.
    public var instanceID: String?

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 2 << 20, corsOrigins: [String] = [], introspection: Bool = true,
        maximumConcurrentRequestsPerKey: Int = 256, requestHeadTimeout: Duration = .seconds(30), requestBodyTimeout: Duration = .seconds(60),
        maximumConnections: Int = 4096, metricsToken: String? = nil, tls: TLSFiles? = nil, instanceID: String? = nil
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
        self.tls = tls
        self.instanceID = instanceID
    }
}

/// A certificate chain and its private key, as PEM files.
public struct TLSFiles: Sendable {
    /// The certificate chain (the server's certificate first).
    public var certificateChain: String
    /// The private key.
    public var privateKey: String

    /// Names the files.
    public init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// Builds the HTTP application: `POST`/`GET /graphql` behind the credentials check, `/healthz`, `/readyz`,
/// `/metrics`, and the studio when `configuration.studio` is set (`StudioRoutes`); every response carries `x-request-id`. Without `readiness`, `/readyz` asks whether the database
/// answers: readiness is about this process being able to serve, not about files on disk. Without
/// `authenticator`, API keys (checked in `keys`) are the only authorization mode.
package func buildApplication(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    client: PostgresClient,
    keys: APIKeyStore,
    authenticator: Authenticator? = nil,
    logger: Logger,
    readiness: (@Sendable () async -> String?)? = nil,
    realtime: RealtimeEndpoint? = nil,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let router = Router(context: ModelGraphRequestContext.self)
    router.add(middleware: RequestIDMiddleware())
    if !configuration.corsOrigins.isEmpty {
        router.add(middleware: AllowedOriginsMiddleware(origins: Set(configuration.corsOrigins)))
    }
    let readiness = readiness ?? { await Readiness.database(client, logger: logger) }
    let metrics = ServerMetrics(client: client, replicas: executor.runner as? ReplicaRouter, instanceID: configuration.instanceID)
    if let instance = configuration.instanceID { RequestIDs.shared.identify(instance: instance) }
    router.get("/healthz") { _, _ in "ok" }
    // Amplify Flutter's API category checks the API's host with `GET /ping` and wants exactly `healthy`.
    router.get("/ping") { _, _ in "healthy" }
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
            return Response(
                status: .unauthorized, headers: [.contentType: "text/plain", .wwwAuthenticate: "Bearer"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "metrics need the configured bearer token (--metrics-token)\n")))
        }
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
    }
    let handler = GraphQLHTTPHandler(configuration: configuration, executor: executor, metrics: metrics, logger: logger)
    let authorization = AuthorizationMiddleware(
        authenticator: authenticator ?? .apiKeysOnly(keys), inFlight: InFlightRequests(limit: configuration.maximumConcurrentRequestsPerKey), logger: logger)
    var graphQL = router.group("graphql")
    // While tracing, every request to /graphql is a span, its credentials check included (health checks, /metrics
    // and the studio's assets are not traced).
    if Telemetry.isEnabled { graphQL = graphQL.add(middleware: TracingRequestMiddleware()) }
    if let studio = configuration.studio {
        graphQL = graphQL.add(middleware: StudioPageMiddleware(index: studio.assets.index))
        let plans = StudioPlanHandler(configuration: configuration, executor: executor, logger: logger)
        let modes = (authenticator?.modes).map { $0.map { "\($0)" } } ?? ["apiKey"]
        StudioRoutes.add(to: router, settings: studio, authorization: authorization, handler: plans, authModes: modes)
    }
    graphQL = graphQL.add(middleware: authorization)
    graphQL.post { request, context in try await handler.post(request, origin: context.origin(of: request)) }
    graphQL.get { request, context in await handler.get(request, origin: context.origin(of: request)) }
    // Other methods on the endpoint are told which ones it takes, without needing a key.
    for method in [HTTPRequest.Method.put, .delete, .patch] {
        router.on("graphql", method: method) { _, _ in GraphQLHTTPHandler.methodNotAllowed(method) }
    }
    let head = TimeAmount(configuration.requestHeadTimeout)
    let body = TimeAmount(configuration.requestBodyTimeout)
    let channel = HTTP1Channel.Configuration(additionalChannelHandlers: [
        ConnectionDeadlines(headTimeout: head, bodyTimeout: body), BodyAdmission(maximumBodySize: configuration.maximumBodySize),
    ])
    var server: HTTPServerBuilder
    if let realtime {
        let webSocket = WebSocketServerConfiguration(maxFrameSize: realtime.settings.maximumMessageBytes, closeTimeout: .seconds(5))
        server = HTTPServerBuilder { responder in
            let upgrading = HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(http1: channel, ws: webSocket)) { request, channel, logger in
                FirstRequestDeadline.disarm(in: channel.pipeline)
                return RealtimeUpgrade.decide(request, channel: channel, endpoint: realtime, logger: logger)
            }
            return FirstRequestDeadlineChannel(base: upgrading, timeout: head, noticesTLS: configuration.tls == nil)
        }
    } else {
        server = .http1(configuration: channel)
    }
    if let files = configuration.tls { server = try .tls(server, tlsConfiguration: try ServerTLS.configuration(files)) }
    return Application(
        router: router,
        server: server,
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
/// `companions` run beside it in the same group, start first and stop last (the trace exporter, which flushes
/// its last spans as it stops).
package func runServer(
    configuration: ServerConfiguration,
    executor: GraphQLExecutor,
    client: PostgresClient,
    keys: APIKeyStore,
    authenticator: Authenticator? = nil,
    logger: Logger,
    readiness: (@Sendable () async -> String?)? = nil,
    realtime: RealtimeDelivery? = nil,
    companions: [any Service] = [],
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    let app = try buildApplication(
        configuration: configuration, executor: executor, client: client, keys: keys, authenticator: authenticator, logger: logger, readiness: readiness,
        realtime: realtime?.endpoint,
        onServerRunning: onServerRunning)
    guard realtime != nil || !companions.isEmpty else { return try await app.runService() }
    // Services stop in reverse order: real-time connections get their restart code before HTTP stops, and the
    // companions (the trace exporter) stop last, after the spans of the last requests were recorded.
    var services = companions.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) } + [.init(service: app)]
    if let realtime { services.append(.init(service: realtime.service)) }
    let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
}
