import Foundation
import Postgres
import TestSupport
import Testing

/// A write is applied at most once whatever the network does: a proxy loses PostgreSQL's answer to a committed
/// create, update and delete, and to a COMMIT; nothing is sent twice and the client is told the truth.
@Suite("At most once: lost answers to committed writes")
struct AtMostOnceTests {

    @Test("single-statement writes whose answer is lost: WriteOutcomeUnknown, applied exactly once")
    func lostAnswers() async throws {
        let database = try await TestDatabase.makeDatabase()
        let proxy = try await DroppingProxy(database: database)
        defer { proxy.stop() }
        let server = try await LiveServer.start(schema: "schema", conninfo: proxy.conninfo)
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "kept", mantra: "old"}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {id: "gone", mantra: "x"}) { id } }"#)

        proxy.arm(dropAnswerTo: "lost-create")
        let create = try await server.graphQL(#"mutation { createTeam(input: {mantra: "lost-create"}) { id } }"#)
        #expect(errorType(create) == "WriteOutcomeUnknown")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team" WHERE mantra = 'lost-create'"#).scalar == "1")

        proxy.arm(dropAnswerTo: "lost-update")
        let update = try await server.graphQL(#"mutation { updateTeam(input: {id: "kept", mantra: "lost-update"}, condition: {mantra: {eq: "old"}}) { id } }"#)
        #expect(errorType(update) == "WriteOutcomeUnknown")
        #expect(try await server.client.query(#"SELECT mantra FROM "Team" WHERE id = 'kept'"#).scalar == "lost-update")

        proxy.arm(dropAnswerTo: "gone")
        let delete = try await server.graphQL(#"mutation { deleteTeam(input: {id: "gone"}) { id } }"#)
        #expect(errorType(delete) == "WriteOutcomeUnknown")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team" WHERE id = 'gone'"#).scalar == "0")
        #expect(proxy.dropped == 3)

        // Reads are retried on a fresh connection: a lost answer to a query is invisible to the client.
        proxy.arm(dropAnswerTo: "kept")
        let read = try await server.graphQL(#"{ getTeam(id: "kept") { mantra } }"#)
        #expect(value(read, "data", "getTeam", "mantra") as? String == "lost-update")
        #expect(proxy.dropped == 4)
    }

    @Test("a transaction whose COMMIT answer is lost asks the server: committed, so the client gets its data")
    func lostCommit() async throws {
        let database = try await TestDatabase.makeDatabase()
        let proxy = try await DroppingProxy(database: database)
        defer { proxy.stop() }
        let server = try await LiveServer.start(schema: "schema", conninfo: proxy.conninfo)
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        proxy.arm(dropAnswerTo: "COMMIT")
        // The selection reaches the new member again through its team, so insert and read-back share a transaction.
        let created = try await server.graphQL(#"mutation { createMember(input: {id: "m1", name: "Ann", teamId: "t"}) { id team { mantra members { items { name } } } } }"#)
        #expect(value(created, "errors") == nil)
        #expect(value(created, "data", "createMember", "team", "members", "items", 0, "name") as? String == "Ann")
        #expect(proxy.dropped == 1)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Member""#).scalar == "1")
    }

    @Test("a pipelined write whose answer is lost is not run again on the pool")
    func pipelined() async throws {
        let database = try await TestDatabase.makeDatabase()
        let setup = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        _ = try await setup.withConnection { try $0.execute("CREATE TABLE events (id serial PRIMARY KEY, note text)") }
        setup.shutdown()
        let proxy = try await DroppingProxy(database: database)
        defer { proxy.stop() }
        let client = PostgresClient(configuration: .init(conninfo: proxy.conninfo, connections: 1, pipelinedConnections: 1))
        defer { client.shutdown() }
        #expect(await client.connectPipelines(timeout: .seconds(60)))
        proxy.arm(dropAnswerTo: "lost-insert")
        let failure = await #expect(throws: PostgresError.self) { try await client.query("INSERT INTO events (note) VALUES ($1)", ["lost-insert"]) }
        #expect(failure?.outcomeUnknown == true)
        #expect(try await client.query("SELECT count(*) FROM events", idempotent: true).scalar == "1")
    }
}
