package import Postgres

/// What the executor needs of a database: one statement on its own, or several in one transaction. The
/// connection pool (`PostgresClient`) is the one in production; the protocol is the seam where another way of
/// running statements (a read replica, say) plugs in without touching execution.
package protocol StatementRunner: Sendable {
    /// Runs one statement with text parameters in its own implicit transaction. A statement that is
    /// `idempotent` (a read) may be sent again on a fresh connection; any other is sent at most once. `tenant`
    /// names whose turn it is when statements wait (an API key's id). A statement with `customPlan` is planned
    /// for its own values rather than with a cached generic plan (`PlannedStatement.needsCustomPlan`).
    func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult

    /// Runs `body` inside `BEGIN … COMMIT` on one connection, rolling back when it throws.
    func runTransaction<Value: Sendable>(tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value) async throws -> Value
}

extension StatementRunner {
    /// Runs one statement with the connection's usual plans (see the requirement).
    package func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String) async throws -> QueryResult {
        try await run(sql, parameters, idempotent: idempotent, tenant: tenant, customPlan: false)
    }
}

/// Statements run inside a transaction that `StatementRunner.runTransaction` opened.
package protocol TransactionStatements {
    /// Runs one statement with text parameters (never re-sent: the transaction owns its outcome).
    func run(_ sql: String, _ parameters: [String?]) throws -> QueryResult
}

extension PostgresConnection: TransactionStatements {
    /// Runs one statement inside the open transaction.
    package func run(_ sql: String, _ parameters: [String?]) throws -> QueryResult {
        try query(sql, parameters)
    }
}

extension PostgresClient: StatementRunner {
    /// Runs one statement, pipelined when a pipelined connection is ready, otherwise on a pooled connection.
    package func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult {
        try await query(sql, parameters, idempotent: idempotent, tenant: tenant, customPlan: customPlan)
    }

    /// Runs `body` in a transaction on a pooled connection.
    package func runTransaction<Value: Sendable>(
        tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value
    ) async throws -> Value {
        try await withTransaction(tenant: tenant) { connection in try body(connection) }
    }
}
