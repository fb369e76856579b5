import APISchema
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Migrations
import ModelIR
import Planner
import Postgres
import SchemaParser
import Server
import Store
import TestSupport

/// A real server on a free port over a fresh database migrated for a fixture schema, plus an HTTP client.
final class LiveServer: Sendable {
    let url: URL
    let key: String
    let client: PostgresClient
    private let task: Task<Void, any Error>
    /// The migration folder the server was set up from (readiness checks read it); `stop()` removes it.
    private let migrations: URL

    private init(url: URL, key: String, client: PostgresClient, task: Task<Void, any Error>, migrations: URL) {
        self.url = url
        self.key = key
        self.client = client
        self.task = task
        self.migrations = migrations
    }

    /// Starts a server for `Tests/Fixtures/schemas/<schema>.graphql`.
    static func start(
        schema name: String, configuration: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0),
        limits: RequestLimits = RequestLimits(), readiness: (@Sendable (MigrationRunner) async -> String?)? = nil,
        conninfo: String? = nil, requestTimeBudget: Duration? = nil, maximumResponseBytes: Int? = nil
    ) async throws -> LiveServer {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name))
        let database: String
        if let conninfo { database = conninfo } else { database = try await TestDatabase.makeDatabase() }
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 4))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-\(UUID().uuidString)")
        do {
            return try await start(schema: schema, configuration: configuration, limits: limits, readiness: readiness, client: client, folder: folder, requestTimeBudget: requestTimeBudget, maximumResponseBytes: maximumResponseBytes)
        } catch {
            client.shutdown()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private static func start(
        schema: ModelIR.Schema, configuration: ServerConfiguration, limits: RequestLimits,
        readiness: (@Sendable (MigrationRunner) async -> String?)?, client: PostgresClient, folder: URL, requestTimeBudget: Duration?, maximumResponseBytes: Int?
    ) async throws -> LiveServer {
        let directory = MigrationDirectory(url: folder)
        let storage = StorageMapping.storage(for: schema)
        _ = try directory.write(plan: MigrationDiff.plan(from: StorageSchema(tables: []), to: storage), snapshot: storage, name: "init")
        let runner = MigrationRunner(client: client, directory: directory)
        try await runner.apply()
        let keys = APIKeyStore(client: client)
        let key = try await keys.create(description: "e2e")
        var logger = Logger(label: "e2e")
        // Cancelling the server task at the end of a test makes Hummingbird log a CancellationError; keep quiet.
        logger.logLevel = .critical
        var executor = GraphQLExecutor(planner: OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)), limits: limits), client: client, logger: logger)
        executor.requestTimeBudget = requestTimeBudget
        executor.maximumResponseBytes = maximumResponseBytes
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(
            configuration: configuration, executor: executor, keys: keys, logger: logger, readiness: { await readiness?(runner) ?? nil },
            onServerRunning: { port in continuation.yield(port) }
        )
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw URLError(.cannotConnectToHost) }
        return LiveServer(url: URL(string: "http://127.0.0.1:\(port)/graphql")!, key: key, client: client, task: task, migrations: folder)
    }

    func stop() {
        task.cancel()
        client.shutdown()
        try? FileManager.default.removeItem(at: migrations)
    }

    /// Sends a request; returns status, headers and the parsed JSON (or the text when it is not JSON).
    func post(
        body: Data?, key: String?, contentType: String = "application/json", method: String = "POST", path: String? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> (Int, [String: String], Any) {
        var request = URLRequest(url: path.map { URL(string: $0, relativeTo: url)!.absoluteURL } ?? url)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        if let key { request.setValue(key, forHTTPHeaderField: "x-api-key") }
        for (name, value) in extra { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
        let parsed = (try? JSONSerialization.jsonObject(with: data)) ?? String(decoding: data, as: UTF8.self)
        return (http.statusCode, headers, parsed)
    }

    /// Runs a GraphQL operation with the server's key; returns the response body as sent.
    func graphQLText(_ query: String) async throws -> String {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(key, forHTTPHeaderField: "x-api-key")
        return String(decoding: try await URLSession.shared.data(for: request).0, as: UTF8.self)
    }

    /// Runs a GraphQL operation with the server's key; returns the response JSON.
    func graphQL(_ query: String, variables: [String: Any] = [:]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let (status, _, json) = try await post(body: body, key: key)
        precondition(status == 200, "HTTP \(status)")
        return json as! [String: Any]
    }
}

/// `json["a"]["b"][0]` access for assertions.
func value(_ json: Any?, _ path: Any...) -> Any? {
    var current = json
    for step in path {
        if let key = step as? String { current = (current as? [String: Any])?[key] }
        if let index = step as? Int { current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
    }
    return current
}
