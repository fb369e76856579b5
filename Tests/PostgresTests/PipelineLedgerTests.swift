import Postgres
import Testing

/// The pipelined connection's bookkeeping, driven by the answer sequences PostgreSQL sends in pipeline mode.
@Suite("Pipelined connection ledger")
struct PipelineLedgerTests {
    typealias Ledger = PipelineLedger<Int>

    static let rows = QueryResult(columns: ["n"], rows: [["1"]], affectedRows: 0)
    static let done = QueryResult(columns: [], rows: [], affectedRows: 0)

    static func failure(_ message: String, state: String? = nil) -> PostgresError {
        PostgresError(kind: .server, sqlState: state, message: message)
    }

    /// Sends `sql` the way the connection does: prepared the first time within the budget, then by name.
    static func send(_ sql: String, waiter: Int, into ledger: inout Ledger) {
        var name = ledger.preparedName(of: sql)
        if name == nil, let fresh = ledger.nameToPrepare(sql) {
            ledger.prepareSent(sql, name: fresh)
            name = fresh
        }
        ledger.statementSent(sql, name: name, waiter: waiter)
        ledger.syncSent()
    }

    static func outcomes(_ answers: [Ledger.Answer], from ledger: inout Ledger) -> [(Int, Result<QueryResult, PostgresError>)] {
        answers.compactMap { ledger.receive($0) }
    }

    @Test("a statement's rows reach its waiter at the end of its results; its text is prepared once and reused")
    func preparedThenReused() throws {
        var ledger = Ledger()
        Self.send("SELECT 1", waiter: 1, into: &ledger)
        #expect(ledger.statementsOwed == 1)
        #expect(ledger.nextText == "SELECT 1")
        let first = Self.outcomes([.result(.success(Self.done)), .end, .result(.success(Self.rows))], from: &ledger)
        #expect(first.isEmpty)
        let second = Self.outcomes([.end, .sync], from: &ledger)
        #expect(second.count == 1 && second[0].0 == 1)
        #expect(try second[0].1.get() == Self.rows)
        #expect(ledger.isSettled && ledger.statementsOwed == 0)
        #expect(ledger.preparedName(of: "SELECT 1") == "mg1")
        #expect(ledger.nameToPrepare("SELECT 1") == nil)
        #expect(ledger.preparedBytes == "SELECT 1".utf8.count)
    }

    @Test("answers arrive in sending order: each waiter gets its own statement's outcome")
    func order() throws {
        var ledger = Ledger()
        Self.send("SELECT 1", waiter: 1, into: &ledger)
        Self.send("SELECT 1", waiter: 2, into: &ledger)
        Self.send("SELECT 2", waiter: 3, into: &ledger)
        #expect(ledger.statementsOwed == 3)
        let other = QueryResult(columns: ["n"], rows: [["2"]], affectedRows: 0)
        let answers: [Ledger.Answer] = [
            .result(.success(Self.done)), .end, .result(.success(Self.rows)), .end, .sync,
            .result(.failure(Self.failure("division by zero", state: "22012"))), .end, .sync,
            .result(.success(Self.done)), .end, .result(.success(other)), .end, .sync,
        ]
        let finished = Self.outcomes(answers, from: &ledger)
        #expect(finished.map(\.0) == [1, 2, 3])
        #expect(try finished[0].1.get() == Self.rows)
        #expect(throws: PostgresError.self) { try finished[1].1.get() }
        #expect(try finished[2].1.get() == other)
        #expect(ledger.isSettled && ledger.statementsOwed == 0)
        // An ordinary failure keeps the text prepared.
        #expect(ledger.preparedName(of: "SELECT 1") == "mg1")
    }

    @Test("a failed prepare is the reason its statement fails, and the text is prepared afresh next time")
    func failedPrepare() {
        var ledger = Ledger()
        Self.send("SELEC 1", waiter: 1, into: &ledger)
        let syntax = Self.failure("syntax error at or near \"SELEC\"", state: "42601")
        let finished = Self.outcomes([.result(.failure(syntax)), .end, .aborted, .end, .sync], from: &ledger)
        #expect(finished.count == 1)
        #expect(Self.error(finished[0].1)?.sqlState == "42601")
        #expect(ledger.preparedName(of: "SELEC 1") == nil && ledger.preparedBytes == 0)
        #expect(ledger.nameToPrepare("SELEC 1") == "mg2")
    }

