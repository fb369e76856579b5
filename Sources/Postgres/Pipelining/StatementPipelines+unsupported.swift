#if !os(Linux)
    /// Pipelined connections need Linux's epoll. Elsewhere none are opened: `run` declines every statement and
    /// `PostgresClient` runs it on a pooled connection, as with `pipelinedConnections: 0`.
    final class StatementPipelines: Sendable {
        init(count: Int, depth: Int, conninfo: String, sessionSetup: [String]) {}

        /// Always 0: nothing is pipelined.
        var inFlight: Int { 0 }

        /// Declines: the caller uses the pool.
        func run(_ sql: String, _ parameters: [String?]) async throws -> QueryResult? { nil }

        /// Nothing to connect.
        func connectAll(timeout: Duration) async -> Bool { true }

        /// Nothing to close.
        func shutdown() {}
    }
#endif
