import Foundation
import Postgres
import TestSupport
import Testing

/// `modelgraph serve --pooler …` as users start it, in front of the test PgBouncer: the flag is required
/// when a pooler is found, refused when the rest of the configuration cannot work, and a server started
/// with it serves, migrates and names its instance.
@Suite("Command line: serve behind a pooler")
struct PoolerServeTests {
    @Test("a pooler found without --pooler stops serve with an error naming --pooler session and --pooler transaction")
    func detectsPooler() async throws {
        let database = try await TestDatabase.makeDatabase()
        let pooled = try PgBouncer.shared().conninfo(sameDatabaseAs: database)
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--database-url", pooled, "--port", "0"])
        #expect(status == 1, "\(errors)")
        #expect(errors.contains("reaches PostgreSQL through a connection pooler"), "\(errors)")
        #expect(errors.contains("--pooler session") && errors.contains("--pooler transaction and --direct-database-url"), "\(errors)")
    }

    @Test("--pooler transaction refuses a missing or pooled --direct-database-url and pipelined connections")
    func refusesUnworkableConfigurations() async throws {
        let database = try await TestDatabase.makeDatabase()
        let pooled = try PgBouncer.shared().conninfo(sameDatabaseAs: database)
        let withoutDirect = try await CommandLineTests.run(["serve", "--database-url", pooled, "--pooler", "transaction"])
        #expect(withoutDirect.0 != 0)
        #expect(withoutDirect.2.contains("--pooler transaction needs --direct-database-url"), "\(withoutDirect.2)")
        let pipelined = try await CommandLineTests.run(
            ["serve", "--database-url", pooled, "--pooler", "transaction", "--direct-database-url", database, "--pipelined-connections", "2"])
        #expect(pipelined.2.contains("--pipelined-connections cannot be used with --pooler transaction"), "\(pipelined.2)")
        let pooledDirect = try await CommandLineTests.run(
            ["serve", "--database-url", pooled, "--direct-database-url", pooled, "--port", "0"], environment: ["MODELGRAPH_POOLER": "transaction"])
        #expect(pooledDirect.0 == 1)
        #expect(pooledDirect.2.contains("--direct-database-url also goes through a connection pooler"), "\(pooledDirect.2)")
    }

    @Test("serve --pooler transaction migrates and serves through PgBouncer; metrics and request ids carry --instance-id")
    func servesThroughPooler() async throws {
        let database = try await TestDatabase.makeDatabase()
        let pooled = try PgBouncer.shared().conninfo(sameDatabaseAs: database)
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(
            in: folder, arguments: ["--database-url", pooled, "--pooler", "transaction", "--direct-database-url", database, "--instance-id", "blue"])
        defer { serve.process.terminate(); serve.process.waitUntilExit() }
        let key = try serve.apiKey()
        let (status, body) = try await serve.graphQL(#"mutation { createTeam(input: {id: "t", mantra: "crew"}) { id mantra } }"#, key: key)
        #expect(status == 200 && body.contains(#""mantra":"crew""#), "\(body)")
        let read = try await TestHTTP.graphQL(port: serve.port, key: key, query: #"{ getTeam(id: "t") { mantra } }"#)
        #expect(read.text.contains(#""mantra":"crew""#), "\(read.text)")
        #expect(read.headers["x-request-id"]?.hasPrefix("blue-") == true, "\(read.headers)")
        let metrics = try await TestHTTP.send(URL(string: "http://127.0.0.1:\(serve.port)/metrics")!, method: "GET")
        #expect(metrics.text.contains(#"modelgraph_requests_total{instance_id="blue","#), "\(metrics.text)")
        #expect(serve.logText.contains("instance=blue"), "\(serve.logText)")
        let direct = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { direct.shutdown() }
        #expect(try await direct.query("SELECT count(*) FROM modelgraph.schema_migrations").scalar != "0")
    }

    @Test("two instances on one database behind a round-robin proxy: both serve, and a revoked key stops working on both within the key cache's lifetime, announced or not")
    func twoInstancesRevocation() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A short cache lifetime, the bound a revocation whose announcement was missed takes effect within.
        let common = ["--database-url", database, "--key-cache-seconds", "2"]
        let first = try await ServeProcess.start(in: folder, arguments: common + ["--instance-id", "one"], logName: "one.log")
        defer { first.process.terminate(); first.process.waitUntilExit() }
        let second = try await ServeProcess.start(in: folder, arguments: common + ["--instance-id", "two"], logName: "two.log")
        defer { second.process.terminate(); second.process.waitUntilExit() }
        let proxy = try RoundRobinProxy(upstreams: [first.port, second.port])
        defer { proxy.stop() }
        let environment = ["DATABASE_URL": database]

        /// Sends `{ __typename }` through the proxy on a connection of its own (`Connection: close`, so the
        /// server closes it); the status and the instance whose id starts the request id.
        @Sendable func ask(_ key: String) async throws -> (Int, String) {
            let body = #"{"query":"{ __typename }"}"#
            let connection = try RawConnection(port: proxy.port)
            connection.send(
                "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nx-api-key: \(key)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let answer = await connection.readToEnd()
            let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
            let requestID = answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-request-id:") }?.dropFirst("x-request-id:".count)
            return (status, String(requestID?.trimmingCharacters(in: .whitespaces).split(separator: "-").first ?? ""))
        }
        /// Asks until both instances refused `key` in a row; the time that took. Fails after 30 s.
        func untilBothRefuse(_ key: String) async throws -> Duration {
            let start = ContinuousClock.now
            var refusedBy: Set<String> = []
            while ContinuousClock.now - start < .seconds(30) {
                let (status, instance) = try await ask(key)
                if status == 401 { refusedBy.insert(instance) } else { refusedBy = [] }
                if refusedBy.count == 2 { return ContinuousClock.now - start }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("the key still worked on some instance after 30 s")
            return .seconds(30)
        }

        // Both instances serve requests for the same keys, in turn.
        let (_, announcedOutput, _) = try await CommandLineTests.run(["keys", "create"], in: folder, environment: environment)
        let announced = announcedOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let (_, silentOutput, _) = try await CommandLineTests.run(["keys", "create"], in: folder, environment: environment)
        let silent = silentOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        var served: Set<String> = []
        for key in [announced, silent, announced, silent] {
            let (status, instance) = try await ask(key)
            #expect(status == 200)
            served.insert(instance)
        }
        #expect(served == ["one", "two"])

        // Revoked with the CLI: announced to every instance at once.
        let id = String(announced.split(separator: "_")[1])
        #expect(try await CommandLineTests.run(["keys", "revoke", id], in: folder, environment: environment).0 == 0)
        let announcedDelay = try await untilBothRefuse(announced)

        // Revoked without an announcement (as if every instance missed it): the cache lifetime still bounds it.
        let direct = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { direct.shutdown() }
        let silentID = String(silent.split(separator: "_")[1])
        _ = try await direct.query("UPDATE modelgraph.api_keys SET revoked_at = now() WHERE id = $1", [silentID])
        let silentDelay = try await untilBothRefuse(silent)
        // 2 s of cache, plus a request's time on a loaded machine.
        #expect(silentDelay < .seconds(8), "\(silentDelay)")
        #expect(announcedDelay < .seconds(8), "\(announcedDelay)")
    }
}
