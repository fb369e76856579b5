import Execution
import Foundation
import Planner
import Testing

/// Field-level `@auth`: a field's own rules decide who reads and writes it, inside the statements.
@Suite("@auth rules on fields")
struct FieldRuleTests {
    typealias H = OwnerRuleTests

    @Test(
        "a field denied to the caller is null with Unauthorized on reads and null without error in mutation answers; an owner-only field is null with Unauthorized in others' records"
    )
    func reads() async throws {
        let h = try await H.harness()
        defer { h.server.stop() }
        let alice = H.user("alice"), bob = H.user("bob"), hr = H.user("hana", groups: ["HR"])
        let made = await h.run(#"mutation { createProfile(input: {id: "p", name: "Alice", email: "a@example.com"}) { id salary } }"#, as: alice)
        #expect(made.errors.isEmpty && (made.data["createProfile"] as? [String: Any])?["salary"] is NSNull)
        let paid = await h.run(#"mutation { updateProfile(input: {id: "p", salary: 100}) { salary } }"#, as: hr)
        #expect(paid.errors.isEmpty && (paid.data["updateProfile"] as? [String: Int])?["salary"] == 100)

        let byBob = await h.run(#"{ getProfile(id: "p") { name email salary } }"#, as: bob)
        let bobSees = try #require(byBob.data["getProfile"] as? [String: Any])
        #expect(bobSees["name"] as? String == "Alice" && bobSees["email"] is NSNull && bobSees["salary"] is NSNull)
        // salary is denied to Bob outright; email is Alice's alone: both null, each with its error.
        #expect(byBob.errors.map(\.message) == ["Not Authorized to access salary on type Profile", "Not Authorized to access email on type Profile"])
        #expect(byBob.errors.map(\.path) == [["getProfile", "salary"], ["getProfile", "email"]])

        let byAlice = await h.run(#"{ listProfiles { items { email salary } } }"#, as: alice)
        let aliceSees = try #require(((byAlice.data["listProfiles"] as? [String: Any])?["items"] as? [[String: Any]])?.first)
        #expect(aliceSees["email"] as? String == "a@example.com" && aliceSees["salary"] is NSNull)
        #expect(byAlice.errors.map(\.errorType) == ["Unauthorized"])

        let byHR = await h.run(#"{ getProfile(id: "p") { email salary } }"#, as: hr)
        #expect((byHR.data["getProfile"] as? [String: Any])?["email"] as? String == "a@example.com" && byHR.errors.isEmpty)
        #expect((byHR.data["getProfile"] as? [String: Any])?["salary"] as? Int == 100)

        let renamed = await h.run(#"mutation { updateProfile(input: {id: "p", name: "Al"}) { name salary } }"#, as: alice)
        #expect(renamed.errors.isEmpty && (renamed.data["updateProfile"] as? [String: Any])?["salary"] is NSNull)
    }

    @Test("writing a field the caller may not write refuses the whole mutation and writes nothing; an owner-only field is written by its owner only")
    func writes() async throws {
        let h = try await H.harness()
        defer { h.server.stop() }
        let alice = H.user("alice"), hr = H.user("hana", groups: ["HR"])
        let raise = await h.run(#"mutation { createProfile(input: {id: "p", name: "Alice", salary: 1000000}) { id } }"#, as: alice)
        #expect(raise.errors.map(\.message) == ["Unauthorized on [salary]"] && raise.errors.first?.errorType == "Unauthorized")
        let nothing = await h.run(#"{ getProfile(id: "p") { id } }"#, as: hr)
        #expect(nothing.data["getProfile"] is NSNull)

        _ = await h.run(#"mutation { createProfile(input: {id: "p", name: "Alice"}) { id } }"#, as: alice)
        let ownEmail = await h.run(#"mutation { updateProfile(input: {id: "p", email: "new@example.com"}) { email } }"#, as: alice)
        #expect(ownEmail.errors.isEmpty && (ownEmail.data["updateProfile"] as? [String: String])?["email"] == "new@example.com")
        // HR may update the profile but only read the email; the email's owner rule does not match HR: refused.
        let hrEmail = await h.run(#"mutation { updateProfile(input: {id: "p", email: "hr@example.com"}) { id } }"#, as: hr)
        #expect(hrEmail.errors.map(\.errorType) == ["Unauthorized"] && hrEmail.data["updateProfile"] is NSNull)
        let later = await h.run(#"mutation { updateProfile(input: {id: "p", salary: 5}) { id } }"#, as: alice)
        #expect(later.errors.map(\.message) == ["Unauthorized on [salary]"])
        let kept = await h.run(#"{ getProfile(id: "p") { email salary } }"#, as: hr)
        #expect((kept.data["getProfile"] as? [String: Any])?["email"] as? String == "new@example.com" && (kept.data["getProfile"] as? [String: Any])?["salary"] is NSNull)
    }
}
