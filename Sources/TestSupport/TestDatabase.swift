import EmbeddedPostgres
import Foundation
import Logging
import Postgres

/// A real PostgreSQL for tests: `TEST_DATABASE_URL` when set, otherwise one throwaway cluster per test
/// process, started with the same launcher `serve` uses and removed at exit. Each call to `makeDatabase()`
/// creates a fresh database, so tests are independent and can run in parallel.
package enum TestDatabase {
    private static let server: Result<String, any Error> = {
        if let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty {
            return .success(url)
        }
        do {
            let folder = URL(fileURLWithPath: "/tmp/modelgraph-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            var logger = Logger(label: "test.postgres")
            logger.logLevel = .warning
            // Every test runs at once, each server with its own pool: about 200 connections at the peak, so
            // leave room well beyond PostgreSQL's default.
            let cluster = try EmbeddedPostgres(directory: folder, maxConnections: maxConnections, durability: .throwaway, logger: logger)
            try cluster.start()
            clusterToStop = cluster
            atexit {
                TestDatabase.clusterToStop?.stop()
                if let folder = TestDatabase.clusterToStop?.directory { try? FileManager.default.removeItem(at: folder) }
            }
            return .success(cluster.conninfo())
        } catch {
            return .failure(error)
        }
    }()

    /// `max_connections` of the throwaway cluster. A `TEST_DATABASE_URL` server needs about half of it free.
    package static let maxConnections = 1000

    nonisolated(unsafe) private static var clusterToStop: EmbeddedPostgres?

    /// The connection string of the server (its maintenance database).
    package static func serverConninfo() throws -> String {
        try server.get()
    }

    /// Creates an empty database and returns its connection string. Databases are created one at a time
    /// (`creations`): every test starts at once, and hundreds of simultaneous copies of the template make
    /// each of them, and every statement beside them, slow enough to time out. A creation has no time limit.
    package static func makeDatabase() async throws -> String {
        let base = try serverConninfo()
        let name = "test_\(UInt64.random(in: 0...UInt64.max))"
        try await creations.run {
            let admin = PostgresClient(configuration: .init(conninfo: base, connections: 1, statementTimeoutMilliseconds: 0))
            defer { admin.shutdown() }
            _ = try await admin.withConnection { try $0.execute("CREATE DATABASE \(name) TEMPLATE template0") }
        }
        return conninfo(base, database: name)
    }

    /// Lets one database creation run at a time.
    private static let creations = OneAtATime()

    /// `base` with its database replaced.
    static func conninfo(_ base: String, database: String) -> String {
        if base.contains("://") {
            return base + (base.contains("?") ? "&" : "?") + "dbname=\(database)"
        }
        return base + " dbname=\(database)"
    }
}
