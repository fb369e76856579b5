import CLibPQ
import Foundation

/// One libpq connection. Blocking: use it only from a worker thread of `PostgresClient`, one thread at a
/// time. Caches a prepared statement per distinct SQL text, unless a transaction pooler stands between it
/// and the server (`PoolerMode.transaction`): then every statement is the unnamed one.
package final class PostgresConnection: @unchecked Sendable {
    var handle: OpaquePointer?
    private let conninfo: String
    private var prepared: [String: String] = [:]
    /// Bytes of SQL text prepared on this connection (`PreparedStatementBudget`).
    private var preparedBytes = 0
    private var nextStatementNumber = 0

    /// Session settings run after every (re)connect, e.g. `SET statement_timeout = 10000`.
    private let sessionSetup: [String]

    /// The `plan_cache_mode` the session setup chose, restored after statements that asked for custom plans.
    private let planCacheMode: PlanCacheMode

    /// True while the session plans every execution for its values (switched for a statement that asked).
    private var customPlans = false

    /// What stands between this connection and PostgreSQL; with `.transaction` nothing is kept in the session.
    let pooler: PoolerMode

    /// Settings run right after each `BEGIN` of `transaction(_:)`, in the same round trip (`SET LOCAL …`):
    /// what a transaction pooler's sessions cannot keep.
    let transactionSetup: [String]

    /// Connects with a `postgresql://` URL or a `key=value` string; PG* variables and .pgpass apply.
    /// `planCacheMode` is the mode `sessionSetup` sets (`auto` when it sets none). Behind a transaction
    /// `pooler`, statements run unnamed and `sessionSetup` must set only what the pooler carries over.
    package init(
        conninfo: String, sessionSetup: [String] = [], planCacheMode: PlanCacheMode = .auto, pooler: PoolerMode = .none, transactionSetup: [String] = []
    ) throws(PostgresError) {
        self.conninfo = conninfo
        self.sessionSetup = sessionSetup
        self.planCacheMode = planCacheMode
        self.pooler = pooler
        self.transactionSetup = transactionSetup
        try connect()
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    private func connect() throws(PostgresError) {
        if let handle { PQfinish(handle) }
        prepared = [:]
        preparedBytes = 0
        inTransaction = false
        customPlans = false
        let connection = PQconnectdb(conninfo)
        handle = connection
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            throw PostgresError(kind: .connection, message: "could not connect to PostgreSQL: " + message.trimmingTrailingNewlines)
        }
        // Quiet notices: they would go to stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        for statement in sessionSetup {
            try consume(PQexec(connection, statement), sql: statement)
        }
    }

    /// True while the connection is usable.
    package var isHealthy: Bool {
        guard let handle else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Reconnects when the connection broke (the server restarted, say). An idle connection whose server ended
    /// the session has said so on the socket (a termination notice, then end of file): that is read first, so
    /// a statement is only sent on a connection that was alive when it went out.
    package func reconnectIfNeeded() throws(PostgresError) {
        if let handle, !inTransaction, PQstatus(handle) == CONNECTION_OK {
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 { _ = PQconsumeInput(handle) }
        }
        if !isHealthy { try connect() }
    }

    /// True between `BEGIN` and `COMMIT`/`ROLLBACK` issued through `execute`.
    private var inTransaction = false

    /// Runs `sql` with text parameters through a cached prepared statement. Outside a transaction, a statement
    /// that breaks on a dead connection runs once more on a fresh one only when that cannot apply it twice: it
    /// is `idempotent` (a read), or it provably never executed (the connection broke while preparing it).
    /// Otherwise the error says the outcome is unknown (`outcomeUnknown`): a write is never re-sent blindly.
    /// A statement with `customPlan` outside a transaction is planned for its own values (`force_custom_plan`
    /// for it, whatever the session's mode), for statements whose best plan depends on them.
    @discardableResult
    package func query(_ sql: String, _ parameters: [String?] = [], idempotent: Bool = false, customPlan: Bool = false) throws(PostgresError) -> QueryResult {
        try PostgresError.checkStorable(parameters, sql: sql)
        do {
            return try runPrepared(sql, parameters, customPlan: customPlan)
        } catch {
            guard error.kind == .connection, !inTransaction, !isHealthy, idempotent || !error.outcomeUnknown else { throw error }
            try connect()
            return try runPrepared(sql, parameters, customPlan: customPlan)
        }
    }

    /// Switches the session's `plan_cache_mode` when the next statement wants other plans than the last one,
    /// so a run of statements of one kind pays for no switch. Never inside a transaction: a rollback would
    /// undo the switch behind `customPlans`'s back.
    private func usePlans(custom: Bool, on handle: OpaquePointer) throws(PostgresError) {
        // Behind a transaction pooler every statement is the unnamed one, planned for its own values anyway.
        guard pooler.keepsSessions, !inTransaction, planCacheMode != .forceCustomPlan, custom != customPlans else { return }
        let mode = custom ? PlanCacheMode.forceCustomPlan : planCacheMode
        let statement = "SET plan_cache_mode = \(mode.rawValue)"
        try consume(PQexec(handle, statement), sql: statement)
        customPlans = custom
    }

    private func runPrepared(_ sql: String, _ parameters: [String?], customPlan: Bool = false) throws(PostgresError) -> QueryResult {
        try reconnectIfNeeded()
        guard let handle else { throw PostgresError(kind: .connection, message: "no connection") }
        try usePlans(custom: customPlan, on: handle)
        let size = sql.utf8.count
        var name: String?
        if !pooler.keepsSessions {
            // A named statement would stay on a server connection the pooler lends to others next.
            name = nil
        } else if let existing = prepared[sql] {
            name = existing
        } else if size <= PreparedStatementBudget.largestStatement {
            if prepared.count >= PreparedStatementBudget.maximumStatements || preparedBytes + size > PreparedStatementBudget.maximumBytes {
                try consume(PQexec(handle, "DEALLOCATE ALL"), sql: "DEALLOCATE ALL")
                prepared = [:]
                preparedBytes = 0
            }
            nextStatementNumber += 1
            let fresh = "mg\(nextStatementNumber)"
            try consume(PQprepare(handle, fresh, sql, 0, nil), sql: sql)
            prepared[sql] = fresh
            preparedBytes += size
            name = fresh
        }
        let result = withCStrings(parameters) { pointers in
            if let name { return PQexecPrepared(handle, name, Int32(parameters.count), pointers, nil, nil, 0) }
            // Too large to keep, or behind a transaction pooler: the unnamed statement (parse, bind, execute in
            // one round trip), whose plan is freed once the next one replaces it.
            return PQexecParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
        }
        do {
            return try consume(result, sql: sql)
        } catch {
            // A statement cached before a schema change can fail with "cached plan must not change result type".
            if error.sqlState == "0A000", prepared.removeValue(forKey: sql) != nil { preparedBytes -= size }
            var failure = error
            // A statement this connection prepared is gone: the session changed under it, which only a pooler
            // lending server connections per transaction does. Forget them all, and say what would fix it.
            if error.sqlState == "26000", name != nil {
                prepared = [:]
                preparedBytes = 0
                failure.hint = "A connection pooler in transaction mode lends this connection's session to others: serve with --pooler transaction."
            }
            // Sent, and the connection broke before the answer came: the server may have run it.
            if failure.kind == .connection { failure.outcomeUnknown = true }
            throw failure
        }
    }

    /// Runs statements without parameters through the simple protocol (DDL, migration files).
    @discardableResult
    package func execute(_ sql: String) throws(PostgresError) -> QueryResult {
        let endsTransaction = sql == "COMMIT" || sql == "ROLLBACK"
        let retryable = !inTransaction && !endsTransaction
        do {
            return try executeOnce(sql)
        } catch {
            guard error.kind == .connection, retryable, !isHealthy else { throw error }
            try connect()
            return try executeOnce(sql)
        }
    }

    private func executeOnce(_ sql: String) throws(PostgresError) -> QueryResult {
        if !inTransaction { try reconnectIfNeeded() }
        guard let handle else { throw PostgresError(kind: .connection, message: "no connection") }
        if sql == "COMMIT" || sql == "ROLLBACK" { inTransaction = false }
        // A transaction's statements run with the session's own plans, not the last statement's custom ones.
        if sql.hasPrefix("BEGIN") { try usePlans(custom: false, on: handle) }
        let result = try consume(PQexec(handle, sql), sql: sql)
        if sql.hasPrefix("BEGIN") { inTransaction = true }
        return result
    }

    /// Turns a libpq result into rows or an error, and frees it.
    @discardableResult
    private func consume(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> QueryResult {
        guard let result else {
            let message = handle.map { String(cString: PQerrorMessage($0)) } ?? "no result"
            throw PostgresError(kind: .connection, message: message.trimmingTrailingNewlines, query: sql)
        }
        defer { PQclear(result) }
        return try QueryResult.reading(result, connection: handle, sql: sql)
    }
}

/// Calls `body` with a C array of NUL-terminated copies of `strings` (NULL for nil), all in one buffer. Each
/// string's UTF-8 is copied in one piece (a native string's bytes are contiguous), not byte by byte: change
/// images and nested writes make parameters of many kilobytes.
func withCStrings<Result>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(strings.reduce(1) { $0 + ($1?.utf8.count ?? 0) + 1 })
    var offsets: [Int?] = []
    offsets.reserveCapacity(strings.count)
    for string in strings {
        guard let string else {
            offsets.append(nil)
            continue
        }
        offsets.append(buffer.count)
        buffer.append(contentsOf: string.utf8)
        buffer.append(0)
    }
    // Never empty, so the storage has an address even when every string is nil.
    buffer.append(0)
    return buffer.withUnsafeBufferPointer { storage in
        let base = UnsafeRawPointer(storage.baseAddress!).assumingMemoryBound(to: CChar.self)
        return body(offsets.map { offset in offset.map { base + $0 } })
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return text
    }
}