    @Test("a statement sent by name before its prepare failed reports the prepare's error, not a missing statement")
    func queuedBehindFailedPrepare() {
        var ledger = Ledger()
        Self.send("SELEC 1", waiter: 1, into: &ledger)
        // Sent again before the failure came back: by the name that was never created.
        Self.send("SELEC 1", waiter: 2, into: &ledger)
        let syntax = Self.failure("syntax error", state: "42601")
        let missing = Self.failure("prepared statement \"mg1\" does not exist", state: "26000")
        let answers: [Ledger.Answer] = [
            .result(.failure(syntax)), .end, .aborted, .end, .sync,
            .result(.failure(missing)), .end, .sync,
        ]
        let finished = Self.outcomes(answers, from: &ledger)
        #expect(finished.map(\.0) == [1, 2])
        #expect(finished.map { Self.error($0.1)?.sqlState } == ["42601", "42601"])
        #expect(ledger.isSettled)
    }

    @Test("a statement skipped after an earlier failure says so")
    func skipped() {
        var ledger = Ledger()
        ledger.statementSent("SELECT 3", name: nil, waiter: 7)
        let finished = Self.outcomes([.aborted, .end], from: &ledger)
        #expect(Self.error(finished[0].1)?.message.contains("skipped") == true)
        #expect(ledger.statementsOwed == 0)
    }

    @Test("'cached plan must not change result type' forgets the prepared text, so it is prepared again")
    func schemaChange() {
        var ledger = Ledger()
        Self.send("SELECT * FROM t", waiter: 1, into: &ledger)
        _ = Self.outcomes([.result(.success(Self.done)), .end, .result(.success(Self.rows)), .end, .sync], from: &ledger)
        Self.send("SELECT * FROM t", waiter: 2, into: &ledger)
        let stale = Self.failure("cached plan must not change result type", state: "0A000")
        let finished = Self.outcomes([.result(.failure(stale)), .end, .sync], from: &ledger)
        #expect(Self.error(finished[0].1)?.sqlState == "0A000")
        #expect(ledger.preparedName(of: "SELECT * FROM t") == nil && ledger.preparedBytes == 0)
    }

    @Test("texts past the budget run unprepared: too long, too many statements")
    func budget() {
        var ledger = Ledger()
        let long = "SELECT '" + String(repeating: "x", count: PreparedStatementBudget.largestStatement) + "'"
        #expect(ledger.nameToPrepare(long) == nil)
        for number in 0..<PreparedStatementBudget.maximumStatements {
            let sql = "SELECT \(number)"
            let name = ledger.nameToPrepare(sql)
            #expect(name != nil)
            ledger.prepareSent(sql, name: name!)
        }
        #expect(ledger.preparedCount == PreparedStatementBudget.maximumStatements)
        #expect(ledger.nameToPrepare("SELECT 'one more'") == nil)
    }

    @Test("a broken connection fails every owed statement in order and forgets what was prepared")
    func failAll() {
        var ledger = Ledger()
        Self.send("SELECT 1", waiter: 1, into: &ledger)
        Self.send("SELECT 2", waiter: 2, into: &ledger)
        let failed = ledger.failAll { Self.failure("broke: \($0)") }
        #expect(failed.map(\.0) == [1, 2])
        #expect(failed.map(\.1.message) == ["broke: SELECT 1", "broke: SELECT 2"])
        #expect(ledger.isSettled && ledger.statementsOwed == 0 && ledger.preparedCount == 0 && ledger.preparedBytes == 0)
        // Answers nobody is owed (a late result after the break) are ignored.
        #expect(ledger.receive(.end) == nil)
    }

    static func error(_ result: Result<QueryResult, PostgresError>) -> PostgresError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
