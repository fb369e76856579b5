import Logging
import Postgres

/// Serve's start-up check of what stands between it and PostgreSQL, against what `--pooler` says.
///
/// A pooler is recognised by the backend pid it announces at start-up, which is not the pid of the server
/// process that then runs the statements (`PostgresConnection.isBehindPooler`). Whether it pools sessions
/// or transactions cannot be asked, and guessing wrong would break statements at random later, so a pooler
/// found without `--pooler` stops serve with an error naming both choices rather than switching by itself.
struct PoolerCheck {
    /// What `--pooler` says.
    var pooler: PoolerMode
    var logger: Logger

    /// Checks `client`'s database URL (and the direct URL of a transaction pooler); `embedded` when the
    /// client reaches ModelGraph's own PostgreSQL.
    func run(client: PostgresClient, embedded: Bool) async throws {
        if embedded {
            guard pooler == .none else {
                throw UserError("--pooler describes a --database-url that goes through a connection pooler; ModelGraph's own PostgreSQL has none. Give --database-url.")
            }
            return
        }
        let pooled = try await client.reachesPooler()
        switch pooler {
        case .none:
            guard !pooled else {
                throw UserError(
                    """
                    The database URL reaches PostgreSQL through a connection pooler (the backend it announced is not the one running the statements). \
                    If it keeps one server connection per client (PgBouncer's pool_mode = session), serve with --pooler session. \
                    If it lends one per transaction (pool_mode = transaction), serve with --pooler transaction and --direct-database-url set to a URL that reaches PostgreSQL itself.
                    """)
            }
        case .session:
            if !pooled { logger.info("--pooler session: the database URL seems to reach PostgreSQL directly, which works the same") }
        case .transaction:
            if !pooled { logger.info("--pooler transaction: the database URL seems to reach PostgreSQL directly; statements run unnamed all the same") }
            try await checkDirectURL(of: client)
            try await checkStatementTimeout(of: client)
        }
    }

    /// The direct URL must reach PostgreSQL itself: LISTEN through a transaction pooler hears nothing.
    private func checkDirectURL(of client: PostgresClient) async throws {
        guard let direct = client.configuration.directConninfo else { return }
        let probe = PostgresClient(configuration: .init(conninfo: direct, connections: 1, statementTimeoutMilliseconds: 0))
        defer { probe.shutdown() }
        let pooled: Bool
        do {
            pooled = try await probe.reachesPooler()
        } catch {
            throw UserError("Cannot connect with --direct-database-url: \(error)")
        }
        guard !pooled else {
            throw UserError("--direct-database-url also goes through a connection pooler; it must reach PostgreSQL itself (the change feed LISTENs on it).")
        }
    }

    /// Behind a transaction pooler `--statement-timeout` only bounds ModelGraph's own transactions (`SET LOCAL`);
    /// single statements run with the role's setting, so a role without one is worth a warning.
    private func checkStatementTimeout(of client: PostgresClient) async throws {
        guard client.configuration.statementTimeoutMilliseconds > 0 else { return }
        let setting = try await client.query("SELECT current_setting('statement_timeout')", idempotent: true).scalar
        if setting == "0" {
            logger.warning(
                "behind a transaction pooler, single statements run with the role's statement_timeout, which is 0 (none); set one, e.g. ALTER ROLE … SET statement_timeout = '10s' (docs/scaling.md)"
            )
        }
    }
}
