import APISchema
import Execution
import Logging
import Planner
import Postgres
import SchemaParser
import Synchronization
import TestSupport
import Testing

/// `@transaction` against a scripted database: what each root field reports when the connection breaks inside
/// the transaction or at its COMMIT, when the time budget runs out, and that a commit is announced once.
@Suite("@transaction execution, scripted")
struct TransactionExecutorTests {
    /// Runs transactions on statements that answer `{"id":"x"}`, failing the statement numbered `failing`
    /// (from 1) and then the COMMIT with `commitError`; counts the statements run.
    final class ScriptedRunner: StatementRunner, TransactionStatements, Sendable {
        let failing: (number: Int, error: PostgresError)?
        let commitError: PostgresError?
        let statements = Mutex(0)

        init(failing: (number: Int, error: PostgresError)? = nil, commitError: PostgresError? = nil) {
            self.failing = failing
            self.commitError = commitError
        }

        func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult {
            try run(sql, parameters)
        }

        func runTransaction<Value: Sendable>(tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value) async throws -> Value {
            let value = try body(self)
            if let commitError { throw commitError }
            return value
        }

        func run(_ sql: String, _ parameters: [String?]) throws -> QueryResult {
            let number = statements.withLock { count in
                count += 1
                return count
            }
            if let failing, failing.number == number { throw failing.error }
            return QueryResult(columns: ["json"], rows: [[#"{"id":"x"}"#]], affectedRows: 1)
        }
    }

    static let document =
        #"mutation @transaction { a: createTeam(input: {mantra: "a"}) { id } b: createTeam(input: {mantra: "b"}) { id } c: createTeam(input: {mantra: "c"}) { id } }"#

    static func executor(_ runner: ScriptedRunner) throws -> GraphQLExecutor {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        return GraphQLExecutor(planner: OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))), runner: runner, logger: Logger(label: "test"))
    }

    static func types(_ result: ExecutionResult) -> [String] {
        result.errors.map { "\($0.path?.joined(separator: ".") ?? ""):\($0.errorType ?? "")" }
    }

    @Test("a commit announced once after it succeeded; none after a COMMIT whose outcome is unknown, where every field says so")
    func commitOutcome() async throws {
        let commits = Mutex(0)
        var executor = try Self.executor(ScriptedRunner())
        executor.onCommittedWrite = { commits.withLock { $0 += 1 } }
        let committed = await executor.run(OperationRequest(query: Self.document), origin: RequestOrigin(requestID: "r1"))
        #expect(committed.errors.isEmpty && committed.data == #"{"a":{"id":"x"},"b":{"id":"x"},"c":{"id":"x"}}"#, "\(committed.json)")
        #expect(commits.withLock { $0 } == 1)

        var unknown = PostgresError(kind: .connection, message: "server closed the connection")
        unknown.outcomeUnknown = true
        executor = try Self.executor(ScriptedRunner(commitError: unknown))
        executor.onCommittedWrite = { commits.withLock { $0 += 1 } }
        let result = await executor.run(OperationRequest(query: Self.document), origin: RequestOrigin(requestID: "r2"))
        #expect(result.data == #"{"a":null,"b":null,"c":null}"#)
        #expect(Self.types(result) == ["a:WriteOutcomeUnknown", "b:WriteOutcomeUnknown", "c:WriteOutcomeUnknown"])
        #expect(commits.withLock { $0 } == 1)
    }

    @Test("a connection lost inside the transaction rolled it back: that field is unavailable, not of unknown outcome")
    func brokenBeforeCommit() async throws {
        var broken = PostgresError(kind: .connection, message: "server closed the connection")
        broken.outcomeUnknown = true
        let runner = ScriptedRunner(failing: (2, broken))
        let result = try await Self.executor(runner).run(OperationRequest(query: Self.document), origin: RequestOrigin(requestID: "r"))
        #expect(Self.types(result) == ["a:TransactionRolledBack", "b:ServiceUnavailable", "c:TransactionRolledBack"])
        #expect(result.databaseErrors == 1)
        #expect(runner.statements.withLock { $0 } == 2)
    }

    @Test("a time budget used up before a field starts: LimitExceeded for it, the rest rolled back or not run")
    func budget() async throws {
        let runner = ScriptedRunner()
        var executor = try Self.executor(runner)
        executor.requestTimeBudget = .milliseconds(10)
        let result = await executor.run(OperationRequest(query: Self.document), origin: RequestOrigin(requestID: "r", startedAt: .now - .seconds(1)))
        #expect(Self.types(result) == ["a:LimitExceeded", "b:TransactionRolledBack", "c:TransactionRolledBack"])
        #expect(runner.statements.withLock { $0 } == 0)
    }
}
