import Foundation
import Postgres
import Realtime
import TestSupport
import Testing

/// A server behind PgBouncer in transaction pooling mode (`--pooler transaction`): the request/response
/// surface works through it, server connections are shared between transactions, real-time reads its feed
/// over the direct connection. `MODELGRAPH_TEST_POOLER=transaction` runs whole suites so (docs/scaling.md).
@Suite("Behind PgBouncer in transaction mode")
struct PoolerTests {
    /// The error types of `response`'s errors, in order.
    static func errorTypes(_ response: [String: Any]) -> [String] {
        (response["errors"] as? [[String: Any]] ?? []).map { $0["errorType"] as? String ?? "" }
    }

    @Test("queries, nested writes, paging, errors, @transaction and a subscription all work through the pooler")
    func requestResponse() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings(), pooler: .transaction)
        defer { server.stop() }
        #expect(server.client.configuration.pooler == .transaction)
        #expect(try await server.client.reachesPooler())
        let socket = try await RealtimeDeliveryTests.connect(server)
        defer { socket.close() }
        try await RealtimeDeliveryTests.subscribe(socket, "members", "subscription { onCreateMember { name team { mantra } } }")

        // A nested write: the team and its two members in one statement.
        let created = try await server.graphQL(
            #"mutation { createTeam(input: {id: "t", mantra: "crew", members: {create: [{id: "m1", name: "ann"}, {id: "m2", name: "bob"}]}}) { id } }"#)
        #expect(value(created, "data", "createTeam", "id") as? String == "t", "\(created)")
        var names: Set<String> = []
        for _ in 0..<2 {
            let event = try await RealtimeDeliveryTests.event(socket, "members")
            #expect(value(event, "onCreateMember", "team", "mantra") as? String == "crew")
            if let name = value(event, "onCreateMember", "name") as? String { names.insert(name) }
        }
        #expect(names == ["ann", "bob"])

        // Paging: a page of one, then the next page with its token.
        let first = try await server.graphQL(#"{ getTeam(id: "t") { mantra members(limit: 1) { items { id } nextToken } } }"#)
        let token = try #require(value(first, "data", "getTeam", "members", "nextToken") as? String, "\(first)")
        let second = try await server.graphQL(
            #"query($t: String) { getTeam(id: "t") { members(limit: 1, nextToken: $t) { items { id } nextToken } } }"#, variables: ["t": token])
        let pages = [value(first, "data", "getTeam", "members", "items", 0, "id"), value(second, "data", "getTeam", "members", "items", 0, "id")]
        #expect(Set(pages.compactMap { $0 as? String }) == ["m1", "m2"], "\(first) \(second)")

        // An error: the same id again.
        let duplicate = try await server.graphQL(#"mutation { createTeam(input: {id: "t", mantra: "again"}) { id } }"#)
        #expect(Self.errorTypes(duplicate) == ["DynamoDB:ConditionalCheckFailedException"], "\(duplicate)")

        // @transaction: the second field fails, nothing is kept; then all three succeed together.
        let failed = try await server.graphQL(
            #"mutation @transaction { a: createTeam(input: {id: "a", mantra: "one"}) { id } b: createTeam(input: {id: "t", mantra: "two"}) { id } }"#)
        #expect(Self.errorTypes(failed) == ["TransactionRolledBack", "DynamoDB:ConditionalCheckFailedException"], "\(failed)")
        let kept = try await server.graphQL(
            #"""
            mutation @transaction {
              team: createTeam(input: {id: "b", mantra: "two"}) { id }
              member: createMember(input: {id: "m3", name: "cy", teamId: "b"}) { team { mantra } }
            }
            """#)
        #expect(value(kept, "data", "member", "team", "mantra") as? String == "two", "\(kept)")
        #expect(try await server.client.query(#"SELECT string_agg(id, ',' ORDER BY id) FROM "Team""#).scalar == "b,t")
    }

    @Test("forty concurrent requests, half of them @transaction writes, share the pooler's two server connections")
    func sharedServerConnections() async throws {
        let server = try await LiveServer.start(schema: "schema", pooler: .transaction)
        defer { server.stop() }
        let bouncer = try PgBouncer.shared()
        let direct = PostgresClient(configuration: .init(conninfo: try #require(server.client.configuration.directConninfo), connections: 1))
        defer { direct.shutdown() }
        let watching = Flag()
        // The server connections PgBouncer opened to this database, sampled while the requests run.
        let sampler = Task {
            var most = 0
            while !watching.isSet {
                let count = try await direct.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
                    idempotent: true
                ).scalar
                most = max(most, Int(count ?? "0") ?? 0)
                try await Task.sleep(for: .milliseconds(20))
            }
            return most
        }
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<40 {
                group.addTask {
                    let query =
                        index.isMultiple(of: 2)
                        ? #"mutation @transaction { t: createTeam(input: {id: "t\#(index)", mantra: "m\#(index)"}) { id } m: createMember(input: {id: "m\#(index)", name: "n\#(index)", teamId: "t\#(index)"}) { team { mantra } } }"#
                        : #"{ listTeams(limit: 100) { items { id members { items { name } } } } }"#
                    return (index, try await server.graphQLText(query))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        watching.set()
        let most = try await sampler.value
        #expect(answers.count == 40)
        for (index, answer) in answers {
            #expect(!answer.contains(#""errors""#), "\(index): \(answer)")
            if index.isMultiple(of: 2) { #expect(answer.replacingOccurrences(of: " ", with: "").contains(#""mantra":"m\#(index)""#), "\(answer)") }
        }
        #expect(try await server.client.query(#"SELECT count(*) FROM "Member""#).scalar == "20")
        // Five client connections (four pooled, one delivery) on at most two server connections.
        #expect(most <= bouncer.poolSize, "PgBouncer opened \(most) server connections for a pool of \(bouncer.poolSize)")
        #expect(most >= 1)
    }
}
