import APISchema
import Execution
import Foundation
import Logging
import Migrations
import ModelIR
import Planner
import Postgres
import Realtime
import SchemaParser
import Server
import ServiceLifecycle
import Storage
import Store
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real server on a free port over a fresh database migrated for a fixture schema, plus an HTTP client.
final class LiveServer: Sendable {
    let url: URL
    let key: String
    let client: PostgresClient
    /// The subscriptions of the server, when it serves real-time connections.
    let hub: SubscriptionHub?
    /// The router over the read replicas, when the server reads from replicas.
    let router: ReplicaRouter?
    private let task: Task<Void, any Error>
    /// The migration folder the server was set up from (readiness checks read it); `stop()` removes it.
    private let migrations: URL
    /// The read-only pool custom queries' SQL runs on, when the schema has some (as `serve` makes it).
    private let readOnly: PostgresClient?

    private init(
        url: URL, key: String, client: PostgresClient, hub: SubscriptionHub?, router: ReplicaRouter?, task: Task<Void, any Error>, migrations: URL,
        readOnly: PostgresClient?
    ) {
        self.url = url
        self.key = key
        self.client = client
        self.hub = hub
        self.router = router
        self.task = task
        self.migrations = migrations
        self.readOnly = readOnly
    }

    /// Starts a server for `Tests/Fixtures/schemas/<schema>.graphql`, serving the API of `surface`, with the
    /// text indexes `textIndexes` declares (`--text-index`) and `conflictDetection` (`--conflict-detection`).
    /// With `readReplicas` (connection strings of standbys of `conninfo`), queries read from them as
    /// `--read-replica` makes them (`replicaConfiguration` instead of the flags).
    static func start(
        schema name: String, surface: APISurface = .extended, textIndexes: [String] = [],
        configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0),
        limits: RequestLimits = RequestLimits(), readiness: (@Sendable (MigrationRunner) async -> String?)? = nil,
        conninfo: String? = nil, requestTimeBudget: Duration? = nil, maximumResponseBytes: Int? = nil, keyPermits: KeyPermits? = nil,
        realtime: RealtimeSettings? = nil, statementTimeoutMilliseconds: Int = 10_000, feedReadInterval: Duration? = nil, keyCacheLifetime: TimeInterval = 5,
        writeLimits: WriteLimits = WriteLimits(), conflictDetection: ConflictDetection? = nil, readReplicas: [String] = [],
        replicaConfiguration: ReplicaRouter.Configuration = ReplicaRouter.Configuration(), pooler: PoolerMode? = nil,
        functions: (any FunctionInvoking)? = nil, httpResolvers: (any HTTPResolving)? = nil, editing edit: (String) -> String = { $0 }
    ) async throws -> LiveServer {
        var schema = try SchemaParser.parseOrThrow(source: edit(Fixtures.schemaSource(name))).addingTextIndexes(textIndexes)
        if let conflictDetection { schema = try schema.enablingConflictDetection(conflictDetection) }
        let database: String
        if let conninfo { database = conninfo } else { database = try await TestDatabase.makeDatabase() }
        var databaseConfiguration = PostgresClient.Configuration(conninfo: database, connections: 4, statementTimeoutMilliseconds: statementTimeoutMilliseconds)
        // Through the test PgBouncer in transaction mode when asked, or when MODELGRAPH_TEST_POOLER=transaction
        // runs whole suites so (a database given by the test stays as it is).
        if pooler == .transaction || (pooler == nil && conninfo == nil && Self.poolerFromEnvironment == .transaction) {
            databaseConfiguration.conninfo = try PgBouncer.shared().conninfo(sameDatabaseAs: database)
            databaseConfiguration.pooler = .transaction
            databaseConfiguration.directConninfo = database
        }
        let client = PostgresClient(configuration: databaseConfiguration)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-\(UUID().uuidString)")
        do {
            return try await start(
                schema: schema, surface: surface, configuration: configuration, limits: limits, readiness: readiness, client: client, folder: folder,
                requestTimeBudget: requestTimeBudget,
                maximumResponseBytes: maximumResponseBytes, keyPermits: keyPermits, realtime: realtime, feedReadInterval: feedReadInterval,
                keyCacheLifetime: keyCacheLifetime, writeLimits: writeLimits, readReplicas: readReplicas, replicaConfiguration: replicaConfiguration,
                functions: functions, httpResolvers: httpResolvers)
        } catch {
            client.shutdown()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private static func start(
        schema: ModelIR.Schema, surface: APISurface, configuration: ServerConfiguration, limits: RequestLimits,
        readiness: (@Sendable (MigrationRunner) async -> String?)?, client: PostgresClient, folder: URL, requestTimeBudget: Duration?, maximumResponseBytes: Int?,
        keyPermits: KeyPermits?, realtime settings: RealtimeSettings?, feedReadInterval: Duration?, keyCacheLifetime: TimeInterval, writeLimits: WriteLimits,
        readReplicas: [String], replicaConfiguration: ReplicaRouter.Configuration, functions: (any FunctionInvoking)?, httpResolvers: (any HTTPResolving)?
    ) async throws -> LiveServer {
        let directory = MigrationDirectory(url: folder)
        let storage = StorageMapping.storage(for: schema)
        _ = try directory.write(plan: MigrationDiff.plan(from: StorageSchema(tables: []), to: storage), snapshot: storage, name: "init")
        let runner = MigrationRunner(client: client, directory: directory)
        try await runner.apply()
        var logger = Logger(label: "e2e")
        // Cancelling the server task at the end of a test makes Hummingbird log a CancellationError; keep quiet.
        logger.logLevel = .critical
        var router: ReplicaRouter?
        if !readReplicas.isEmpty {
            let replicas = readReplicas.map { PostgresClient.Configuration(conninfo: $0, connections: 4) }
            let replicaRouter = ReplicaRouter(primary: client, replicas: replicas, configuration: replicaConfiguration, logger: logger)
            replicaRouter.start()
            router = replicaRouter
        }
        // As serve: with replicas, key rows are read there.
        var keyReads: APIKeyStore.ReplicaRead?
        if let router { keyReads = { sql, parameters in await router.readOnReplica(sql, parameters) } }
        let keys = APIKeyStore(client: client, cacheLifetime: keyCacheLifetime, replicaRead: keyReads)
        let key = try await keys.create(description: "e2e")
        // As serve: SQL handlers are prepared against the database first.
        let schema = try await CustomSQLCheck.check(schema, on: client)
        var view = APISchemaView(api: try APISchema.build(from: schema, surface: surface))
        view.writeLimits = writeLimits
        var executor = GraphQLExecutor(planner: OperationPlanner(view: view, limits: limits), runner: client, logger: logger)
        executor.requestTimeBudget = requestTimeBudget
        executor.maximumResponseBytes = maximumResponseBytes
        executor.keyPermits = keyPermits
        executor.functions = functions
        executor.httpResolvers = httpResolvers
        var readOnly: PostgresClient?
        if router == nil, client.configuration.pooler.keepsSessions, schema.customOperations.contains(where: { $0.kind == .query }) {
            var configuration = client.configuration
            configuration.connections = 2
            configuration.readOnly = true
            readOnly = PostgresClient(configuration: configuration)
            executor.readOnlyRunner = readOnly
        }
        if let router { executor = executor.running(on: router) }
        var delivery: RealtimeDelivery?
        if let settings {
            // A short poll, so writes made outside the server reach subscribers quickly in tests.
            var feed = ChangeFeed.Configuration(conninfo: client.configuration.sessionConninfo)
            feed.pollInterval = .milliseconds(200)
            if let feedReadInterval { feed.minimumReadInterval = feedReadInterval }
            delivery = try await RealtimeDelivery.prepare(executor: &executor, client: client, keys: keys, settings: settings, feedConfiguration: feed, logger: logger)
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try buildApplication(
            configuration: configuration, executor: executor, client: client, keys: keys, logger: logger, readiness: { await readiness?(runner) ?? nil },
            realtime: delivery?.endpoint, onServerRunning: { port in continuation.yield(port) }
        )
        let hub = delivery?.endpoint.hub
        let realtimeService = delivery?.service
        let task = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await app.run() }
                if let realtimeService { group.addTask { try await realtimeService.run() } }
                try await group.next()
                group.cancelAll()
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw URLError(.cannotConnectToHost) }
        return LiveServer(
            url: URL(string: "http://127.0.0.1:\(port)/graphql")!, key: key, client: client, hub: hub, router: router, task: task, migrations: folder,
            readOnly: readOnly)
    }

    /// `MODELGRAPH_TEST_POOLER`: `transaction` runs every server these tests start (on a database of their
    /// own) through PgBouncer in transaction pooling mode, as `serve --pooler transaction` does.
    static let poolerFromEnvironment = ProcessInfo.processInfo.environment["MODELGRAPH_TEST_POOLER"].flatMap(PoolerMode.init(rawValue:)) ?? PoolerMode.none

    /// The real-time endpoint's URL.
    var realtimeURL: String { "ws://127.0.0.1:\(url.port!)/graphql/realtime" }

    func stop() {
        task.cancel()
        router?.shutdown()
        readOnly?.shutdown()
        client.shutdown()
        try? FileManager.default.removeItem(at: migrations)
    }

    /// Sends a request; returns status, headers and the parsed JSON (or the text when it is not JSON).
    func post(
        body: Data?, key: String?, contentType: String = "application/json", method: String = "POST", path: String? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> (Int, [String: String], Any) {
        var headers = extra
        headers["Content-Type"] = contentType
        if let key { headers["x-api-key"] = key }
        let answer = try await TestHTTP.send(path.map { URL(string: $0, relativeTo: url)!.absoluteURL } ?? url, method: method, body: body, headers: headers)
        let parsed = (try? JSONSerialization.jsonObject(with: answer.body)) ?? answer.text
        return (answer.status, answer.headers, parsed)
    }

    /// Runs a GraphQL operation with the server's key; returns the response body as sent.
    func graphQLText(_ query: String) async throws -> String {
        try await TestHTTP.graphQL(port: url.port!, key: key, query: query).text
    }

    /// Runs a GraphQL operation with the server's key; returns the response JSON. A response other than a
    /// 200 with a JSON object throws, failing the test that sent it (not the test process).
    func graphQL(_ query: String, variables: [String: Any] = [:]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let (status, _, json) = try await post(body: body, key: key)
        guard status == 200, let object = json as? [String: Any] else { throw LiveServerError("HTTP \(status): \(json)") }
        return object
    }
}

extension LiveServer {
    /// Runs an operation that sets up a test (creates the rows it reads, say); a GraphQL error in its answer
    /// throws, so a broken setup fails the test where it broke rather than in a later expectation.
    func seed(_ query: String, variables: [String: Any] = [:]) async throws {
        let response = try await graphQL(query, variables: variables)
        if let errors = response["errors"] { throw LiveServerError("seeding failed: \(errors)\n\(query)") }
    }
}

/// A live-server request that did not get the answer a helper expects.
struct LiveServerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// The `errorType` of a response's first error.
func errorType(_ response: Any) -> String? { value(response, "errors", 0, "errorType") as? String }

/// `json["a"]["b"][0]` access for assertions.
func value(_ json: Any?, _ path: Any...) -> Any? {
    var current = json
    for step in path {
        if let key = step as? String { current = (current as? [String: Any])?[key] }
        if let index = step as? Int { current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
    }
    return current
}
