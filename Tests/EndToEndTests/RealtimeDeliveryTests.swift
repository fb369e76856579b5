import Foundation
import Realtime
import Testing

/// What an event holds: the subscriber's own selection resolved against the committed state (nested
/// belongsTo and hasMany fields included), the new values of an update, the old row of a delete, aliases,
/// `__typename`, fragments; and the subscription fields a schema turned off or renamed.
@Suite("Real-time: what an event holds")
struct RealtimeDeliveryTests {
    /// A connection that went through the AppSync handshake with the server's key.
    static func connect(_ server: LiveServer) async throws -> RealtimeTestClient {
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        try await socket.initialize()
        return socket
    }

    /// Starts `query` under `id` and waits for its `start_ack`.
    static func subscribe(_ socket: RealtimeTestClient, _ id: String, _ query: String) async throws {
        socket.start(id, query: query)
        let ack = try await socket.next(timeout: .seconds(30))
        try #require(ack["type"] as? String == "start_ack" && ack["id"] as? String == id, "\(ack)")
    }

    /// Runs a mutation that must succeed and returns `data.<field>.id`.
    static func create(_ server: LiveServer, _ mutation: String, _ field: String) async throws -> String {
        let answer = try await server.graphQL(mutation)
        return try #require(value(answer, "data", field, "id") as? String, "\(answer)")
    }

    /// The next event, which must be for subscription `id`: its `payload.data`.
    static func event(_ socket: RealtimeTestClient, _ id: String) async throws -> [String: Any] {
        let message = try await socket.next("data")
        #expect(message["id"] as? String == id)
        return try #require(value(message, "payload", "data") as? [String: Any], "\(message)")
    }

