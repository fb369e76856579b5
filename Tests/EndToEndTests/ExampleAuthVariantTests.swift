import Foundation
import TestSupport
import Testing

/// Every seed example of `examples/` with its public rules made owner, private and group rules, served by
/// `modelgraph serve` and driven over HTTP by signed-in users who must never see what their rules do not grant.
@Suite("Seed examples with owner, private and group rules, end to end")
struct ExampleAuthVariantTests {
    @Test("each example's variant: owners see only their own records, private is any signed-in user, groups only members", arguments: AuthExample.all, AuthVariant.allCases)
    func variant(_ example: AuthExample, _ variant: AuthVariant) async throws {
        let served = try await ExampleAuthServer.start(example, variant)
        defer { served.stop() }
        switch variant {
        case .owner: try await owner(served)
        case .private: try await signedIn(served)
        case .groups: try await groups(served)
        }
    }

    /// Alice's records, their children and her pages never reach Bob; she sees them all.
    func owner(_ served: ExampleAuthServer) async throws {
        let example = served.example, model = example.model
        let alice = try served.user("alice"), bob = try served.user("bob")
        let made = try await served.create("a1", alice)
        #expect(value(made.json, "data", "create\(model)", example.key) as? String == "a1" && value(made.json, "errors") == nil, "\(made.text)")
        let bobs = try await served.create("b1", bob)
        #expect(value(bobs.json, "errors") == nil, "\(bobs.text)")

        let bobList = try await served.list(bob)
        #expect(served.keys(bobList) == ["b1"], "\(bobList.text)")
        let bobGet = try await served.get("a1", bob)
        #expect(served.isUnauthorized(bobGet, "get\(model)", on: "Query"), "\(bobGet.text)")
        let aliceList = try await served.list(alice)
        #expect(served.keys(aliceList) == ["a1"], "\(aliceList.text)")
        let aliceGet = try await served.get("a1", alice)
        #expect(value(aliceGet.json, "data", "get\(model)", example.key) as? String == "a1" && value(aliceGet.json, "errors") == nil, "\(aliceGet.text)")

        if !example.child.isEmpty {
            try await served.createChild("c1", of: "a1", alice)
            let aliceNested = try await served.get("a1", alice, selection: example.nested)
            #expect(aliceNested.text.contains(#""c1""#) && value(aliceNested.json, "errors") == nil, "\(aliceNested.text)")
            let bobNested = try await served.get("a1", bob, selection: example.nested)
            #expect(served.isUnauthorized(bobNested, "get\(model)", on: "Query") && !bobNested.text.contains(#""c1""#), "\(bobNested.text)")
            // Alice's child of Bob's record, read from Bob's side: the child's own rules hide it.
            try await served.createChild("c2", of: "b1", alice)
            let bobNestedList = try await served.list(bob, selection: example.nested)
            #expect(served.keys(bobNestedList) == ["b1"] && !bobNestedList.text.contains(#""c1""#) && !bobNestedList.text.contains(#""c2""#), "\(bobNestedList.text)")
            let aliceOwn = try await served.get("b1", alice, selection: example.nested)
            #expect(served.isUnauthorized(aliceOwn, "get\(model)", on: "Query"), "\(aliceOwn.text)")
        }

        // A page token of Alice's, replayed by Bob, pages through Bob's records only.
        _ = try await served.create("a2", alice)
        let first = try await served.list(alice, arguments: "(limit: 1)")
        let token = try #require(value(first.json, "data", example.list, "nextToken") as? String, "\(first.text)")
        let second = try await served.list(alice, arguments: "(limit: 1, nextToken: \"\(token)\")")
        #expect(Set((served.keys(first) ?? []) + (served.keys(second) ?? [])) == ["a1", "a2"], "\(first.text)\n\(second.text)")
        let replayed = try await served.list(bob, arguments: "(limit: 1, nextToken: \"\(token)\")")
        let replayedKeys = served.keys(replayed) ?? []
        #expect(!replayedKeys.contains("a1") && !replayedKeys.contains("a2"), "\(replayed.text)")
    }

    /// Any signed-in user reads Alice's records; an API key, which no rule names, reads and writes nothing.
    func signedIn(_ served: ExampleAuthServer) async throws {
        let example = served.example, model = example.model
        let alice = try served.user("alice"), bob = try served.user("bob")
        let made = try await served.create("a1", alice)
        #expect(value(made.json, "data", "create\(model)", example.key) as? String == "a1" && value(made.json, "errors") == nil, "\(made.text)")
        if !example.child.isEmpty { try await served.createChild("c1", of: "a1", alice) }

        let bobGet = try await served.get("a1", bob, selection: example.nested)
        #expect(value(bobGet.json, "data", "get\(model)", example.key) as? String == "a1" && value(bobGet.json, "errors") == nil, "\(bobGet.text)")
        #expect(example.child.isEmpty || bobGet.text.contains(#""c1""#), "\(bobGet.text)")
        let bobList = try await served.list(bob)
        #expect(served.keys(bobList) == ["a1"], "\(bobList.text)")

        let key = try served.apiKey()
        let keyedList = try await served.list(key)
        #expect(served.isUnauthorized(keyedList, example.list, on: "Query"), "\(keyedList.text)")
        let keyedGet = try await served.get("a1", key)
        #expect(served.isUnauthorized(keyedGet, "get\(model)", on: "Query"), "\(keyedGet.text)")
        let keyedCreate = try await served.create("k1", key)
        #expect(served.isUnauthorized(keyedCreate, "create\(model)", on: "Mutation"), "\(keyedCreate.text)")
    }

    /// A member of Staff creates and reads; a user outside it may do neither, and writes nothing.
    func groups(_ served: ExampleAuthServer) async throws {
        let example = served.example, model = example.model
        let staff = try served.user("carol", groups: ["Staff"]), outsider = try served.user("dave", groups: ["Guests"])
        let made = try await served.create("s1", staff)
        #expect(value(made.json, "data", "create\(model)", example.key) as? String == "s1" && value(made.json, "errors") == nil, "\(made.text)")
        if !example.child.isEmpty { try await served.createChild("c1", of: "s1", staff) }
        let staffGet = try await served.get("s1", staff, selection: example.nested)
        #expect(value(staffGet.json, "data", "get\(model)", example.key) as? String == "s1" && value(staffGet.json, "errors") == nil, "\(staffGet.text)")
        #expect(example.child.isEmpty || staffGet.text.contains(#""c1""#), "\(staffGet.text)")

        let refused = try await served.create("o1", outsider)
        #expect(served.isUnauthorized(refused, "create\(model)", on: "Mutation"), "\(refused.text)")
        let outsiderList = try await served.list(outsider)
        #expect(served.isUnauthorized(outsiderList, example.list, on: "Query"), "\(outsiderList.text)")
        let outsiderGet = try await served.get("s1", outsider)
        #expect(served.isUnauthorized(outsiderGet, "get\(model)", on: "Query"), "\(outsiderGet.text)")
        let staffList = try await served.list(staff)
        #expect(served.keys(staffList) == ["s1"], "\(staffList.text)")
    }
}
