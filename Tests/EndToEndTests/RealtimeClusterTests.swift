import EmbeddedPostgres
import Foundation
import Logging
import Postgres
import Realtime
import TestSupport
import Testing

/// Several server processes on one PostgreSQL, and a PostgreSQL that goes away: a subscriber hears of every
/// committed write, whichever server made it, and nothing is lost while the change feed reconnects.
@Suite("Real-time: several servers, database restarts")
struct RealtimeClusterTests {
    /// Subscribes `socket` to onCreateTeam under `id` and waits for the acknowledgement.
    static func subscribeToTeams(_ socket: RealtimeTestClient, id: String = "teams") async throws {
        try await socket.initialize()
        socket.start(id, query: "subscription { onCreateTeam { id mantra } }")
        _ = try await socket.next("start_ack")
    }

    static func connect(_ server: LiveServer) -> RealtimeTestClient {
        RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
    }

    @Test("two servers on one database: each one's subscribers get the writes made through the other, once each, in order")
    func twoServers() async throws {
        let database = try await TestDatabase.makeDatabase()
        let first = try await LiveServer.start(schema: "schema", conninfo: database, realtime: RealtimeSettings())
        defer { first.stop() }
        let second = try await LiveServer.start(schema: "schema", conninfo: database, realtime: RealtimeSettings())
        defer { second.stop() }
        // Each socket subscribes as soon as it is open: a socket left waiting for its connection_init would
        // be closed by the server's init timeout.
        let onFirst = Self.connect(first)
        defer { onFirst.close() }
        try await Self.subscribeToTeams(onFirst)
        let onSecond = Self.connect(second)
        defer { onSecond.close() }
        try await Self.subscribeToTeams(onSecond)
        for index in 0..<6 {
            let server = index.isMultiple(of: 2) ? first : second
            try await server.seed("mutation { createTeam(input: {mantra: \"m\(index)\"}) { id } }")
        }
        for socket in [onFirst, onSecond] {
            var mantras: [String] = []
            for _ in 0..<6 {
                let event = try await socket.next("data")
                mantras.append(try #require(value(event, "payload", "data", "onCreateTeam", "mantra") as? String))
            }
            #expect(mantras == (0..<6).map { "m\($0)" })
            await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
        }
    }

    @Test("the change feed's connection is killed: it reconnects and delivers what was written meanwhile, in order")
    func feedConnectionKilled() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = Self.connect(server)
        defer { socket.close() }
        try await Self.subscribeToTeams(socket)
        let killed = try await server.client.query(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'modelgraph change feed' AND datname = current_database()")
        #expect(killed.scalar == "1")
        for index in 0..<5 { try await server.seed("mutation { createTeam(input: {mantra: \"gap\(index)\"}) { id } }") }
        var mantras: [String] = []
        for _ in 0..<5 {
            let event = try await socket.next("data", timeout: .seconds(60))
            mantras.append(try #require(value(event, "payload", "data", "onCreateTeam", "mantra") as? String))
        }
        #expect(mantras == (0..<5).map { "gap\($0)" })
    }

    @Test("PostgreSQL restarts under a subscribed client: the subscription survives and delivers the writes after it")
    func databaseRestart() async throws {
        let folder = URL(fileURLWithPath: "/tmp/modelgraph-realtime-restart-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "realtime-restart")
        logger.logLevel = .critical
        let cluster = try EmbeddedPostgres(directory: folder, logger: logger)
        try cluster.start()
        defer { cluster.stop() }
        let server = try await LiveServer.start(schema: "schema", conninfo: cluster.conninfo(), realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = Self.connect(server)
        defer { socket.close() }
        try await Self.subscribeToTeams(socket)
        try await server.seed(#"mutation { createTeam(input: {mantra: "before"}) { id } }"#)
        let before = try await socket.next("data")
        #expect(value(before, "payload", "data", "onCreateTeam", "mantra") as? String == "before")
        cluster.stop()
        try cluster.start()
        // The pool and the feed reconnect on their own; the first writes may still meet the old outage.
        var written = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !written, ContinuousClock.now < deadline {
            let answer = try await server.graphQL(#"mutation { createTeam(input: {mantra: "after"}) { id } }"#)
            written = value(answer, "data", "createTeam", "id") is String
            if !written { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(written)
        let after = try await socket.next("data", timeout: .seconds(60))
        #expect(value(after, "payload", "data", "onCreateTeam", "mantra") as? String == "after")
    }
}
