import Logging
import Postgres
import Storage

/// Whether the database server can fold case as the case-insensitive operators do: they need the ICU collation
/// `und-x-icu`, which a PostgreSQL built without ICU lacks. Checked once when `serve` starts; without it the
/// operators are refused with a message saying so, and the rest of the API works.
enum CaseFolding {
    /// True when the server has the collation; logs a warning when it has not.
    static func available(on client: PostgresClient, logger: Logger) async throws -> Bool {
        let found = try await client.query("SELECT count(*) FROM pg_catalog.pg_collation WHERE collname = $1", [TextSearchSQL.foldingCollation]).scalar
        guard (Int(found ?? "0") ?? 0) > 0 else {
            logger.warning(
                "the database server has no ICU collation \"\(TextSearchSQL.foldingCollation)\" (PostgreSQL built without ICU): eqInsensitive, containsInsensitive and beginsWithInsensitive are refused"
            )
            return false
        }
        return true
    }
}
