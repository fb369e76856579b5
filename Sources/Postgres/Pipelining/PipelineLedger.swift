/// What a pipelined connection owes its callers, kept apart from libpq so that it can be tested alone.
///
/// A pipelined connection sends, per statement, an optional `Parse` (the first time a text is seen, within the
/// `PreparedStatementBudget`), the statement itself and a sync; PostgreSQL answers them in that order. The
/// ledger records each item as it is sent, and turns each answer read back into at most one caller's outcome:
///
/// - a statement's outcome is its last result, delivered at the end of its results;
/// - a statement PostgreSQL skipped because an earlier item of its sync failed reports that earlier failure
///   when it is its own prepare (rather than "prepared statement does not exist"), else that it was skipped;
/// - a failed prepare forgets the text, so the next use prepares it again; so does a statement that fails
///   with SQLSTATE 0A000 ("cached plan must not change result type", after a schema change);
/// - when the connection breaks, every statement still owed fails at once, and nothing prepared survives.
///
/// `Waiter` is whatever the connection hands back with an outcome (a completion closure in production).
package struct PipelineLedger<Waiter> {
    /// One answer read from the server, already classified by the connection.
    package enum Answer {
        /// A result of the item at the head: rows or command completion, or the error it failed with.
        case result(Result<QueryResult, PostgresError>)
        /// PostgreSQL skipped the item because an earlier one of the same sync failed.
        case aborted
        /// The end of the head item's results (libpq's null result).
        case end
        /// A sync point.
        case sync
    }

    /// What the connection sent and expects answers for, in sending order.
    private enum Owed {
        case prepare(sql: String, name: String)
        case statement(sql: String, name: String?, waiter: Waiter)
        case sync
    }

    private var owed = FIFOQueue<Owed>()
    private var prepared: [String: String] = [:]
    private var nextStatementNumber = 0
    /// Why prepares failed, by statement name; cleared whenever nothing is owed.
    private var failedPrepares: [String: PostgresError] = [:]
    /// The head statement's outcome so far, delivered at the end of its results.
    private var outcome: Result<QueryResult, PostgresError>?

    /// Statements sent and not yet answered.
    package private(set) var statementsOwed = 0
    /// Bytes of SQL text prepared on the connection.
    package private(set) var preparedBytes = 0

    /// An empty ledger, as for a new connection.
    package init() {}

    /// True when nothing is owed.
    package var isSettled: Bool { owed.isEmpty }

    /// Statements prepared on the connection.
    package var preparedCount: Int { prepared.count }

    /// The SQL text of the item the next answer belongs to, for reading that answer (nil for a sync or nothing).
    package var nextText: String? {
        switch owed.first {
        case .prepare(let sql, _), .statement(let sql, _, _): sql
        case .sync, nil: nil
        }
    }

    /// The name `sql` was prepared under on this connection, if it was.
    package func preparedName(of sql: String) -> String? { prepared[sql] }

    /// A fresh name to prepare `sql` under, or nil when it is already prepared or would exceed the budget
    /// (then it runs unprepared). Record the prepare with `prepareSent` once it is sent.
    package mutating func nameToPrepare(_ sql: String) -> String? {
        let size = sql.utf8.count
        guard prepared[sql] == nil, prepared.count < PreparedStatementBudget.maximumStatements,
            size <= PreparedStatementBudget.largestStatement, preparedBytes + size <= PreparedStatementBudget.maximumBytes
        else { return nil }
        nextStatementNumber += 1
        return "mg\(nextStatementNumber)"
    }

    /// Records a `Parse` sent for `sql` under `name`; later statements with the same text execute by name.
    package mutating func prepareSent(_ sql: String, name: String) {
        owed.append(.prepare(sql: sql, name: name))
        prepared[sql] = name
        preparedBytes += sql.utf8.count
    }

    /// Records a statement sent (by prepared `name`, or unprepared when nil) that `waiter` waits for.
    package mutating func statementSent(_ sql: String, name: String?, waiter: Waiter) {
        owed.append(.statement(sql: sql, name: name, waiter: waiter))
        statementsOwed += 1
    }

    /// Records a sync sent.
    package mutating func syncSent() {
        owed.append(.sync)
    }

    /// Takes one answer for the head item; returns a waiter and its outcome when a statement is finished.
    package mutating func receive(_ answer: Answer) -> (Waiter, Result<QueryResult, PostgresError>)? {
        defer { if owed.isEmpty { failedPrepares = [:] } }
        switch owed.first {
        case nil:
            return nil
        case .sync:
            // One sync result per sync, with no end marker after it.
            _ = owed.popFirst()
            return nil
        case .prepare(let sql, let name):
            receivePrepare(answer, sql: sql, name: name)
            return nil
        case .statement(let sql, let name, let waiter):
            return receiveStatement(answer, sql: sql, name: name, waiter: waiter)
        }
    }

    private mutating func receivePrepare(_ answer: Answer, sql: String, name: String) {
        let failure: PostgresError
        switch answer {
        case .end, .sync:
            _ = owed.popFirst()
            return
        case .result(.success):
            return
        case .result(.failure(let error)):
            failure = error
        case .aborted:
            failure = Self.skipped(sql)
        }
        failedPrepares[name] = failure
        forget(sql, ifNamed: name)
    }

    private mutating func receiveStatement(_ answer: Answer, sql: String, name: String?, waiter: Waiter) -> (Waiter, Result<QueryResult, PostgresError>)? {
        let prepareFailure = name.flatMap { failedPrepares[$0] }
        switch answer {
        case .end, .sync:
            _ = owed.popFirst()
            statementsOwed -= 1
            defer { outcome = nil }
            return (waiter, outcome ?? .failure(Self.skipped(sql)))
        case .aborted:
            // Skipped: its own failed prepare is the reason when there is one, else it was skipped.
            if let prepareFailure { outcome = .failure(prepareFailure) }
        case .result where prepareFailure != nil:
            // Its prepare failed ("prepared statement does not exist" after a sync): the prepare's error says why.
            outcome = .failure(prepareFailure!)
        case .result(.success(let rows)):
            outcome = .success(rows)
        case .result(.failure(let error)):
            if error.sqlState == "0A000", let name { forget(sql, ifNamed: name) }
            outcome = .failure(error)
        }
        return nil
    }

    /// Ends every owed statement with the error `failure` makes from its text, and forgets everything, as the
    /// connection is gone.
    package mutating func failAll(_ failure: (String) -> PostgresError) -> [(Waiter, PostgresError)] {
        var failed: [(Waiter, PostgresError)] = []
        for item in owed.removeAll() {
            if case .statement(let sql, _, let waiter) = item { failed.append((waiter, failure(sql))) }
        }
        self = PipelineLedger()
        return failed
    }

    private mutating func forget(_ sql: String, ifNamed name: String) {
        guard prepared[sql] == name else { return }
        prepared[sql] = nil
        preparedBytes -= sql.utf8.count
    }

    private static func skipped(_ sql: String) -> PostgresError {
        PostgresError(kind: .server, message: "the statement was skipped after an earlier failure", query: sql)
    }
}
