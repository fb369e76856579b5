import Foundation
import Planner
import Postgres
import TestSupport
import Testing

@Suite("One time budget per request")
struct RequestBudgetTests {
    @Test("root fields that would start after the request's time budget are LimitExceeded, not each given a full timeout")
    func budget() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "schema", conninfo: database, requestTimeBudget: .seconds(2))
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        // Another session holds the row until the first update has waited past the budget.
        let release = Gate()
        let holding = try await Self.holdRow(database, until: release)
        let request = Task {
            try await server.graphQLText(#"mutation { a: updateTeam(input: {id: "t", mantra: "a"}) { mantra } b: updateTeam(input: {id: "t", mantra: "b"}) { mantra } }"#)
        }
        try await Self.waitForLockWaiter(server)
        try await Task.sleep(for: .milliseconds(2500))
        release.open()
        try await holding.value
        let response = try JSONSerialization.jsonObject(with: Data(try await request.value.utf8))
        #expect(value(response, "data", "a", "mantra") as? String == "a", "\(response)")
        #expect(value(response, "data", "b") is NSNull)
        #expect(value(response, "errors", 0, "errorType") as? String == "LimitExceeded")
        #expect(value(response, "errors", 0, "path") as? [String] == ["b"])
        #expect(try await server.client.query(#"SELECT mantra FROM "Team""#).scalar == "a")
    }

    /// Holds the row of team `t` from another session until `release` opens, so an update of it waits; returns
    /// once the row is held, with the task that lets it go.
    static func holdRow(_ database: String, until release: Gate) async throws -> Task<Void, any Error> {
        let held = Recorder(false)
        let task = Task {
            let locker = PostgresClient(configuration: .init(conninfo: database, connections: 1, statementTimeoutMilliseconds: 0))
            defer { locker.shutdown() }
            try await locker.withConnection { connection in
                try connection.execute("BEGIN")
                try connection.execute(#"SELECT * FROM "Team" WHERE id = 't' FOR UPDATE"#)
                held.update { $0 = true }
                release.wait()
                try connection.execute("COMMIT")
            }
        }
        while !held.value { try await Task.sleep(for: .milliseconds(10)) }
        return task
    }

    /// Waits (up to a minute) until some session of the test database waits for a row lock: the request's
    /// first root field has started and is blocked.
    static func waitForLockWaiter(_ server: LiveServer) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let waiting = try await server.client.query(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
            if waiting.scalar != "0" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no session started waiting for the row lock within a minute")
    }

    @Test("a batch's requests share one time budget, and its documents one token limit")
    func batches() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "schema", limits: RequestLimits(maximumTokens: 100), conninfo: database, requestTimeBudget: .seconds(2))
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        let release = Gate()
        let holding = try await Self.holdRow(database, until: release)
        let batch = #"[{"query":"mutation { updateTeam(input: {id: \"t\", mantra: \"a\"}) { mantra } }"},{"query":"{ getTeam(id: \"t\") { mantra } }"}]"#
        let request = Task {
            try await TestHTTP.send(server.url, method: "POST", body: Data(batch.utf8), headers: ["Content-Type": "application/json", "x-api-key": server.key])
        }
        try await Self.waitForLockWaiter(server)
        try await Task.sleep(for: .milliseconds(2500))
        release.open()
        try await holding.value
        let answer = try await request.value
        let (status, body) = (answer.status, try JSONSerialization.jsonObject(with: answer.body))
        #expect(status == 200)
        #expect(value(body, 0, "data", "updateTeam", "mantra") as? String == "a", "\(body)")
        #expect(value(body, 1, "errors", 0, "errorType") as? String == "LimitExceeded", "\(body)")
        // Three documents of 40 tokens each pass one by one and not together.
        let document = #"{"query":"{ "# + String(repeating: "__typename ", count: 38) + #"}"}"#
        let (one, _, _) = try await server.post(body: Data(document.utf8), key: server.key)
        #expect(one == 200)
        let three = "[" + Array(repeating: document, count: 3).joined(separator: ",") + "]"
        let (refused, _, refusal) = try await server.post(body: Data(three.utf8), key: server.key)
        #expect(refused == 400)
        #expect(value(refusal, "errors", 0, "errorType") as? String == "LimitExceeded", "\(refusal)")
    }

    @Test("root fields left when the client has gone are not run")
    func disconnectedClient() async throws {
        let database = try await TestDatabase.makeDatabase()
        let server = try await LiveServer.start(schema: "schema", conninfo: database)
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        let body = #"{"query":"mutation { a: updateTeam(input: {id: \"t\", mantra: \"a\"}) { id } b: createTeam(input: {id: \"late\", mantra: \"m\"}) { id } }"}"#
        let port = try #require(server.url.port)
        // Connected: both root fields run.
        let connected = try await server.graphQL(#"mutation { a: updateTeam(input: {id: "t", mantra: "z"}) { id } b: createTeam(input: {id: "early", mantra: "m"}) { id } }"#)
        #expect(value(connected, "data", "b", "id") as? String == "early", "\(connected)")
        // Gone while the first waits for a row lock: the second is never run.
        let release = Gate()
        let holding = try await Self.holdRow(database, until: release)
        var leaving: RawConnection? = try RawConnection(port: port)
        leaving?.send(Self.post(body, key: server.key))
        try await Self.waitForLockWaiter(server)
        leaving = nil
        // Time for the server's event loop to see the closed socket before the first field returns.
        try await Task.sleep(for: .seconds(1))
        release.open()
        try await holding.value
        let deadline = ContinuousClock.now + .seconds(60)
        while try await server.client.query(#"SELECT mantra FROM "Team" WHERE id = 't'"#).scalar != "a", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        // The request has finished its first field; give it the time it would need to start a second one.
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await server.client.query(#"SELECT mantra FROM "Team" WHERE id = 't'"#).scalar == "a")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team" WHERE id = 'late'"#).scalar == "0")
    }

    /// A raw HTTP/1.1 POST of `body` to /graphql that asks the server to close the connection after answering.
    static func post(_ body: String, key: String) -> String {
        "POST /graphql HTTP/1.1\r\nHost: x\r\nConnection: close\r\nx-api-key: \(key)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    @Test("a root field whose answer would pass the response size limit is LimitExceeded; the fields before it are answered")
    func responseBytes() async throws {
        let server = try await LiveServer.start(schema: "schema", maximumResponseBytes: 2000)
        defer { server.stop() }
        for index in 0..<20 {
            try await server.seed("mutation { createTeam(input: {id: \"t\(index)\", mantra: \"\(String(repeating: "m", count: 80))\"}) { id } }")
        }
        let response = try await server.graphQL("{ small: getTeam(id: \"t1\") { id } all: listTeams { items { id mantra } } }")
        #expect(value(response, "data", "small", "id") as? String == "t1")
        #expect(value(response, "data", "all") is NSNull)
        #expect(value(response, "errors", 0, "errorType") as? String == "LimitExceeded")
        #expect((value(response, "errors", 0, "message") as? String)?.contains("response size limit") == true)
    }
}
