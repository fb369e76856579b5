import Execution
import Foundation
import Postgres
import Store
import Synchronization
import TestSupport
import Testing

/// `--read-replica` against a real primary and a streaming standby of it (`ReplicatedDatabase`): which node
/// answered is seen from the SQL side, in each node's `pg_stat_statements`. Serialized: the tests pause and
/// stop the one standby.
@Suite("Read replicas: routing, read-your-writes, lag and failover", .serialized)
struct ReadReplicaTests {
    /// A server over a fresh database of the pair, reading from its standby, and clients of both nodes.
    struct Setup {
        let pair: ReplicatedDatabase
        let server: LiveServer
        let primary: PostgresClient
        let standby: PostgresClient

        static func start(maximumLag: Duration = .seconds(5), keyCacheLifetime: TimeInterval = 5) async throws -> Setup {
            let pair = try ReplicatedDatabase.shared()
            let (primaryURL, standbyURL) = try await pair.makeDatabase()
            var configuration = ReplicaRouter.Configuration()
            configuration.maximumLag = maximumLag
            configuration.checkInterval = .milliseconds(100)
            let server = try await LiveServer.start(
                schema: "schema", conninfo: primaryURL, keyCacheLifetime: keyCacheLifetime, readReplicas: [standbyURL], replicaConfiguration: configuration)
            let setup = Setup(
                pair: pair, server: server, primary: PostgresClient(configuration: .init(conninfo: primaryURL, connections: 1)),
                standby: PostgresClient(configuration: .init(conninfo: standbyURL, connections: 1)))
            try await setup.waitForRotation(true)
            return setup
        }

        func stop() {
            server.stop()
            primary.shutdown()
            standby.shutdown()
        }

        /// Waits up to 15 s until the standby is in (or out of) the rotation.
        func waitForRotation(_ inRotation: Bool) async throws {
            for _ in 0..<1500 {
                if server.router?.replicas.first?.current.inRotation == inRotation { return }
                try await Task.sleep(for: .milliseconds(10))
            }
            throw LiveServerError(
                "the standby did not \(inRotation ? "enter" : "leave") the rotation within 15 s: \(String(describing: server.router?.replicas.first?.current.problem))")
        }

        /// Reads of the Team table that ran on `node` so far (its `pg_stat_statements`, this database only).
        func reads(on node: PostgresClient) async throws -> Int {
            let sql = """
                SELECT coalesce(sum(calls), 0)::int FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND query LIKE '%"Team"%' AND query !~* '(insert|update|delete)' AND query NOT LIKE '%pg_stat_statements%'
                """
            return Int(try await node.query(sql).scalar ?? "") ?? -1
        }

        /// Sends `query` with `key` and extra headers; returns the headers and the JSON object.
        func send(_ query: String, key: String, headers: [String: String] = [:]) async throws -> ([String: String], [String: Any]) {
            let body = try JSONSerialization.data(withJSONObject: ["query": query])
            let (status, answerHeaders, json) = try await server.post(body: body, key: key, headers: headers)
            guard status == 200, let object = json as? [String: Any] else { throw LiveServerError("HTTP \(status): \(json)") }
            return (answerHeaders, object)
        }

