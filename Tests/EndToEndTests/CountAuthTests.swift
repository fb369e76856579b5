import Execution
import Foundation
import Planner
import Testing

/// Counts and aggregates obey `@auth` as lists do: under owner rules each user counts only their own
/// records, a caller without a list rule is refused, and a field hidden from the caller is neither sorted nor
/// aggregated.
@Suite("@auth rules: counts, aggregates and sorts")
struct CountAuthTests {
    @Test("each owner counts and aggregates only their own records; a hasMany count counts what the caller may list")
    func ownersCountTheirOwn() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let alice = OwnerRuleTests.user("alice"), bob = OwnerRuleTests.user("bob")
        for id in ["a1", "a2", "a3"] { _ = await h.run("mutation { createNote(input: {id: \"\(id)\", title: \"t\(id)\"}) { id } }", as: alice) }
        _ = await h.run(#"mutation { createNote(input: {id: "b1", title: "tb1"}) { id } }"#, as: bob)
        _ = await h.run(#"mutation { createRemark(input: {id: "r1", body: "x", noteId: "a1"}) { id } }"#, as: alice)
        _ = await h.run(#"mutation { createRemark(input: {id: "r2", body: "y", noteId: "a1"}) { id } }"#, as: bob)

        let mine = await h.run(#"{ countNotes filtered: countNotes(filter: {title: {beginsWith: "ta"}}) aggregateNotes { count max { title } } }"#, as: alice)
        #expect(mine.errors.isEmpty, "\(mine.errors)")
        #expect(mine.data["countNotes"] as? Int == 3)
        #expect(mine.data["filtered"] as? Int == 3)
        #expect((mine.data["aggregateNotes"] as? [String: Any])?["count"] as? Int == 3)
        #expect(((mine.data["aggregateNotes"] as? [String: Any])?["max"] as? [String: Any])?["title"] as? String == "ta3")
        let theirs = await h.run("{ countNotes aggregateNotes { count } }", as: bob)
        #expect(theirs.data["countNotes"] as? Int == 1)
        #expect((theirs.data["aggregateNotes"] as? [String: Any])?["count"] as? Int == 1)

        // Signed-in users may read every remark (a private read rule): both count.
        let counted = await h.run(#"{ getNote(id: "a1") { commentsCount } }"#, as: alice)
        #expect((counted.data["getNote"] as? [String: Any])?["commentsCount"] as? Int == 2)
        #expect(await h.run("{ countRemarks }", as: bob).data["countRemarks"] as? Int == 2)

        // An API key has no rule on these models: refused, as its list is.
        let anonymous = await h.run("{ countNotes }", as: .apiKey)
        #expect(anonymous.data["countNotes"] is NSNull)
        #expect(anonymous.errors.map(\.errorType) == ["Unauthorized"])
    }

    @Test("a field its own @auth hides cannot sort a page or be aggregated; a visible one can")
    func hiddenFields() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let hr = OwnerRuleTests.user("hr", groups: ["HR"]), bob = OwnerRuleTests.user("bob")
        _ = await h.run(#"mutation { createProfile(input: {id: "p1", name: "A", salary: 10}) { id } }"#, as: hr)
        _ = await h.run(#"mutation { createProfile(input: {id: "p2", name: "B", salary: 20}) { id } }"#, as: hr)
        let sorted = await h.run("{ listProfiles(sort: [{field: salary, direction: DESC}]) { items { id } } }", as: bob)
        #expect(sorted.errors.map(\.errorType) == ["Unauthorized"])
        let aggregated = await h.run("{ aggregateProfiles { max { salary } } }", as: bob)
        #expect(aggregated.errors.map(\.errorType) == ["Unauthorized"])
        let byName = await h.run("{ listProfiles(sort: [{field: name, direction: DESC}]) { items { id } } }", as: bob)
        #expect(byName.errors.isEmpty)
        #expect(((byName.data["listProfiles"] as? [String: Any])?["items"] as? [[String: String]]) == [["id": "p2"], ["id": "p1"]])
        let forHR = await h.run("{ aggregateProfiles { max { salary } } }", as: hr)
        #expect(((forHR.data["aggregateProfiles"] as? [String: Any])?["max"] as? [String: Any])?["salary"] as? Int == 20)
    }
}
