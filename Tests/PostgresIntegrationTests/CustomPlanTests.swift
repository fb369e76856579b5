import Postgres
import TestSupport
import Testing

/// Statements that ask for a custom plan are planned for their own values, whatever the session's
/// `plan_cache_mode`; every other statement keeps the session's plans.
@Suite("Custom plans per statement")
struct CustomPlanTests {
    static let mode = "SELECT current_setting('plan_cache_mode')"

    static let lookup = "SELECT n FROM numbers WHERE n = $1::integer"

    @Test("a statement asking for a custom plan gets one; the next statement is back on the session's generic plans")
    func switchesPerStatement() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, planCacheMode: .forceGenericPlan))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute("CREATE TABLE numbers (n integer PRIMARY KEY)") }
        for customPlan in [false, true, false, false, true] {
            _ = try await client.query(Self.lookup, ["7"], idempotent: true, customPlan: customPlan)
        }
        let plans = try await client.query("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1", [Self.lookup]).rows
        #expect(plans == [["3", "2"]])
        #expect(try await client.query(Self.mode).scalar == "force_generic_plan")
    }

    @Test("a custom-planned statement leaves the pipelined connections for a pooled one, which can switch")
    func bypassesPipelines() async throws {
        let client = PostgresClient(
            configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, pipelinedConnections: 1, planCacheMode: .forceGenericPlan))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        #expect(try await client.query(Self.mode, customPlan: true).scalar == "force_custom_plan")
        #expect(try await client.query(Self.mode).scalar == "force_generic_plan")
    }

    @Test("a transaction runs on the session's plans even right after a custom-planned statement, and never switches inside")
    func transactionsKeepTheSessionPlans() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, planCacheMode: .forceGenericPlan))
        defer { client.shutdown() }
        #expect(try await client.query(Self.mode, customPlan: true).scalar == "force_custom_plan")
        let inside = try await client.withTransaction { connection in
            [try connection.query(Self.mode).scalar, try connection.query(Self.mode, customPlan: true).scalar]
        }
        #expect(inside == ["force_generic_plan", "force_generic_plan"])
        #expect(try await client.query(Self.mode, customPlan: true).scalar == "force_custom_plan")
    }

    @Test("with custom plans as the session's mode nothing switches")
    func customSessions() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, planCacheMode: .forceCustomPlan))
        defer { client.shutdown() }
        #expect(try await client.query(Self.mode, customPlan: true).scalar == "force_custom_plan")
        #expect(try await client.query(Self.mode).scalar == "force_custom_plan")
    }
}
