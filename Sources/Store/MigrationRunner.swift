import Foundation
package import Postgres

/// Applies migration files to a database: in order, each in its own transaction, under a transaction-level
/// advisory lock so two servers starting at once apply each file once, recording name, checksum and time.
package struct MigrationRunner: Sendable {
    /// What the database has and has not applied.
    package struct Status: Sendable {
        package var applied: [String]
        package var pending: [String]
        /// Applied files whose text changed since.
        package var edited: [String]
        /// Applied versions with no file any more.
        package var missing: [String]
    }

    /// Key of the advisory lock taken while applying (`hashtext('modelgraph.migrations')`-like constant).
    static let lockKey = "4242424201"

    let client: PostgresClient
    let directory: MigrationDirectory

    /// Creates a runner.
    package init(client: PostgresClient, directory: MigrationDirectory) {
        self.client = client
        self.directory = directory
    }

    /// Compares the files with the history table.
    package func status() async throws -> Status {
        try await SystemTables.ensure(client)
        let files = try directory.files()
        let rows = try await client.query("SELECT name, checksum FROM modelgraph.schema_migrations ORDER BY version").rows
        return Self.status(files: files, applied: rows.map { ($0[0] ?? "", $0[1] ?? "") })
    }

    /// Differences between the live catalog and the snapshot of the last applied migration.
    package func drift() async throws -> [String] {
        let status = try await status()
        guard let last = status.applied.last, !status.missing.contains(last) else { return [] }
        return try await DriftDetector(client: client).drift(expected: try directory.snapshot(after: last))
    }

    static func status(files: [MigrationDirectory.File], applied: [(String, String)]) -> Status {
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let appliedNames = Set(applied.map(\.0))
        return Status(
            applied: applied.map(\.0),
            pending: files.filter { !appliedNames.contains($0.name) }.map(\.name),
            edited: applied.filter { entry in byName[entry.0].map { $0.checksum != entry.1 } ?? false }.map(\.0),
            missing: applied.filter { byName[$0.0] == nil }.map(\.0)
        )
    }

    /// Applies every pending file; returns the names applied. An edited, already-applied file is an error.
    ///
    /// Each file runs in its own transaction, which first takes a transaction-level advisory lock and reads
    /// the history again under it: of servers starting at once, one applies the file and the others find it
    /// applied and go on to the next. The lock ends with the transaction, so nothing is kept in the session
    /// and migrations run as well through a transaction pooler (PgBouncer's `pool_mode = transaction`).
    @discardableResult
    package func apply() async throws -> [String] {
        try await SystemTables.ensure(client)
        let files = try directory.files()
        return try await client.withConnection { connection in
            let rows = try connection.query("SELECT name, checksum FROM modelgraph.schema_migrations ORDER BY version").rows
            let status = Self.status(files: files, applied: rows.map { ($0[0] ?? "", $0[1] ?? "") })
            if !status.edited.isEmpty {
                throw StoreError.user(
                    "Applied migration(s) \(status.edited.joined(separator: ", ")) were edited after being applied; restore the original file(s) and put changes in a new migration (`modelgraph migrate generate`)."
                )
            }
            var applied: [String] = []
            for file in files where status.pending.contains(file.name) {
                do {
                    // A migration may rewrite a large table: it is not bound by the requests' statement timeout.
                    try connection.execute("BEGIN; SET LOCAL statement_timeout = 0; SELECT pg_advisory_xact_lock(\(Self.lockKey))")
                    let done = try connection.query("SELECT 1 FROM modelgraph.schema_migrations WHERE name = $1", [file.name]).rows.isEmpty == false
                    if !done {
                        try connection.execute(file.sql)
                        try connection.query(
                            "INSERT INTO modelgraph.schema_migrations (version, name, checksum) VALUES ($1::integer, $2, $3)",
                            [String(file.version), file.name, file.checksum]
                        )
                    }
                    try connection.execute("COMMIT")
                    if !done { applied.append(file.name) }
                } catch {
                    _ = try? connection.execute("ROLLBACK")
                    throw StoreError.user("Migration \(file.name) failed and was rolled back: \(error)")
                }
            }
            return applied
        }
    }
}

/// ModelGraph's own tables, in schema `modelgraph`, kept apart from the user's tables.
package enum SystemTables {
    /// Creates them when missing. The statements run as one implicit transaction holding a transaction-level
    /// advisory lock, so concurrent callers wait until the first one has committed.
    package static func ensure(_ client: PostgresClient) async throws {
        _ = try await client.withConnection { connection in
            try connection.execute(
                """
                SELECT pg_advisory_xact_lock(4242424200);
                CREATE SCHEMA IF NOT EXISTS modelgraph;
                CREATE TABLE IF NOT EXISTS modelgraph.schema_migrations (
                  version integer PRIMARY KEY,
                  name text NOT NULL,
                  checksum text NOT NULL,
                  applied_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE TABLE IF NOT EXISTS modelgraph.api_keys (
                  id text PRIMARY KEY,
                  secret_hash text NOT NULL,
                  description text,
                  created_at timestamptz NOT NULL DEFAULT now(),
                  expires_at timestamptz NOT NULL,
                  revoked_at timestamptz,
                  last_used_at timestamptz
                );
                """ + ChangeLog.schemaStatements + "\n" + AutomergeFunction.statement)
        }
    }
}