        /// Creates a team through the API; its id and the commit position the response carried.
        func createTeam(key: String) async throws -> (id: String, lsn: String) {
            let (headers, json) = try await send(#"mutation { createTeam(input: {mantra: "replicated"}) { id } }"#, key: key)
            let id = try #require(value(json, "data", "createTeam", "id") as? String, "\(json)")
            let lsn = try #require(headers["x-modelgraph-lsn"], "no x-modelgraph-lsn header: \(headers)")
            #expect(value(json, "extensions", "lsn") as? String == lsn)
            #expect(WALPosition(lsn) != nil)
            return (id, lsn)
        }

        /// The team's mantra as `key` reads it, or nil when the node that answered does not have it.
        func mantra(_ id: String, key: String, headers: [String: String] = [:]) async throws -> String? {
            let (_, json) = try await send(#"{ getTeam(id: "\#(id)") { mantra } }"#, key: key, headers: headers)
            #expect(json["errors"] == nil, "\(json)")
            return value(json, "data", "getTeam", "mantra") as? String
        }
    }

    @Test("queries run on the standby and mutations on the primary; the mutation's response carries its commit position")
    func routing() async throws {
        let setup = try await Setup.start()
        defer { setup.stop() }
        let (id, lsn) = try await setup.createTeam(key: setup.server.key)
        #expect(try await setup.primary.query(#"SELECT mantra FROM "Team" WHERE id = $1"#, [id]).scalar == "replicated")
        // The standby refuses writes: the row can only have come from the primary.
        #expect(try await setup.standby.query("SELECT pg_is_in_recovery()").scalar == "t")
        try await setup.pair.waitForReplay(of: lsn)
        let (primaryBefore, standbyBefore) = (try await setup.reads(on: setup.primary), try await setup.reads(on: setup.standby))
        for _ in 0..<5 { #expect(try await setup.mantra(id, key: setup.server.key) == "replicated") }
        #expect(try await setup.reads(on: setup.standby) - standbyBefore == 5)
        #expect(try await setup.reads(on: setup.primary) - primaryBefore == 0)
        let (_, metrics, text) = try await setup.server.post(body: nil, key: nil, method: "GET", path: "/metrics")
        _ = metrics
        #expect((text as? String)?.contains(#"modelgraph_replica_in_rotation{replica="1"} 1"#) == true)
        #expect((text as? String)?.contains(#"modelgraph_reads_total{node="replica-1"} 5"#) == true)
    }

    @Test("reads the standby serves cost the primary nothing per read: at most 0.05 statements each beside the router's own checks")
    func primaryUntouchedByStandbyReads() async throws {
        // Keys are read again every 50 ms, so the 60 reads meet many key checks.
        let setup = try await Setup.start(keyCacheLifetime: 0.05)
        defer { setup.stop() }
        let (id, lsn) = try await setup.createTeam(key: setup.server.key)
        try await setup.pair.waitForReplay(of: lsn)
        // A key that has written nothing, first used now: its check is part of the cost.
        let key = try await APIKeyStore(client: setup.primary).create(description: "reader")
        let statements = """
            SELECT query, calls::int FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
            """
        func counts() async throws -> [String: Int] {
            var result: [String: Int] = [:]
            for row in try await setup.primary.query(statements).rows { result[row[0] ?? "", default: 0] += Int(row[1] ?? "") ?? 0 }
            return result
        }
        let before = try await counts()
        let standbyBefore = try await setup.reads(on: setup.standby)
        let reads = 60
        for _ in 0..<reads {
            #expect(try await setup.mantra(id, key: key) == "replicated")
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await setup.reads(on: setup.standby) - standbyBefore == reads)
        let after = try await counts()
        // The router's health checks read the primary's position on a timer, whatever the load; a pooled
        // connection opened meanwhile sets up its session once.
        let ranOnPrimary = after.compactMap { query, calls -> (String, Int)? in
            let added = calls - (before[query] ?? 0)
            return added > 0 && !query.contains("pg_current_wal_lsn()") && !query.hasPrefix("SET ") ? (query, added) : nil
        }
        let total = ranOnPrimary.reduce(0) { $0 + $1.1 }
        #expect(Double(total) / Double(reads) <= 0.05, "statements the primary ran for \(reads) standby reads: \(ranOnPrimary)")
    }

    @Test("a read right after a write sees it while the standby's replay is paused: with x-modelgraph-min-lsn, and from the same key without it")
    func readYourWrites() async throws {
        let setup = try await Setup.start()
        defer { setup.stop() }
        let other = try await APIKeyStore(client: setup.server.client).create(description: "another caller")
        _ = try await setup.standby.query("SELECT pg_wal_replay_pause()")
        do {
            let (id, lsn) = try await setup.createTeam(key: setup.server.key)
            let standbyBefore = try await setup.reads(on: setup.standby)
            // Another caller without the header: the paused standby answers, without the new record.
            #expect(try await setup.mantra(id, key: other) == nil)
            #expect(try await setup.reads(on: setup.standby) - standbyBefore == 1)
            // Another caller sending the position back: the standby has not replayed it, the primary answers.
            #expect(try await setup.mantra(id, key: other, headers: ["x-modelgraph-min-lsn": lsn]) == "replicated")
            // The writer itself, without the header: this instance remembers its last write.
            #expect(try await setup.mantra(id, key: setup.server.key) == "replicated")
            #expect(try await setup.reads(on: setup.standby) - standbyBefore == 1)
            // A key created while the standby lags is not there yet: it is looked up on the primary, and works.
            let fresh = try await APIKeyStore(client: setup.server.client).create(description: "created during the lag")
            #expect(try await setup.mantra(id, key: fresh) == nil)
            // A position that is not one is refused.
            let body = try JSONSerialization.data(withJSONObject: ["query": "{ listTeams { items { id } } }"])
            let (status, _, _) = try await setup.server.post(body: body, key: other, headers: ["x-modelgraph-min-lsn": "yesterday"])
            #expect(status == 400)
        } catch {
            _ = try? await setup.standby.query("SELECT pg_wal_replay_resume()")
            throw error
        }
        _ = try await setup.standby.query("SELECT pg_wal_replay_resume()")
    }

    @Test("a standby further behind than the limit leaves the rotation (reads go to the primary) and comes back once it catches up")
    func lag() async throws {
        let setup = try await Setup.start(maximumLag: .milliseconds(300))
        defer { setup.stop() }
        let writer = try await APIKeyStore(client: setup.server.client).create(description: "writer")
        _ = try await setup.standby.query("SELECT pg_wal_replay_pause()")
        do {
            let (id, _) = try await setup.createTeam(key: writer)
            try await setup.waitForRotation(false)
            let (primaryBefore, standbyBefore) = (try await setup.reads(on: setup.primary), try await setup.reads(on: setup.standby))
            // This key wrote nothing: only the lag keeps its read off the standby, which lacks the record.
            #expect(try await setup.mantra(id, key: setup.server.key) == "replicated")
            #expect(try await setup.reads(on: setup.primary) - primaryBefore == 1)
            #expect(try await setup.reads(on: setup.standby) - standbyBefore == 0)
            _ = try await setup.standby.query("SELECT pg_wal_replay_resume()")
            try await setup.waitForRotation(true)
            #expect(try await setup.mantra(id, key: setup.server.key) == "replicated")
            #expect(try await setup.reads(on: setup.standby) - standbyBefore == 1)
        } catch {
            _ = try? await setup.standby.query("SELECT pg_wal_replay_resume()")
            throw error
        }
    }

    @Test("the standby stopped in the middle of a load: no client sees an error; started again, it serves reads again")
    func failover() async throws {
        let setup = try await Setup.start()
        defer { setup.stop() }
        let (id, lsn) = try await setup.createTeam(key: setup.server.key)
        try await setup.pair.waitForReplay(of: lsn)
        let reader = try await APIKeyStore(client: setup.server.client).create(description: "reader")
        let answered = Counter()
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var failures: [String] = []
                    for _ in 0..<40 {
                        let (_, json) = try await setup.send(#"{ getTeam(id: "\#(id)") { mantra } listTeams { items { id } } }"#, key: reader)
                        if json["errors"] != nil || value(json, "data", "getTeam", "mantra") as? String != "replicated" { failures.append("\(json)") }
                        answered.add()
                    }
                    return failures
                }
            }
            group.addTask {
                while answered.value < 30 { try await Task.sleep(for: .milliseconds(2)) }
                try setup.pair.stopStandby()
                return []
            }
            return try await group.reduce([], +)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(answered.value == 160)
        #expect((setup.server.router?.snapshot.failovers ?? 0) + (setup.server.router?.snapshot.primaryReads ?? 0) > 0)
        try setup.pair.startStandby()
        try await setup.waitForRotation(true)
        let standbyBefore = try await setup.reads(on: setup.standby)
        #expect(try await setup.mantra(id, key: reader) == "replicated")
        #expect(try await setup.reads(on: setup.standby) - standbyBefore == 1)
    }
}

/// A count shared by the load's tasks.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
