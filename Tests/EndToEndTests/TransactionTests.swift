import APISchema
import Foundation
import Postgres
import Realtime
import Testing

/// `mutation @transaction { … }` over HTTP: every root field in one database transaction; the first failure
/// rolls all back, that field reports its own error and every other one `TransactionRolledBack`.
@Suite("@transaction over HTTP")
struct TransactionTests {
    /// The error entries of `response` as (path, errorType, message).
    static func errors(_ response: [String: Any]) -> [(path: String, type: String, message: String)] {
        (response["errors"] as? [[String: Any]] ?? []).map {
            (($0["path"] as? [String])?.joined(separator: ".") ?? "", $0["errorType"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    static func count(_ server: LiveServer, _ table: String) async throws -> String? {
        try await server.client.query("SELECT count(*) FROM \"\(table)\"").scalar
    }

    @Test("three creates, the second failing: all null, an error for each, no rows; without the directive two rows stay")
    func secondFails() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "taken", mantra: "first"}) { id } }"#)
        let document = #"""
            mutation Three @transaction {
              a: createTeam(input: {id: "a", mantra: "one"}) { id mantra }
              b: createTeam(input: {id: "taken", mantra: "two"}) { id }
              c: createTeam(input: {id: "c", mantra: "three"}) { id members { items { id } } }
            }
            """#
        let response = try await server.graphQL(document)
        #expect(response["data"] as? [String: NSNull] == ["a": NSNull(), "b": NSNull(), "c": NSNull()], "\(response)")
        let errors = Self.errors(response)
        #expect(errors.map(\.path) == ["a", "b", "c"], "\(response)")
        #expect(errors.map(\.type) == ["TransactionRolledBack", "DynamoDB:ConditionalCheckFailedException", "TransactionRolledBack"])
        #expect(errors.first?.message == "Rolled back: root field 'b' of this @transaction mutation failed, so nothing this field wrote was kept.")
        #expect(errors.last?.message == "Not run: root field 'b' of this @transaction mutation failed before it, and the transaction was rolled back.")
        #expect(value(response, "errors", 0, "locations", 0, "line") as? Int == 2)
        #expect(try await server.client.query(#"SELECT string_agg(id, ',' ORDER BY id) FROM "Team""#).scalar == "taken")

        // The same document without the directive: each root field on its own, as AppSync runs them.
        let separate = try await server.graphQL(document.replacingOccurrences(of: " @transaction", with: ""))
        #expect(Self.errors(separate).map(\.type) == ["DynamoDB:ConditionalCheckFailedException"], "\(separate)")
        #expect(try await server.client.query(#"SELECT string_agg(id, ',' ORDER BY id) FROM "Team""#).scalar == "a,c,taken")
    }

    @Test("success: every root field's answer, each write's read-back seeing the earlier ones, all rows written by one commit")
    func success() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let response = try await server.graphQL(
            #"""
            mutation @transaction {
              team: createTeam(input: {id: "t", mantra: "crew"}) { id mantra }
              ann: createMember(input: {id: "m1", name: "Ann", teamId: "t"}) { id team { mantra } }
              bo: createMember(input: {id: "m2", name: "Bo", teamId: "t"}) { id team { members { items { id } } } }
              kind: __typename
              renamed: updateTeam(input: {id: "t", mantra: "renamed"}) { mantra }
            }
            """#)
        #expect(response["errors"] == nil, "\(response)")
        #expect(value(response, "data", "team", "mantra") as? String == "crew")
        #expect(value(response, "data", "ann", "team", "mantra") as? String == "crew")
        #expect((value(response, "data", "bo", "team", "members", "items") as? [[String: String]])?.compactMap { $0["id"] } == ["m1", "m2"])
        #expect(value(response, "data", "kind") as? String == "Mutation")
        #expect(value(response, "data", "renamed", "mantra") as? String == "renamed")
        #expect(Array((response["data"] as? [String: Any] ?? [:]).keys).sorted() == ["ann", "bo", "kind", "renamed", "team"])
        // Rows a transaction writes carry its id (xmin): one transaction wrote all three.
        let transactions = try await server.client.query(
            #"SELECT count(DISTINCT xmin::text) FROM (SELECT xmin FROM "Team" UNION ALL SELECT xmin FROM "Member") AS rows"#)
        #expect(transactions.scalar == "1")
        #expect(try await Self.count(server, "Member") == "2")
    }

    @Test("a field refused while planning runs nothing; a failure later on undoes an update and a delete before it")
    func refusedAndUndone() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { a: createTeam(input: {id: "A", mantra: "a"}) { id } b: createTeam(input: {id: "B", mantra: "b"}) { id } }"#)
        // A value its column cannot hold is refused by the create compiler, while planning the second field.
        let refused = try await server.graphQL(
            #"mutation M($i: CreateTeamInput!) @transaction { x: createTeam(input: {id: "x", mantra: "x"}) { id } y: createTeam(input: $i) { id } }"#,
            variables: ["i": ["mantra": "m", "size": "lots"]])
        #expect(Self.errors(refused).first?.type == "TransactionRolledBack", "\(refused)")
        #expect(Self.errors(refused).first?.message.contains("was refused, so none of its root fields ran") == true)
        #expect(Self.errors(refused).count == 2)
        #expect(try await Self.count(server, "Team") == "2")
        let undone = try await server.graphQL(
            #"""
            mutation @transaction {
              u: updateTeam(input: {id: "A", mantra: "changed"}) { mantra }
              d: deleteTeam(input: {id: "B"}) { id }
              f: updateTeam(input: {id: "A", mantra: "again"}, condition: {mantra: {eq: "a"}}) { id }
            }
            """#)
        #expect(Self.errors(undone).map(\.type) == ["TransactionRolledBack", "TransactionRolledBack", "DynamoDB:ConditionalCheckFailedException"], "\(undone)")
        #expect(try await server.client.query(#"SELECT string_agg(id || ':' || mantra, ',' ORDER BY id) FROM "Team""#).scalar == "A:a,B:b")
    }

    @Test("a delete a required reference holds up reports ReferenceInUse with the count, and undoes the rest")
    func referenceInUse() async throws {
        let server = try await LiveServer.start(schema: "author-editor")
        defer { server.stop() }
        try await server.seed(
            #"mutation { p: createPerson(input: {id: "ann", name: "Ann"}) { id } q: createPost(input: {id: "p1", title: "t", content: "c", authorId: "ann"}) { id } }"#)
        let response = try await server.graphQL(
            #"mutation @transaction { bo: createPerson(input: {id: "bo", name: "Bo"}) { id } gone: deletePerson(input: {id: "ann"}) { id } }"#)
        let errors = Self.errors(response)
        #expect(errors.map(\.type) == ["TransactionRolledBack", "ReferenceInUse"], "\(response)")
        #expect(errors.last?.message.contains("1 Post record(s) still refer to it") == true, "\(response)")
        #expect(try await Self.count(server, "Person") == "1")
    }

    @Test("more root fields than a transaction may hold are refused before anything runs")
    func tooManyFields() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let fields = (0...50).map { "t\($0): createTeam(input: {mantra: \"m\($0)\"}) { id }" }.joined(separator: " ")
        let response = try await server.graphQL("mutation @transaction { \(fields) }")
        #expect(response["data"] is NSNull, "\(response)")
        #expect(errorType(response) == "LimitExceeded")
        #expect((value(response, "errors", 0, "message") as? String)?.contains("at most 50 root fields; this one has 51") == true)
        #expect(try await Self.count(server, "Team") == "0")
        let fifty = (0..<50).map { "t\($0): createTeam(input: {mantra: \"m\($0)\"}) { id }" }.joined(separator: " ")
        #expect(try await server.graphQL("mutation @transaction { \(fifty) }")["errors"] == nil)
        #expect(try await Self.count(server, "Team") == "50")
    }

    @Test("the AppSync surface has no @transaction: an unknown directive, nothing written; on a query it is misplaced")
    func appSyncSurface() async throws {
        let appSync = try await LiveServer.start(schema: "schema", surface: .appSync)
        defer { appSync.stop() }
        let response = try await appSync.graphQL(#"mutation @transaction { createTeam(input: {mantra: "m"}) { id } }"#)
        #expect(response["data"] is NSNull, "\(response)")
        #expect((value(response, "errors", 0, "message") as? String)?.contains(#"Unknown directive "@transaction""#) == true, "\(response)")
        #expect(try await Self.count(appSync, "Team") == "0")
        let extended = try await LiveServer.start(schema: "schema")
        defer { extended.stop() }
        let query = try await extended.graphQL("query @transaction { listTeams { items { id } } }")
        #expect((value(query, "errors", 0, "message") as? String)?.contains(#"Directive "@transaction" may not be used on QUERY"#) == true, "\(query)")
    }

    @Test("subscribers see a transaction's writes once it committed, with the state it committed, and nothing of one rolled back")
    func subscriptions() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await RealtimeDeliveryTests.connect(server)
        defer { socket.close() }
        try await RealtimeDeliveryTests.subscribe(socket, "teams", "subscription { onCreateTeam { id members { items { id } } } }")
        try await server.seed(#"mutation { createTeam(input: {id: "taken", mantra: "x"}) { id } }"#)
        #expect(value(try await RealtimeDeliveryTests.event(socket, "teams"), "onCreateTeam", "id") as? String == "taken")
        let failed = try await server.graphQL(
            #"mutation @transaction { a: createTeam(input: {id: "lost", mantra: "a"}) { id } b: createTeam(input: {id: "taken", mantra: "b"}) { id } }"#)
        #expect(Self.errors(failed).count == 2, "\(failed)")
        // The team is created before its members in the same transaction; its event, read after the commit,
        // already lists them. It is the next event: the rolled-back team never produced one.
        let committed = try await server.graphQL(
            #"""
            mutation @transaction {
              t: createTeam(input: {id: "kept", mantra: "k"}) { id }
              m1: createMember(input: {id: "m1", name: "Ann", teamId: "kept"}) { id }
              m2: createMember(input: {id: "m2", name: "Bo", teamId: "kept"}) { id }
            }
            """#)
        #expect(committed["errors"] == nil, "\(committed)")
        let event = try await RealtimeDeliveryTests.event(socket, "teams")
        #expect(value(event, "onCreateTeam", "id") as? String == "kept", "\(event)")
        #expect((value(event, "onCreateTeam", "members", "items") as? [[String: String]])?.compactMap { $0["id"] }.sorted() == ["m1", "m2"], "\(event)")
    }
}
