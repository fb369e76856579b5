import APISchema
import Execution
import Logging
import ModelIR
import Planner
import Postgres
import SchemaParser
import Synchronization
import TestSupport
import Testing

/// The executor asks the database for a custom plan exactly for the statements the planner marks: a sync query,
/// whose best plan depends on `lastSync` (a base sync reads every record, a delta sync a few). Lists, those with
/// a relation filter included, run on the generic plan: their page is shaped so that one plan serves every value
/// (`ConnectionCompiler`).
@Suite("Custom plans from the executor")
struct CustomPlanExecutionTests {
    /// Answers every statement with an empty list and records whether it asked for a custom plan.
    final class RecordingRunner: StatementRunner, Sendable {
        let requests = Mutex<[Bool]>([])

        func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult {
            requests.withLock { $0.append(customPlan) }
            return QueryResult(columns: ["json"], rows: [[#"{"items":[],"nextToken":null,"startedAt":null}"#]], affectedRows: 1)
        }

        func runTransaction<Value: Sendable>(tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value) async throws -> Value {
            throw PostgresError(kind: .server, message: "no transactions here")
        }
    }

    @Test("a sync query runs on a custom plan; lists, with relation filters (hasMany or belongsTo) or plain ones, on the generic one")
    func onlySyncQueriesAskForCustomPlans() async throws {
        let runner = RecordingRunner()
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema")).enablingConflictDetection(ConflictDetection(handler: .automerge))
        let executor = GraphQLExecutor(
            planner: OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))), runner: runner, logger: Logger(label: "test"))
        let query = """
            query {
              related: listTeams(filter: {members: {some: {name: {eq: "Ann"}}}}, limit: 5) { items { id } }
              plain: listTeams(filter: {mantra: {eq: "Go"}}, limit: 5) { items { id } }
              belongsTo: listMembers(filter: {team: {mantra: {eq: "Go"}}}) { items { id } }
              sync: syncTeams(limit: 5) { items { id } startedAt }
            }
            """
        let result = await executor.run(OperationRequest(query: query), origin: RequestOrigin(requestID: "r"))
        #expect(result.errors.isEmpty, "\(result.json)")
        let asked = runner.requests.withLock { $0 }
        #expect(asked == [false, false, false, true], "\(asked)")
    }
}
