import Foundation
import Postgres
import Testing
import TestSupport

@Suite("One time budget per request")
struct RequestBudgetTests {
    @Test("root fields that would start after the request's time budget are LimitExceeded, not each given a full timeout")
    func budget() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "schema", conninfo: database, requestTimeBudget: .milliseconds(300))
        defer { server.stop() }
        _ = try await server.graphQL(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        // Another session holds the row for a second, so the first update waits past the budget.
        let locker = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { locker.shutdown() }
        let holding = Task {
            try await locker.withConnection { connection in
                try connection.execute("BEGIN")
                try connection.execute(#"SELECT * FROM "Team" WHERE id = 't' FOR UPDATE"#)
                Thread.sleep(forTimeInterval: 1)
                try connection.execute("COMMIT")
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let response = try await server.graphQL(#"mutation { a: updateTeam(input: {id: "t", mantra: "a"}) { mantra } b: updateTeam(input: {id: "t", mantra: "b"}) { mantra } }"#)
        try await holding.value
        #expect(value(response, "data", "a", "mantra") as? String == "a")
        #expect(value(response, "data", "b") is NSNull)
        #expect(value(response, "errors", 0, "errorType") as? String == "LimitExceeded")
        #expect(value(response, "errors", 0, "path") as? [String] == ["b"])
        #expect(try await server.client.query(#"SELECT mantra FROM "Team""#).scalar == "a")
    }

    @Test("a root field whose answer would pass the response size limit is LimitExceeded; the fields before it are answered")
    func responseBytes() async throws {
        let server = try await LiveServer.start(schema: "schema", maximumResponseBytes: 2000)
        defer { server.stop() }
        for index in 0..<20 {
            _ = try await server.graphQL("mutation { createTeam(input: {id: \"t\(index)\", mantra: \"\(String(repeating: "m", count: 80))\"}) { id } }")
        }
        let response = try await server.graphQL("{ small: getTeam(id: \"t1\") { id } all: listTeams { items { id mantra } } }")
        #expect(value(response, "data", "small", "id") as? String == "t1")
        #expect(value(response, "data", "all") is NSNull)
        #expect(value(response, "errors", 0, "errorType") as? String == "LimitExceeded")
        #expect((value(response, "errors", 0, "message") as? String)?.contains("response size limit") == true)
    }
}
