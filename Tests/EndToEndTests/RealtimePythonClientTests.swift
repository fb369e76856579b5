import Foundation
import Realtime
import Testing

/// Real-time subscriptions driven by a real client: graphql-python's gql, with its AppSync transport
/// (AppSync's `graphql-ws` protocol) and its graphql-ws transport (`graphql-transport-ws`), run from the scripts in
/// `Clients/`. Each script subscribes, creates records over HTTP until its subscriptions have events, then a few
/// more; the test checks that the events are exactly the created records each subscription should get, in order,
/// with no gap after the first, each with the subscriber's whole selection.
@Suite("Real-time: the Python gql client")
struct RealtimePythonClientTests {
    /// A value as compact JSON text with sorted keys, for exact comparisons with readable failures.
    static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A record a script created: its number, its entry in the round, and its id.
    struct Created {
        let n: Int
        let entry: Int
        let id: String
    }

    /// The records `output` says it created, in creation order.
    static func created(_ output: PythonClient.Output) throws -> [Created] {
        try output.lines("created").map { line in
            let data = try #require(line["data"] as? [String: Any])
            let root = try #require(data.values.first as? [String: Any], "\(line)")
            return Created(n: try #require(line["n"] as? Int), entry: try #require(line["entry"] as? Int), id: try #require(root["id"] as? String))
        }
    }

    /// Checks subscription `index`'s events: the records of the round's `entries` (nil: all), from the first one delivered to the
    /// last created, in order, at least `minimum` of them; `content` gives each event's exact object.
    static func checkEvents(
        _ output: PythonClient.Output, subscription index: Int, field: String, minimum: Int, entries: Set<Int>? = nil,
        content: (Created) -> [String: Any]
    ) throws {
        let records = try created(output).filter { entries?.contains($0.entry) ?? true }
        let events = output.lines("event").filter { $0["subscription"] as? Int == index }
        let objects = try events.map { try #require(value($0, "data", field) as? [String: Any], "\($0)") }
        let ids = objects.map { $0["id"] as? String ?? "" }
        let first = try #require(records.firstIndex { $0.id == ids.first }, "the first event \(ids.first ?? "none") is not an expected record: \(records.map(\.id))")
        let delivered = Array(records[first...])
        #expect(ids == delivered.map(\.id), "subscription \(index) got \(ids), expected \(delivered.map(\.id))")
        #expect(ids.count >= minimum, "subscription \(index) got \(ids.count) events")
        for (object, record) in zip(objects, delivered) {
            #expect(json(object) == json(content(record)), "record #\(record.n)")
        }
    }

    /// The common arguments: the server, its key, the mutation and the records of a round.
    static func arguments(_ server: LiveServer, mutation: String, round: [[String: Any]], count: Int) -> [String] {
        ["--http", server.url.absoluteString, "--key", server.key, "--mutation", mutation, "--round", json(round), "--count", String(count)]
    }

    @Test("AppSync transport: the events are the created records in order, with fields the mutation did not select")
    func appSyncTransport() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let output = try await PythonClient.run(
            "appsync_subscribe.py",
            [
                "--realtime", server.realtimeURL, "--subscription", "subscription { onCreateTeam { id mantra founded size budget active __typename } }",
            ]
                + Self.arguments(
                    server, mutation: "mutation Create($input: CreateTeamInput!) { createTeam(input: $input) { id } }",
                    round: [["input": ["mantra": "py {n}", "size": 7, "budget": 2.5, "active": true]]], count: 5))
        try Self.checkEvents(output, subscription: 0, field: "onCreateTeam", minimum: 6) { record in
            ["id": record.id, "mantra": "py \(record.n)", "founded": NSNull(), "size": 7, "budget": 2.5, "active": true, "__typename": "Team"]
        }
    }

    @Test("AppSync transport: a $filter variable and a nested belongsTo selection, beside an unfiltered subscription on the same connection")
    func appSyncFilterAndNested() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let team = try await server.graphQL(#"mutation { createTeam(input: {mantra: "home"}) { id } }"#)
        let teamID = try #require(value(team, "data", "createTeam", "id") as? String)
        let leads = "subscription Leads($filter: ModelSubscriptionMemberFilterInput) { onCreateMember(filter: $filter) { id name role teamId team { id mantra } } }"
        // A member (not a lead), a lead of the team, and a lead without a team (its team is null); the filtered
        // subscription (0) gets the leads only, the unfiltered one (1) everything.
        let round: [[String: Any]] = [
            ["input": ["name": "member {n}", "role": "MEMBER", "teamId": teamID], "expect": [false, true]],
            ["input": ["name": "lead {n}", "role": "LEAD", "teamId": teamID], "expect": [true, true]],
            ["input": ["name": "loner {n}", "role": "LEAD"], "expect": [true, true]],
        ]
        let output = try await PythonClient.run(
            "appsync_subscribe.py",
            [
                "--realtime", server.realtimeURL, "--subscription", leads, "--variables", Self.json(["filter": ["role": ["eq": "LEAD"]]]),
                "--subscription", "subscription { onCreateMember { id name team { mantra __typename } } }",
            ] + Self.arguments(server, mutation: "mutation Create($input: CreateMemberInput!) { createMember(input: $input) { id } }", round: round, count: 3))
        let names = ["member", "lead", "loner"]
        try Self.checkEvents(output, subscription: 0, field: "onCreateMember", minimum: 6, entries: [1, 2]) { record in
            let onTeam = record.entry == 1
            return [
                "id": record.id, "name": "\(names[record.entry]) \(record.n)", "role": "LEAD", "teamId": onTeam ? teamID : NSNull(),
                "team": onTeam ? ["id": teamID, "mantra": "home"] : NSNull(),
            ]
        }
        try Self.checkEvents(output, subscription: 1, field: "onCreateMember", minimum: 9) { record in
            ["id": record.id, "name": "\(names[record.entry]) \(record.n)", "team": record.entry == 2 ? NSNull() : ["mantra": "home", "__typename": "Team"]]
        }
    }

    @Test("graphql-ws transport (graphql-transport-ws): events in order, then a query over the same connection returns data")
    func graphQLWSTransport() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let output = try await PythonClient.run(
            "graphqlws_subscribe.py",
            [
                "--websocket", "ws://127.0.0.1:\(server.url.port!)/graphql", "--subscription", "subscription { onCreateTeam { id mantra size __typename } }",
                "--query", "query { listTeams(limit: 1000) { items { id mantra } } }",
            ]
                + Self.arguments(
                    server, mutation: "mutation Create($input: CreateTeamInput!) { createTeam(input: $input) { id } }",
                    round: [["input": ["mantra": "ws {n}", "size": 3]]], count: 4))
        try Self.checkEvents(output, subscription: 0, field: "onCreateTeam", minimum: 5) { record in
            ["id": record.id, "mantra": "ws \(record.n)", "size": 3, "__typename": "Team"]
        }
        let query = try #require(output.lines("query").first, "no query result: \(output.lines)")
        let items = try #require(value(query, "data", "listTeams", "items") as? [[String: Any]], "\(query)")
        let created = try Self.created(output)
        #expect(Set(items.map { Self.json($0) }) == Set(created.map { Self.json(["id": $0.id, "mantra": "ws \($0.n)"]) }))
    }
}
