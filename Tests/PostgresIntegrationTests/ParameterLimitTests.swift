import Postgres
import TestSupport
import Testing

@Suite("Statements past the protocol's parameter count")
struct ParameterLimitTests {
    @Test("65,536 parameters are refused before sending (SQLSTATE 54023); the pipelined connection keeps working")
    func tooManyParameters() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, pipelinedConnections: 1))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        let parameters = [String?](repeating: "1", count: 65_536)
        let sql = "SELECT " + (1...65_536).map { "$\($0)::int" }.joined(separator: "+")
        let failure = await #expect(throws: PostgresError.self) { try await client.query(sql, parameters) }
        #expect(failure?.sqlState == "54023")
        #expect(try await client.query("SELECT 41 + 1", idempotent: true).scalar == "42")
    }
}

@Suite("Prepared statements per connection")
struct PreparedStatementBudgetTests {
    @Test("a connection keeps at most 256 prepared statements and 256 KB of their text; a statement over 16 KB is not kept")
    func budget() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        let counted = "SELECT count(*)::text || ':' || coalesce(sum(length(statement)), 0)::text FROM pg_prepared_statements"
        for index in 0..<300 {
            _ = try await client.query("SELECT \(index) + $1::int", ["1"], idempotent: true)
        }
        let kept = try await client.withConnection { try $0.query(counted).scalar } ?? ""
        let parts = kept.split(separator: ":").compactMap { Int($0) }
        #expect(parts.count == 2 && parts[0] <= PreparedStatementBudget.maximumStatements && parts[0] > 0, "\(kept)")
        let large = "SELECT $1::int + " + (0..<4000).map { "\($0)" }.joined(separator: " + ")
        #expect(large.utf8.count > PreparedStatementBudget.largestStatement)
        #expect(try await client.query(large, ["1"], idempotent: true).scalar != nil)
        let large2 = try await client.withConnection { try $0.query("SELECT count(*) FROM pg_prepared_statements WHERE length(statement) > 16384").scalar }
        #expect(large2 == "0")
        // Many statements of 8 KB: the text kept stays within the byte budget.
        for index in 0..<40 {
            _ = try await client.query("SELECT \(index) + $1::int /* \(String(repeating: "x", count: 8000)) */", ["1"], idempotent: true)
        }
        let bytes = try await client.withConnection { try $0.query("SELECT coalesce(sum(length(statement)), 0) FROM pg_prepared_statements").scalar }
        #expect((Int(bytes ?? "") ?? .max) <= PreparedStatementBudget.maximumBytes + 16_384)
    }
}
