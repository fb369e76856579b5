import Foundation
import Postgres
import Store
import TestSupport
import Testing

/// The client in `PoolerMode.transaction` against Debian's PgBouncer in transaction pooling mode: what it
/// recognises, what it keeps out of the session, what it puts in its transactions, and migrations through it.
@Suite("PostgreSQL client behind a transaction pooler")
struct PoolerModeTests {
    static func client(_ conninfo: String, connections: Int = 2, timeout: Int = 10_000, applicationName: String? = nil) -> PostgresClient {
        var configuration = PostgresClient.Configuration(conninfo: conninfo, connections: connections, statementTimeoutMilliseconds: timeout)
        configuration.pooler = .transaction
        configuration.applicationName = applicationName
        return PostgresClient(configuration: configuration)
    }

    @Test("a pooler is recognised by the backend pid it announces; PostgreSQL itself and a byte-forwarding proxy are not")
    func recognisesPooler() async throws {
        let database = try await TestDatabase.makeDatabase()
        let direct = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { direct.shutdown() }
        #expect(try await direct.reachesPooler() == false)
        let proxy = try await DroppingProxy(database: database)
        defer { proxy.stop() }
        let forwarded = PostgresClient(configuration: .init(conninfo: proxy.conninfo, connections: 1))
        defer { forwarded.shutdown() }
        #expect(try await forwarded.reachesPooler() == false)
        let pooled = Self.client(try PgBouncer.shared().conninfo(sameDatabaseAs: database))
        defer { pooled.shutdown() }
        #expect(try await pooled.reachesPooler())
    }

    @Test("many distinct statements from several connections over one server connection: every one runs (no named statement to lose)")
    func unnamedStatements() async throws {
        let database = try await TestDatabase.makeDatabase()
        let bouncer = try PgBouncer(upstream: try TestDatabase.serverConninfo(), poolSize: 1)
        defer { bouncer.stop() }
        let pooled = Self.client(bouncer.conninfo(sameDatabaseAs: database), connections: 4)
        defer { pooled.shutdown() }
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                // 20 statement texts, each run ten times from whichever connection takes it.
                group.addTask { Int(try await pooled.query("SELECT $1::int + \(index % 20)", [String(index)], idempotent: true).scalar ?? "") ?? -1 }
            }
            return try await group.reduce(0, +)
        }
        #expect(sums == (0..<200).reduce(0) { $0 + $1 + $1 % 20 })
        // Nothing was prepared by name on the one server connection they shared.
        #expect(try await pooled.query("SELECT count(*) FROM pg_prepared_statements").scalar == "0")
    }

    @Test("the session keeps only what PgBouncer restores: UTC stays UTC on a server connection another client set to Tokyo")
    func timeZoneRestored() async throws {
        let database = try await TestDatabase.makeDatabase()
        let bouncer = try PgBouncer(upstream: try TestDatabase.serverConninfo(), poolSize: 1)
        defer { bouncer.stop() }
        let ours = Self.client(bouncer.conninfo(sameDatabaseAs: database), connections: 1, applicationName: "ours")
        defer { ours.shutdown() }
        let theirs = PostgresClient(configuration: .init(conninfo: bouncer.conninfo(sameDatabaseAs: database), connections: 1, planCacheMode: .auto, randomPageCost: nil))
        defer { theirs.shutdown() }
        let zone = "SELECT current_setting('TimeZone'), current_setting('application_name')"
        #expect(try await ours.withConnection { try $0.execute(zone) }.rows == [["UTC", "ours"]])
        _ = try await theirs.withConnection { try $0.execute("SET TIME ZONE 'Asia/Tokyo'") }
        #expect(try await theirs.withConnection { try $0.execute(zone) }.rows.first?.first == "Asia/Tokyo")
        #expect(try await ours.query(zone).rows == [["UTC", "ours"]])
        #expect(try await ours.query("SELECT to_json('2026-01-01 00:00:00+00'::timestamptz)::text").scalar == #""2026-01-01T00:00:00+00:00""#)
    }

    @Test("the statement timeout and page cost go in ModelGraph's transactions (SET LOCAL), never in the shared session")
    func settingsPerTransaction() async throws {
        let database = try await TestDatabase.makeDatabase()
        let bouncer = try PgBouncer(upstream: try TestDatabase.serverConninfo(), poolSize: 1)
        defer { bouncer.stop() }
        let pooled = Self.client(bouncer.conninfo(sameDatabaseAs: database), connections: 1, timeout: 1234)
        defer { pooled.shutdown() }
        let settings = "SELECT current_setting('statement_timeout'), current_setting('random_page_cost'), current_setting('plan_cache_mode')"
        let inside = try await pooled.withTransaction { try $0.query(settings).rows }
        #expect(inside == [["1234ms", "1.1", "auto"]])
        // Outside a transaction the server's own settings: nothing was left on the shared server connection.
        #expect(try await pooled.query(settings).rows == [["0", "4", "auto"]])
        // The timeout applies inside.
        await #expect(throws: PostgresError.self) { try await pooled.withTransaction { try $0.query("SELECT pg_sleep(3)") } }
    }

    @Test("two migration runners at once through the pooler apply each file once (transaction-level advisory lock)")
    func migrationsThroughPooler() async throws {
        let database = try await TestDatabase.makeDatabase()
        let bouncer = try PgBouncer(upstream: try TestDatabase.serverConninfo(), poolSize: 2)
        defer { bouncer.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-pooler-migrations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for version in 1...5 {
            // Each file takes a moment, so the two runners overlap.
            let sql = "SELECT pg_sleep(0.05);\nCREATE TABLE t\(version) (id int PRIMARY KEY);\n"
            try sql.write(to: folder.appendingPathComponent(String(format: "%04d_t%d.sql", version, version)), atomically: true, encoding: .utf8)
        }
        let directory = MigrationDirectory(url: folder)
        let clients = [Self.client(bouncer.conninfo(sameDatabaseAs: database)), Self.client(bouncer.conninfo(sameDatabaseAs: database))]
        defer { for client in clients { client.shutdown() } }
        let applied = try await withThrowingTaskGroup(of: [String].self) { group in
            for client in clients { group.addTask { try await MigrationRunner(client: client, directory: directory).apply() } }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(applied.sorted() == (1...5).map { String(format: "%04d_t%d", $0, $0) }, "\(applied)")
        #expect(try await clients[0].query("SELECT count(*) FROM modelgraph.schema_migrations").scalar == "5")
        #expect(try await MigrationRunner(client: clients[1], directory: directory).status().pending.isEmpty)
    }
}
