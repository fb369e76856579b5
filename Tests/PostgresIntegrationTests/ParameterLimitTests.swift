import Postgres
import Testing
import TestSupport

@Suite("Statements past the protocol's parameter count")
struct ParameterLimitTests {
    @Test("65,536 parameters are refused before sending (SQLSTATE 54023); the pipelined connection keeps working")
    func tooManyParameters() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1, pipelinedConnections: 1))
        defer { client.shutdown() }
        #expect(await client.connectPipelines())
        let parameters = [String?](repeating: "1", count: 65_536)
        let sql = "SELECT " + (1...65_536).map { "$\($0)::int" }.joined(separator: "+")
        let failure = await #expect(throws: PostgresError.self) { try await client.query(sql, parameters) }
        #expect(failure?.sqlState == "54023")
        #expect(try await client.query("SELECT 41 + 1", idempotent: true).scalar == "42")
    }
}
