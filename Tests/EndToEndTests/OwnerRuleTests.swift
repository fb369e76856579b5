import APISchema
import Execution
import Foundation
import JSON
import Logging
import ModelIR
import Planner
import Postgres
import SchemaParser
import TestSupport
import Testing

/// Owner, group and signed-in rules enforced in the statements, for two users who must never see or change
/// each other's records, through the execution core with callers as the HTTP layer hands them over.
@Suite("@auth rules: per-user records")
struct OwnerRuleTests {
    /// A user-pool caller whose token carries `sub`, a user name and groups.
    static func user(_ name: String, groups: [String] = [], accessToken: Bool = false) -> Caller {
        var claims: [(String, JSONValue)] = [("sub", .string("sub-\(name)")), (accessToken ? "username" : "cognito:username", .string(name))]
        if !groups.isEmpty { claims.append(("cognito:groups", .list(groups.map(JSONValue.string)))) }
        return Caller(mode: .userPools, claims: .object(claims))
    }

    struct Harness {
        let server: LiveServer
        let planner: OperationPlanner
        let executor: GraphQLExecutor

        func run(_ query: String, as caller: Caller, _ variables: [String: InputValue] = [:]) async -> (data: [String: Any], errors: [ResponseError]) {
            let result = await executor.run(OperationRequest(query: query, variables: variables), origin: RequestOrigin(requestID: "r", caller: caller))
            return (ExecutionTests.object(result.data) ?? [:], result.errors)
        }
    }

