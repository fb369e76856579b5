import Foundation
import Postgres
import TestSupport
import Testing

@Suite("PostgreSQL client")
struct PostgresClientTests {
    @Test("parameters travel as $n values and come back as text")
    func parameters() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let result = try await client.query("SELECT $1::text || '!', $2::integer + 1, $3::text IS NULL", ["it's", "41", nil])
        #expect(result.rows == [["it's!", "42", "t"]])
    }

    @Test("every connection, pooled or pipelined, gets the session settings: UTC, statement timeout, plan cache mode, page cost", arguments: PlanCacheMode.allCases)
    func sessionSettings(mode: PlanCacheMode) async throws {
        let conninfo = try await TestDatabase.makeDatabase()
        let client = PostgresClient(
            configuration: .init(conninfo: conninfo, connections: 1, pipelinedConnections: 1, statementTimeoutMilliseconds: 1234, planCacheMode: mode, randomPageCost: 1.5))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        let settings = "SELECT current_setting('TimeZone'), current_setting('statement_timeout'), current_setting('plan_cache_mode'), current_setting('random_page_cost')"
        let expected = [["UTC", "1234ms", mode.rawValue, "1.5"]]
        #expect(try await client.query(settings).rows == expected)
        #expect(try await client.withConnection { try $0.execute(settings) }.rows == expected)
        // nil keeps the server's own value.
        let serverDefault = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1, randomPageCost: nil))
        defer { serverDefault.shutdown() }
        #expect(try await serverDefault.query("SELECT current_setting('random_page_cost')").scalar == "4")
    }

    @Test("generic plans and SSD page costs are the defaults")
    func planningDefaults() {
        let configuration = PostgresClient.Configuration(conninfo: "")
        #expect(configuration.planCacheMode == .forceGenericPlan)
        #expect(configuration.randomPageCost == 1.1)
    }

    @Test("server errors carry SQLSTATE, detail and constraint")
    func typedErrors() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute("CREATE TABLE t (id int PRIMARY KEY)") }
        _ = try await client.query("INSERT INTO t VALUES ($1::int)", ["1"])
        do {
            _ = try await client.query("INSERT INTO t VALUES ($1::int)", ["1"])
            Issue.record("expected a unique violation")
        } catch let error as PostgresError {
            #expect(error.isUniqueViolation)
            #expect(error.constraint == "t_pkey")
            #expect(error.detail?.contains("already exists") == true)
            #expect(!error.description.contains("INSERT"))
            #expect(error.debugDescription.contains("INSERT"))
        }
    }

    @Test("a failed transaction writes nothing")
    func rollback() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute("CREATE TABLE t (id int PRIMARY KEY)") }
        await #expect(throws: PostgresError.self) {
            try await client.withTransaction { connection in
                try connection.query("INSERT INTO t VALUES ($1::int)", ["1"])
                try connection.query("INSERT INTO t VALUES ($1::int)", ["1"])
            }
        }
        #expect(try await client.query("SELECT count(*) FROM t").scalar == "0")
    }

    @Test("many concurrent queries share a bounded pool")
    func concurrency() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 3))
        defer { client.shutdown() }
        let sum = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 { group.addTask { Int(try await client.query("SELECT $1::int * 2", [String(index)]).scalar ?? "0") ?? 0 } }
            return try await group.reduce(0, +)
        }
        #expect(sum == 2 * (0..<50).reduce(0, +))
        let backends = try await client.query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()").scalar
        #expect((Int(backends ?? "99") ?? 99) <= 3)
    }
}

@Suite("Pipelined statements")
struct PipelinedStatementTests {
    @Test("statements run on the pipelined connections while every pooled connection is busy")
    func pipelinesServeStatements() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, pipelinedConnections: 2))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        let release = Gate()
        // Occupies the only pooled connection until the pipelined statements are done.
        let held = Task { try await client.withConnection { _ in release.wait() } }
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<200 { group.addTask { (index, try await client.query("SELECT $1::int * 3", [String(index)]).scalar) } }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        release.open()
        try await held.value
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { $0.value == String($0.key * 3) })
    }

    @Test("with one statement in flight per connection, a slow statement holds only its own connection: the ones after it wait in the process and go to the other")
    func slowStatementHoldsOneConnection() async throws {
        let database = try await TestDatabase.makeDatabase()
        let client = PostgresClient(
            configuration: .init(conninfo: database, connections: 1, pipelinedConnections: 2, pipelineDepth: 1, statementTimeoutMilliseconds: 0))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        let release = Gate()
        // Occupies the only pooled connection, so every statement below is pipelined.
        let held = Task { try await client.withConnection { _ in release.wait() } }
        // The slow statement runs until the test cancels it, so the check below does not depend on how
        // loaded the machine is.
        let slowEnded = Flag()
        let slow = Task {
            defer { slowEnded.set() }
            return try await client.query("SELECT pg_sleep(600)::text || $1", ["slow"]).scalar
        }
        let admin = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { admin.shutdown() }
        let sleeping = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(600)%'"
        while try await admin.query(sleeping).scalar != "1" { try await Task.sleep(for: .milliseconds(20)) }
        let answers = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<40 { group.addTask { try await client.query("SELECT $1::int * 2", [String(index)]).scalar } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers) == Set((0..<40).map { String($0 * 2) }))
        #expect(!slowEnded.isSet, "the quick statements waited for the slow one")
        _ = try await admin.query("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(600)%' AND pid <> pg_backend_pid()")
        await #expect(throws: PostgresError.self) { try await slow.value }
        release.open()
        try await held.value
    }

    @Test("a failing statement fails alone: errors and answers interleaved on one pipeline reach their own callers")
    func failuresStayIsolated() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, pipelinedConnections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute("CREATE TABLE t (id int PRIMARY KEY)") }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        _ = try await client.query("INSERT INTO t VALUES (1)")
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<120 {
                group.addTask {
                    let sql =
                        switch index % 4 {
                        case 0: "SELECT $1::int + 1"
                        case 1: "INSERT INTO t VALUES (1) RETURNING $1::int"  // unique violation
                        case 2: "SELEC $1::int"  // fails while being prepared
                        default: "SELECT 1 / ($1::int - $1::int)"  // division by zero
                        }
                    do {
                        return (index, try await client.query(sql, [String(index)]).scalar ?? "null")
                    } catch let error as PostgresError {
                        return (index, error.sqlState ?? "\(error.kind)")
                    } catch {
                        return (index, "\(error)")
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (index, outcome) in outcomes {
            let expected = ["\(index + 1)", "23505", "42601", "22012"][index % 4]
            #expect(outcome == expected, "statement \(index)")
        }
        #expect(try await client.query("SELECT count(*) FROM t").scalar == "1")
    }

    @Test("a pipelined connection the server killed is replaced, and statements keep working meanwhile")
    func survivesKilledBackends() async throws {
        let conninfo = try await TestDatabase.makeDatabase()
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1, pipelinedConnections: 2))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        #expect(try await client.query("SELECT 1").scalar == "1")
        let killer = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1, pipelinedConnections: 0))
        defer { killer.shutdown() }
        let killed = try await killer.query(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).scalar
        #expect(Int(killed ?? "0") ?? 0 >= 2)
        // Reads: a statement that was in flight on a killed connection runs again on another.
        for index in 0..<20 {
            #expect(try await client.query("SELECT $1::int", [String(index)], idempotent: true).scalar == String(index))
        }
        try await Task.sleep(for: .milliseconds(1100))
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        #expect(try await client.query("SELECT 'back'", idempotent: true).scalar == "back")
    }
}
