import Foundation
import JSON
import TestSupport
import Testing

/// Two signed-in users of one `modelgraph serve` who must never see or change each other's records: owner rules
/// over HTTP and on real-time subscriptions, with tokens as Amplify clients send them.
@Suite("Signed-in users: owner rules end to end")
struct SignedInOwnerTests {
    /// Serve on the owners fixture (its migration generated first) with user pools and API keys.
    static func start() async throws -> SignedInServe {
        try await SignedInServe.start(schema: try Fixtures.schemaSource("owners"))
    }

    /// A token of user `name` (subject `sub-<name>`, in no group).
    static func token(_ server: SignedInServe, _ name: String) throws -> String {
        try server.minter.token(TokenMinter.claims(subject: "sub-\(name)", [("cognito:username", .string(name)), ("cognito:groups", .null)]))
    }

    static func json(_ answer: TestHTTP.Answer) throws -> Any { try JSONSerialization.jsonObject(with: answer.body) }

    @Test("over HTTP: each user lists and gets only their own notes; the other's get and update are Unauthorized; an API key may not read owner-only notes")
    func http() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let alice = ["Authorization": try Self.token(server, "alice")], bob = ["Authorization": "Bearer " + (try Self.token(server, "bob"))]
        let made = try await server.post(#"mutation { createNote(input: {id: "a1", title: "alice's"}) { id owner } }"#, headers: alice)
        #expect(value(try Self.json(made), "data", "createNote", "owner") as? String == "alice", "\(made.text)")
        _ = try await server.post(#"mutation { createNote(input: {id: "b1", title: "bob's"}) { id } }"#, headers: bob)

        let listed = try await server.post("{ listNotes { items { id } } }", headers: bob)
        #expect(value(try Self.json(listed), "data", "listNotes", "items") as? [[String: String]] == [["id": "b1"]], "\(listed.text)")
        let other = try await server.post(#"{ getNote(id: "a1") { id title } }"#, headers: bob)
        let unauthorized =
            #"{"data":{"getNote":null},"errors":[{"path":["getNote"],"data":null,"errorType":"Unauthorized","errorInfo":null,"#
            + #""locations":[{"line":1,"column":3,"sourceName":null}],"message":"Not Authorized to access getNote on type Query"}]}"#
        #expect(other.text == unauthorized, "\(other.text)")
        let taken = try await server.post(#"mutation { updateNote(input: {id: "a1", title: "bob's now"}) { id } }"#, headers: bob)
        #expect(value(try Self.json(taken), "errors") is [Any] && taken.text.contains("Not Authorized to access updateNote on type Mutation"), "\(taken.text)")
        let kept = try await server.post(#"{ getNote(id: "a1") { title } }"#, headers: alice)
        #expect(value(try Self.json(kept), "data", "getNote", "title") as? String == "alice's")

        let keyed = try await server.post("{ listNotes { items { id } } }", headers: ["x-api-key": try server.serve.apiKey()])
        #expect(keyed.text.contains("Not Authorized to access listNotes on type Query"), "\(keyed.text)")
    }

    @Test("over HTTP: an owner-only field of someone else's record is null with Unauthorized at its path, list indices included, as AppSync's field resolver answers")
    func ownerOnlyField() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let alice = ["Authorization": try Self.token(server, "alice")], bob = ["Authorization": try Self.token(server, "bob")]
        _ = try await server.post(#"mutation { createProfile(input: {id: "a", name: "Alice", email: "alice@example.com"}) { id } }"#, headers: alice)
        _ = try await server.post(#"mutation { createProfile(input: {id: "b", name: "Bob", email: "bob@example.com"}) { id } }"#, headers: bob)

        let other = try await server.post(#"{ getProfile(id: "a") { name email } }"#, headers: bob)
        let expected =
            #"{"data":{"getProfile":{"name":"Alice","email":null}},"errors":[{"path":["getProfile","email"],"data":null,"errorType":"Unauthorized","errorInfo":null,"#
            + #""locations":[{"line":1,"column":30,"sourceName":null}],"message":"Not Authorized to access email on type Profile"}]}"#
        #expect(other.text == expected, "\(other.text)")
        // The owner reads it, without an error.
        let own = try await server.post(#"{ getProfile(id: "a") { email } }"#, headers: alice)
        #expect(own.text == #"{"data":{"getProfile":{"email":"alice@example.com"}}}"#, "\(own.text)")

        // A list: one error per record withheld, at its index; the caller's own record keeps its value.
        let listed = try await server.post("{ listProfiles { items { id mail: email } } }", headers: bob)
        let object = try #require(try Self.json(listed) as? [String: Any])
        let items = try #require(value(object, "data", "listProfiles", "items") as? [[String: Any]], "\(listed.text)")
        let aliceIndex = try #require(items.firstIndex { $0["id"] as? String == "a" })
        #expect(items[aliceIndex]["mail"] is NSNull && items[1 - aliceIndex]["mail"] as? String == "bob@example.com", "\(listed.text)")
        let errors = try #require(object["errors"] as? [[String: Any]], "\(listed.text)")
        #expect(errors.count == 1)
        #expect((errors.first?["path"] as? [Any]).map { "\($0)" } == "\(["listProfiles", "items", aliceIndex, "mail"] as [Any])", "\(listed.text)")
        #expect(listed.text.contains(#""path":["listProfiles","items",\#(aliceIndex),"mail"]"#), "\(listed.text)")
        #expect(errors.first?["errorType"] as? String == "Unauthorized" && errors.first?["message"] as? String == "Not Authorized to access email on type Profile")
        #expect(!listed.text.contains("__denied"))

        // A mutation's answer shows the owner their own field (AppSync nulls it for everyone there; docs/auth-rules.md).
        let renamed = try await server.post(#"mutation { updateProfile(input: {id: "a", name: "Al"}) { name email } }"#, headers: alice)
        #expect(renamed.text == #"{"data":{"updateProfile":{"name":"Al","email":"alice@example.com"}}}"#, "\(renamed.text)")
    }

    @Test("subscriptions: each user gets only their own notes' events; an owner argument naming someone else is Unauthorized")
    func subscriptions() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let aliceToken = try Self.token(server, "alice"), bobToken = try Self.token(server, "bob")
        let alice = RealtimeTestClient.connect(RealtimeSignedInUserTests.url(server, token: aliceToken))
        let bob = RealtimeTestClient.connect(RealtimeSignedInUserTests.url(server, token: bobToken))
        defer {
            alice.close()
            bob.close()
        }
        try await alice.initialize()
        try await bob.initialize()
        try await RealtimeDeliveryTests.subscribe(alice, "mine", "subscription { onCreateNote { id title } }")
        try await RealtimeDeliveryTests.subscribe(bob, "mine", "subscription { onCreateNote { id title } }")
        bob.start("spy", query: #"subscription { onCreateNote(owner: "alice") { id } }"#)
        let refused = try await bob.next("error")
        #expect(refused["id"] as? String == "spy" && "\(refused)".contains("Not Authorized to access onCreateNote on type Subscription"), "\(refused)")

        _ = try await server.post(#"mutation { createNote(input: {id: "a1", title: "alice's"}) { id } }"#, headers: ["Authorization": aliceToken])
        _ = try await server.post(#"mutation { createNote(input: {id: "b1", title: "bob's"}) { id } }"#, headers: ["Authorization": bobToken])
        let aliceEvent = try await alice.next("data")
        #expect(value(aliceEvent, "payload", "data", "onCreateNote", "id") as? String == "a1", "\(aliceEvent)")
        // Bob's first event is his own note: alice's, committed before it, never reached him.
        let bobEvent = try await bob.next("data")
        #expect(value(bobEvent, "payload", "data", "onCreateNote", "id") as? String == "b1", "\(bobEvent)")
    }
}