    @Test("a Member's belongsTo team is read as committed: its current mantra, or null without a team")
    func belongsTo() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "members", "subscription { onCreateMember { id name team { id mantra } } }")
        let team = try await Self.create(server, #"mutation { createTeam(input: {mantra: "home"}) { id } }"#, "createTeam")
        let first = try await Self.create(server, "mutation { createMember(input: {name: \"ann\", teamId: \"\(team)\"}) { id } }", "createMember")
        let firstEvent = try await Self.event(socket, "members")
        #expect(value(firstEvent, "onCreateMember", "id") as? String == first)
        #expect(value(firstEvent, "onCreateMember", "name") as? String == "ann")
        #expect(value(firstEvent, "onCreateMember", "team") as? [String: String] == ["id": team, "mantra": "home"])
        // The team changed before the next member was written: that member's event reads the new mantra.
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"moved\"}) { id } }")
        _ = try await Self.create(server, "mutation { createMember(input: {name: \"bob\", teamId: \"\(team)\"}) { id } }", "createMember")
        let secondEvent = try await Self.event(socket, "members")
        #expect(value(secondEvent, "onCreateMember", "team") as? [String: String] == ["id": team, "mantra": "moved"])
        _ = try await Self.create(server, #"mutation { createMember(input: {name: "cy"}) { id } }"#, "createMember")
        let loneEvent = try await Self.event(socket, "members")
        #expect(value(loneEvent, "onCreateMember", "name") as? String == "cy")
        #expect(value(loneEvent, "onCreateMember", "team") is NSNull)
    }

    @Test("a Team's hasMany members are the ones committed when it changes; a new team has none")
    func hasMany() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        let selection = "{ id members { items { id name } nextToken } }"
        try await Self.subscribe(socket, "created", "subscription { onCreateTeam \(selection) }")
        try await Self.subscribe(socket, "updated", "subscription { onUpdateTeam \(selection) }")
        let team = try await Self.create(server, #"mutation { createTeam(input: {mantra: "crew"}) { id } }"#, "createTeam")
        let created = try await Self.event(socket, "created")
        #expect(value(created, "onCreateTeam", "id") as? String == team)
        #expect((value(created, "onCreateTeam", "members", "items") as? [Any])?.isEmpty == true)
        #expect(value(created, "onCreateTeam", "members", "nextToken") is NSNull)
        var members: [String: String] = [:]
        for name in ["ann", "bob"] {
            members[try await Self.create(server, "mutation { createMember(input: {name: \"\(name)\", teamId: \"\(team)\"}) { id } }", "createMember")] = name
        }
        let other = try await Self.create(server, #"mutation { createTeam(input: {mantra: "other"}) { id } }"#, "createTeam")
        _ = try await Self.event(socket, "created")
        try await server.seed("mutation { createMember(input: {name: \"eve\", teamId: \"\(other)\"}) { id } }")
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"crew 2\"}) { id } }")
        let updated = try await Self.event(socket, "updated")
        #expect(value(updated, "onUpdateTeam", "id") as? String == team)
        let items = try #require(value(updated, "onUpdateTeam", "members", "items") as? [[String: String]])
        #expect(Dictionary(uniqueKeysWithValues: items.map { ($0["id"] ?? "", $0["name"] ?? "") }) == members)
        #expect(items.count == 2)
        #expect(value(updated, "onUpdateTeam", "members", "nextToken") is NSNull)
    }

    @Test("onUpdateTeam delivers the new values (untouched fields as they were, a field set to null as null)")
    func updateDeliversNewValues() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "updated", "subscription { onUpdateTeam { id mantra size budget active } }")
        let team = try await Self.create(server, #"mutation { createTeam(input: {mantra: "before", size: 1, budget: 1.5, active: true}) { id } }"#, "createTeam")
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"after\", size: 2}) { id } }")
        let first = try await Self.event(socket, "updated")
        #expect(first["onUpdateTeam"] as? NSDictionary == ["id": team, "mantra": "after", "size": 2, "budget": 1.5, "active": true])
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", size: null}) { id } }")
        let second = try await Self.event(socket, "updated")
        #expect(second["onUpdateTeam"] as? NSDictionary == ["id": team, "mantra": "after", "size": NSNull(), "budget": 1.5, "active": true])
    }

    @Test("onDeleteTeam delivers the deleted row with its fields as they were before the delete")
    func deleteDeliversOldRow() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "deleted", "subscription { onDeleteTeam { id mantra size budget active founded } }")
        let team = try await Self.create(
            server, #"mutation { createTeam(input: {mantra: "gone", size: 4, budget: 0.25, active: false, founded: "2020-02-03T04:05:06.000Z"}) { id } }"#,
            "createTeam")
        try await server.seed("mutation { updateTeam(input: {id: \"\(team)\", mantra: \"last words\"}) { id } }")
        try await server.seed("mutation { deleteTeam(input: {id: \"\(team)\"}) { id } }")
        let deleted = try await Self.event(socket, "deleted")
        let row = try #require(deleted["onDeleteTeam"] as? [String: Any])
        #expect(row["id"] as? String == team)
        #expect(row["mantra"] as? String == "last words")
        #expect(row["size"] as? Int == 4)
        #expect(row["budget"] as? Double == 0.25)
        #expect(row["active"] as? Bool == false)
        #expect((row["founded"] as? String)?.hasPrefix("2020-02-03T04:05:06") == true)
        // The row is really gone.
        let read = try await server.graphQL("query { getTeam(id: \"\(team)\") { id } }")
        #expect(value(read, "data", "getTeam") is NSNull)
    }

    @Test("an alias names the event's data key; __typename at every level; fragments and inline fragments")
    func aliasesTypenamesFragments() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "aliased", "subscription { renamed: onCreateMember { __typename key: id team { __typename motto: mantra } } }")
        try await Self.subscribe(
            socket, "fragments", "subscription { onCreateMember { ...M ... on Member { role } } } fragment M on Member { name team { ... on Team { id } } }")
        let team = try await Self.create(server, #"mutation { createTeam(input: {mantra: "m"}) { id } }"#, "createTeam")
        let member = try await Self.create(server, "mutation { createMember(input: {name: \"ann\", role: LEAD, teamId: \"\(team)\"}) { id } }", "createMember")
        var events: [String: [String: Any]] = [:]
        for _ in 0..<2 {
            let message = try await socket.next("data")
            events[try #require(message["id"] as? String)] = try #require(value(message, "payload", "data") as? [String: Any])
        }
        let aliased: NSDictionary = ["renamed": ["__typename": "Member", "key": member, "team": ["__typename": "Team", "motto": "m"]]]
        #expect(events["aliased"] as NSDictionary? == aliased)
        let fragments: NSDictionary = ["onCreateMember": ["name": "ann", "role": "LEAD", "team": ["id": team]]]
        #expect(events["fragments"] as NSDictionary? == fragments)
    }

    @Test("a model with subscriptions off has no onCreate field (a ValidationError); a renamed one delivers under its new name")
    func subscriptionLevels() async throws {
        let server = try await LiveServer.start(schema: "realtime-levels", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connect(server)
        defer { socket.close() }
        for (id, field) in [("quiet", "onCreateQuiet"), ("quiet-update", "onUpdateQuiet"), ("old-name", "onCreateNote")] {
            socket.start(id, query: "subscription { \(field) { id } }")
            let error = try await socket.next("error")
            #expect(error["id"] as? String == id)
            #expect(value(error, "payload", "errors", 0, "errorType") as? String == "ValidationError", "\(error)")
        }
        try await Self.subscribe(socket, "new-name", "subscription { onNewNote { id text } }")
        try await Self.subscribe(socket, "note-update", "subscription { onUpdateNote { text } }")
        // Writes to the quiet model still work; they deliver nothing.
        try await server.seed(#"mutation { createQuiet(input: {text: "hush"}) { id } }"#)
        let note = try await Self.create(server, #"mutation { createNote(input: {text: "hello"}) { id } }"#, "createNote")
        let created = try await Self.event(socket, "new-name")
        #expect(created as NSDictionary == ["onNewNote": ["id": note, "text": "hello"]])
        try await server.seed("mutation { updateNote(input: {id: \"\(note)\", text: \"edited\"}) { id } }")
        let updated = try await Self.event(socket, "note-update")
        #expect(updated as NSDictionary == ["onUpdateNote": ["text": "edited"]])
    }
}
