import Postgres
import Testing
import TestSupport

@Suite("PostgreSQL client")
struct PostgresClientTests {
    @Test("parameters travel as $n values and come back as text")
    func parameters() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 2))
        defer { client.shutdown() }
        let result = try await client.query("SELECT $1::text || '!', $2::integer + 1, $3::text IS NULL", ["it's", "41", nil])
        #expect(result.rows == [["it's!", "42", "t"]])
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
