import EmbeddedPostgres
import Foundation
import Logging
import Server
import Store
import Testing

@Suite("Operations: metrics, per-key concurrency, database outages")
struct OperationsTests {
    @Test("/metrics exposes request counts, latency histograms, pool usage and database errors")
    func metrics() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed("query ListAll { listTeams { items { id } } }")
        // Fails on purpose (the second create conflicts), for the error counter.
        _ = try await server.graphQL(#"mutation Dup { a: createTeam(input: {id: "x", mantra: "a"}) { id } b: createTeam(input: {id: "x", mantra: "b"}) { id } }"#)
        let (status, _, body) = try await server.post(body: nil, key: nil, method: "GET", path: "/metrics")
        let text = try #require(body as? String)
        #expect(status == 200)
        #expect(text.contains(#"modelgraph_requests_total{operation="ListAll",status="ok"} 1"#))
        #expect(text.contains(#"modelgraph_requests_total{operation="Dup",status="error"} 1"#))
        #expect(text.contains(#"modelgraph_request_duration_seconds_count{operation="ListAll"} 1"#))
        #expect(text.contains("modelgraph_database_errors_total 1"))
        #expect(text.contains("modelgraph_pool_connections 4.0"))
    }

    @Test("a key over its concurrency bound gets 429 LimitExceeded; the counter frees slots")
    func perKeyConcurrency() async throws {
        let server = try await LiveServer.start(schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maximumConcurrentRequestsPerKey: 0))
        defer { server.stop() }
        let (status, _, body) = try await server.post(body: Data(#"{"query":"{ __typename }"}"#.utf8), key: server.key)
        #expect(status == 429)
        #expect(value(body, "errors", 0, "errorType") as? String == "LimitExceeded")
        let counter = InFlightRequests(limit: 2)
        #expect(counter.enter("k") && counter.enter("k") && !counter.enter("k"))
        counter.leave("k")
        #expect(counter.enter("k"))
    }

    @Test("while PostgreSQL is down requests fail fast and readyz says so; it recovers without a restart")
    func outage() async throws {
        let folder = URL(fileURLWithPath: "/tmp/modelgraph-outage-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "outage")
        logger.logLevel = .critical
        let cluster = try EmbeddedPostgres(directory: folder, logger: logger)
        try cluster.start()
        defer { cluster.stop() }
        let server = try await LiveServer.start(
            schema: "schema",
            readiness: { runner in
                do { _ = try await runner.status(); return nil } catch { return "database unreachable" }
            }, conninfo: cluster.conninfo())
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "a"}) { id } }"#)
        // A valid key the server has not seen yet cannot be checked while the database is down: 503, not 401.
        let unseenKey = try await APIKeyStore(client: server.client).create(description: "unseen")
        cluster.stop()
        let (keyStatus, _, keyBody) = try await server.post(body: Data(#"{"query":"{ __typename }"}"#.utf8), key: unseenKey)
        #expect(keyStatus == 503)
        #expect(value(keyBody, "errors", 0, "errorType") as? String == "ServiceUnavailable")
        let started = ContinuousClock.now
        let down = try await server.graphQL(#"{ getTeam(id: "t") { mantra } }"#)
        // Fast means no waiting for a connect timeout or a retry loop; alone this takes milliseconds, but a
        // fresh-clone CI run on two cores runs sixty suites at once and has stretched it past three seconds.
        // The conninfo names a Unix socket, whose connect fails at once while the server is down, and sets no
        // connect_timeout (libpq then waits without end), so a request that waited for the database instead of
        // failing would hang: 30 s tells the two apart on a loaded machine. (A connect_timeout is not added: it
        // would turn such a hang into a slow failure within the bound.)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(value(down, "errors", 0, "errorType") as? String == "ServiceUnavailable")
        #expect((value(down, "errors", 0, "message") as? String)?.contains("SELECT") == false)
        let (notReady, _, _) = try await server.post(body: nil, key: nil, method: "GET", path: "/readyz")
        #expect(notReady == 503)
        // Introspection needs no database, so a key proven before the outage still gets it.
        let typename = try await server.graphQL("{ __typename }")
        #expect(value(typename, "data", "__typename") as? String == "Query")
        try cluster.start()
        // Recovers without a restart: the pool reconnects on the next requests (on a loaded machine the first
        // may still meet the old outage).
        var back: [String: Any] = [:]
        let recoveryDeadline = ContinuousClock.now + .seconds(60)
        while value(back, "data", "getTeam", "mantra") == nil, ContinuousClock.now < recoveryDeadline {
            back = try await server.graphQL(#"{ getTeam(id: "t") { mantra } }"#)
            if value(back, "data", "getTeam", "mantra") == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(value(back, "data", "getTeam", "mantra") as? String == "a")
        let (ready, _, _) = try await server.post(body: nil, key: nil, method: "GET", path: "/readyz")
        #expect(ready == 200)
    }
}
