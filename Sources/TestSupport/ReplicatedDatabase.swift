import EmbeddedPostgres
import Foundation
import Logging
import Postgres

/// A primary and a streaming standby of it for the read-replica tests, both private clusters on unix sockets
/// started by the test process (the standby made with `pg_basebackup -R`), both removed at exit. Both load
/// `pg_stat_statements`, so a test can count on each node the statements that ran there. One pair per test
/// process: tests that pause or stop the standby must run one at a time (a serialized suite).
package final class ReplicatedDatabase: Sendable {
    /// The pair of this test process, started on first use.
    package static func shared() throws -> ReplicatedDatabase { try started.get() }

    private static let started: Result<ReplicatedDatabase, any Error> = {
        do {
            let pair = try ReplicatedDatabase()
            atexit { try? ReplicatedDatabase.shared().remove() }
            return .success(pair)
        } catch {
            return .failure(error)
        }
    }()

    private let folder: URL
    private let primary: EmbeddedPostgres
    private let standby: EmbeddedPostgres

    private init() throws {
        folder = URL(fileURLWithPath: "/tmp/modelgraph-replicas-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        var logger = Logger(label: "test.replicas")
        logger.logLevel = .warning
        primary = try EmbeddedPostgres(directory: folder.appendingPathComponent("primary"), maxConnections: 200, durability: .throwaway, logger: logger)
        primary.settings = ["shared_preload_libraries=pg_stat_statements", "wal_level=replica", "max_wal_senders=5"]
        try primary.start()
        do {
            standby = try primary.makeStandby(in: folder.appendingPathComponent("standby"))
            try standby.start()
        } catch {
            // Nothing would stop the primary at exit otherwise.
            primary.stop()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Creates a database on the primary (with `pg_stat_statements`), waits until the standby has it, and returns
    /// both connection strings.
    package func makeDatabase() async throws -> (primary: String, standby: String) {
        let name = "test_\(UInt64.random(in: 0...UInt64.max))"
        let admin = PostgresClient(configuration: .init(conninfo: primary.conninfo(), connections: 1, statementTimeoutMilliseconds: 0))
        defer { admin.shutdown() }
        _ = try await admin.withConnection { try $0.execute("CREATE DATABASE \(name) TEMPLATE template0") }
        let database = PostgresClient(configuration: .init(conninfo: primary.conninfo(database: name), connections: 1))
        defer { database.shutdown() }
        _ = try await database.query("CREATE EXTENSION pg_stat_statements")
        let position = try await database.query("SELECT pg_current_wal_insert_lsn()::text").scalar ?? "0/0"
        try await waitForReplay(of: position)
        return (primary.conninfo(database: name), standby.conninfo(database: name))
    }

    /// Waits until the standby has replayed `position` (a `pg_lsn` text), up to 30 s.
    package func waitForReplay(of position: String) async throws {
        let client = PostgresClient(configuration: .init(conninfo: standby.conninfo(), connections: 1))
        defer { client.shutdown() }
        for _ in 0..<3000 {
            let caughtUp = try? await client.query("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn", [position]).scalar
            if caughtUp == "t" { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ReplayTimeout(position: position)
    }

    /// Stops the standby at once (`pg_ctl -m immediate`: its connections break, as when its machine fails).
    package func stopStandby() throws {
        try standby.stopImmediately()
    }

    /// Starts the standby again; it resumes following the primary.
    package func startStandby() throws {
        try standby.start()
    }

    private func remove() {
        standby.stop()
        primary.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The standby did not replay a position in time.
struct ReplayTimeout: Error, CustomStringConvertible {
    let position: String
    var description: String { "the standby did not replay \(position) within 30 s" }
}
