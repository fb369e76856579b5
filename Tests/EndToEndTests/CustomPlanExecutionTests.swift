import APISchema
import Execution
import Logging
import Planner
import Postgres
import SchemaParser
import Synchronization
import TestSupport
import Testing

/// The executor asks the database for a custom plan exactly for the statements the planner marks: a list
/// with a relation filter, whose best plan depends on how many related rows match.
@Suite("Custom plans from the executor")
struct CustomPlanExecutionTests {
    /// Answers every statement with an empty list and records whether it asked for a custom plan.
    final class RecordingRunner: StatementRunner, Sendable {
        let requests = Mutex<[Bool]>([])

        func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult {
            requests.withLock { $0.append(customPlan) }
            return QueryResult(columns: ["json"], rows: [[#"{"items":[],"nextToken":null}"#]], affectedRows: 1)
        }

        func runTransaction<Value: Sendable>(tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value) async throws -> Value {
            throw PostgresError(kind: .server, message: "no transactions here")
        }
    }

    @Test("lists with a relation filter (hasMany or belongsTo) run on custom plans; a plain filter's list on the generic one")
    func relationFiltersAskForCustomPlans() async throws {
        let runner = RecordingRunner()
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        let executor = GraphQLExecutor(
            planner: OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))), runner: runner, logger: Logger(label: "test"))
        let query = """
            query {
              related: listTeams(filter: {members: {some: {name: {eq: "Ann"}}}}, limit: 5) { items { id } }
              plain: listTeams(filter: {mantra: {eq: "Go"}}, limit: 5) { items { id } }
              belongsTo: listMembers(filter: {team: {mantra: {eq: "Go"}}}) { items { id } }
            }
            """
        let result = await executor.run(OperationRequest(query: query), origin: RequestOrigin(requestID: "r"))
        #expect(result.errors.isEmpty, "\(result.json)")
        let asked = runner.requests.withLock { $0 }
        #expect(asked.count == 3 && asked.filter { $0 }.count == 2, "\(asked)")
    }
}