    static func harness() async throws -> Harness {
        let server = try await LiveServer.start(schema: "owners")
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("owners"))
        var logger = Logger(label: "owners")
        logger.logLevel = .critical
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)))
        return Harness(server: server, planner: planner, executor: GraphQLExecutor(planner: planner, runner: server.client, logger: logger))
    }

    @Test("create fills the owner; list, get, nested and filters show each user only their own records; the other's get is null with Unauthorized")
    func ownersSeeTheirOwn() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let alice = Self.user("alice"), bob = Self.user("bob")
        let made = await h.run(#"mutation { createNote(input: {id: "a1", title: "alice's"}) { id title owner } }"#, as: alice)
        #expect(made.errors.isEmpty)
        // Stored as subject and user name; read back as the user name, as AppSync resolves the field.
        #expect((made.data["createNote"] as? [String: String])?["owner"] == "alice")
        let stored = try await h.server.client.query(#"SELECT "owner" FROM "Note" WHERE "id" = 'a1'"#).scalar
        #expect(stored == "sub-alice::alice")
        _ = await h.run(#"mutation { createNote(input: {id: "b1", title: "bob's"}) { id } }"#, as: bob)
        _ = await h.run(#"mutation { createRemark(input: {id: "r1", body: "mine", noteId: "a1"}) { id } }"#, as: alice)

        let listed = await h.run("{ listNotes { items { id } } }", as: alice)
        #expect(((listed.data["listNotes"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": "a1"]])
        let filtered = await h.run(#"{ listNotes(filter: {title: {beginsWith: "b"}}) { items { id } } }"#, as: alice)
        #expect(((filtered.data["listNotes"] as? [String: Any])?["items"] as? [[String: String]]) == [])

        let own = await h.run(#"{ getNote(id: "a1") { id comments { items { body } } } }"#, as: alice)
        #expect(own.errors.isEmpty)
        #expect(((((own.data["getNote"] as? [String: Any])?["comments"] as? [String: Any])?["items"]) as? [[String: String]]) == [["body": "mine"]])

        let other = await h.run(#"{ getNote(id: "a1") { id } }"#, as: bob)
        #expect(other.data["getNote"] is NSNull)
        #expect(other.errors.map(\.errorType) == ["Unauthorized"] && other.errors.first?.message == "Not Authorized to access getNote on type Query")
        let missing = await h.run(#"{ getNote(id: "nope") { id } }"#, as: bob)
        #expect(missing.data["getNote"] is NSNull && missing.errors.isEmpty)

        // The same user's access token (user name in `username`) names the same owner.
        let viaAccessToken = await h.run(#"{ getNote(id: "a1") { id } }"#, as: Self.user("alice", accessToken: true))
        #expect((viaAccessToken.data["getNote"] as? [String: String])?["id"] == "a1")
    }

    @Test("update and delete of another user's record are Unauthorized and leave it untouched; the owner's own go through")
    func othersCannotWrite() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let alice = Self.user("alice"), bob = Self.user("bob")
        _ = await h.run(#"mutation { createNote(input: {id: "a1", title: "kept"}) { id } }"#, as: alice)
        let update = await h.run(#"mutation { updateNote(input: {id: "a1", title: "taken"}) { id } }"#, as: bob)
        #expect(update.errors.map(\.errorType) == ["Unauthorized"] && update.errors.first?.message == "Not Authorized to access updateNote on type Mutation")
        let delete = await h.run(#"mutation { deleteNote(input: {id: "a1"}) { id } }"#, as: bob)
        #expect(delete.errors.map(\.errorType) == ["Unauthorized"])
        let still = await h.run(#"{ getNote(id: "a1") { title } }"#, as: alice)
        #expect((still.data["getNote"] as? [String: String])?["title"] == "kept")

        // The owner's failed condition is still a condition failure, not a denial.
        let conditional = await h.run(#"mutation { updateNote(input: {id: "a1", title: "x"}, condition: {title: {eq: "other"}}) { id } }"#, as: alice)
        #expect(conditional.errors.first?.errorType == "DynamoDB:ConditionalCheckFailedException")
        let mine = await h.run(#"mutation { updateNote(input: {id: "a1", title: "changed"}) { title } }"#, as: alice)
        #expect((mine.data["updateNote"] as? [String: String])?["title"] == "changed")
        let gone = await h.run(#"mutation { deleteNote(input: {id: "a1"}) { id } }"#, as: alice)
        #expect(gone.errors.isEmpty && (gone.data["deleteNote"] as? [String: String])?["id"] == "a1")
    }

    @Test("a create naming someone else as owner writes nothing and is Unauthorized; naming oneself in any stored form is allowed")
    func createForSomeoneElse() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let alice = Self.user("alice"), bob = Self.user("bob")
        let forged = await h.run(#"mutation { createRemark(input: {id: "x", body: "t", author: "bob"}) { id } }"#, as: alice)
        #expect(forged.errors.map(\.errorType) == ["Unauthorized"] && forged.errors.first?.message == "Not Authorized to access createRemark on type Mutation")
        let seenByBob = await h.run("{ listRemarks { items { id } } }", as: bob)
        #expect(((seenByBob.data["listRemarks"] as? [String: Any])?["items"] as? [[String: String]]) == [])
        for (id, owner) in [("y1", "alice"), ("y2", "sub-alice"), ("y3", "sub-alice::alice")] {
            let made = await h.run("mutation { createRemark(input: {id: \"\(id)\", body: \"t\", author: \"\(owner)\"}) { id } }", as: alice)
            #expect(made.errors.isEmpty, "owner \(owner)")
        }
        // Every record is readable to signed-in users (private read), but only the author's are writable.
        for id in ["y1", "y2", "y3"] {
            let changed = await h.run("mutation { updateRemark(input: {id: \"\(id)\", body: \"edited\"}) { body } }", as: alice)
            #expect(changed.errors.isEmpty, "record \(id)")
        }
    }

    @Test("a static group sees every record; private reads see every remark but write only their own; list owners; dynamic groups; API keys only where a public rule allows")
    func groupsPrivateListsAndKeys() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let alice = Self.user("alice", groups: ["Devs"]), bob = Self.user("bob"), admin = Self.user("root", groups: ["Admins"])
        _ = await h.run(#"mutation { createNote(input: {id: "a1", title: "t"}) { id } }"#, as: alice)
        let all = await h.run("{ listNotes { items { id } } }", as: admin)
        #expect(((all.data["listNotes"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": "a1"]])

        _ = await h.run(#"mutation { createRemark(input: {id: "r1", body: "hello"}) { id } }"#, as: alice)
        let read = await h.run(#"{ getRemark(id: "r1") { body author } }"#, as: bob)
        #expect((read.data["getRemark"] as? [String: String])?["body"] == "hello")
        let edit = await h.run(#"mutation { updateRemark(input: {id: "r1", body: "bob was here"}) { id } }"#, as: bob)
        #expect(edit.errors.map(\.errorType) == ["Unauthorized"])

        let board = await h.run(#"mutation { createBoard(input: {id: "b", name: "shared", editors: ["alice", "bob"]}) { editors } }"#, as: alice)
        #expect(board.errors.isEmpty)
        let bobsBoards = await h.run("{ listBoards { items { id } } }", as: bob)
        #expect(((bobsBoards.data["listBoards"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": "b"]])
        let filled = await h.run(#"mutation { createBoard(input: {id: "c", name: "mine"}) { editors } }"#, as: alice)
        #expect((filled.data["createBoard"] as? [String: [String]])?["editors"] == ["sub-alice::alice"])
        let notBobs = await h.run(#"{ getBoard(id: "c") { id } }"#, as: bob)
        #expect(notBobs.errors.map(\.errorType) == ["Unauthorized"])

        let room = await h.run(#"mutation { createRoom(input: {id: "d", label: "devs", team: "Devs"}) { id } }"#, as: alice)
        #expect(room.errors.isEmpty)
        let outsider = await h.run(#"mutation { createRoom(input: {id: "e", label: "x", team: "Devs"}) { id } }"#, as: bob)
        #expect(outsider.errors.map(\.errorType) == ["Unauthorized"])
        let keyRead = await h.run("{ listRooms { items { id } } }", as: .apiKey)
        #expect(((keyRead.data["listRooms"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": "d"]])
        let keyNotes = await h.run("{ listNotes { items { id } } }", as: .apiKey)
        #expect(keyNotes.errors.map(\.errorType) == ["Unauthorized"])
    }

    @Test("one plan serves every user of the same groups: a second user re-plans nothing and still sees only their records")
    func plansAreShared() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let query = "query($t: String) { listNotes(filter: {title: {eq: $t}}) { items { id } } }"
        for name in ["u1", "u2", "u3"] {
            _ = await h.run("mutation { createNote(input: {id: \"\(name)\", title: \"same\"}) { id } }", as: Self.user(name))
        }
        _ = await h.run(query, as: Self.user("u1"), ["t": .string("same")])
        let plansAfterFirst = h.planner.cachedPlanCount
        for name in ["u2", "u3"] {
            let listed = await h.run(query, as: Self.user(name), ["t": .string("same")])
            #expect(((listed.data["listNotes"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": name]])
        }
        #expect(h.planner.cachedPlanCount == plansAfterFirst)
    }

    @Test("a nextToken from one user's pages, replayed by another, pages through the other's records only")
    func nextTokenReplay() async throws {
        let h = try await Self.harness()
        defer { h.server.stop() }
        let alice = Self.user("alice"), bob = Self.user("bob")
        for id in ["a1", "a2", "a3"] { _ = await h.run("mutation { createNote(input: {id: \"\(id)\", title: \"t\"}) { id } }", as: alice) }
        for id in ["b1", "b2"] { _ = await h.run("mutation { createNote(input: {id: \"\(id)\", title: \"t\"}) { id } }", as: bob) }
        let page = "query($token: String) { listNotes(limit: 1, nextToken: $token) { items { id } nextToken } }"
        let first = await h.run(page, as: alice)
        let token = try #require((first.data["listNotes"] as? [String: Any])?["nextToken"] as? String)
        var seen: [String] = []
        var next: InputValue = .string(token)
        while next != .null {
            let replayed = await h.run(page, as: bob, ["token": next])
            let connection = replayed.data["listNotes"] as? [String: Any]
            seen += ((connection?["items"] as? [[String: String]]) ?? []).compactMap { $0["id"] }
            next = (connection?["nextToken"] as? String).map(InputValue.string) ?? .null
        }
        #expect(seen.allSatisfy { $0.hasPrefix("b") })
    }
}
