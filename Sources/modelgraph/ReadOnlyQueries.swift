import Logging
import ModelIR
import Postgres

/// Where custom queries' SQL runs: on the read replicas when the server has them (a standby writes nothing),
/// else on a small pool of the primary whose every transaction is read-only, so PostgreSQL refuses any write a
/// query's statement attempts, through a function too. Behind a transaction pooler no session keeps that
/// setting: the statements then run as a subquery on the usual connections, where no INSERT, UPDATE or
/// DELETE can be written.
enum ReadOnlyQueries {
    /// The read-only pool for `schema`'s SQL queries, or nil when it needs none or cannot have one.
    static func pool(for schema: ModelIR.Schema, primary: PostgresClient, hasReplicas: Bool, logger: Logger) -> PostgresClient? {
        let hasSQLQueries = schema.customOperations.contains { operation in
            guard operation.kind == .query, case .sql = operation.handler else { return false }
            return true
        }
        guard hasSQLQueries, !hasReplicas else { return nil }
        guard primary.configuration.pooler.keepsSessions else {
            logger.notice("behind a transaction pooler, custom queries' SQL runs as a subquery without a read-only session")
            return nil
        }
        var configuration = primary.configuration
        configuration.connections = min(4, max(2, configuration.connections / 4))
        configuration.pipelinedConnections = 0
        configuration.readOnly = true
        return PostgresClient(configuration: configuration)
    }
}
