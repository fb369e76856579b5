import Foundation
import TestSupport
import Testing

/// `modelgraph plan --claims`: the statements a signed-in user's request runs, owner conditions and their
/// parameters included, so an operator can read what a rule costs.
@Suite("Command line: plan for a signed-in user")
struct PlanCommandAuthTests {
    @Test("--claims plans as that user (owner condition, the user's owner forms as parameters); without it as an API key (denied)")
    func planForAUser() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.schemaSource("owners").write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let query = "{ listNotes { items { id } } }"
        let (status, output, _) = try await CommandLineTests.run(
            ["plan", "--schema", "schema.graphql", "--query", query, "--claims", #"{"sub":"s-1","cognito:username":"alice"}"#], in: folder)
        #expect(status == 0)
        #expect(output.contains(#"("t0"."owner")::text = ANY((ARRAY[$1::text, $2::text, $3::text])::text[])"#), "\(output)")
        #expect(output.contains(#"-- parameters: ["s-1::alice", "s-1", "alice", "100"]"#), "\(output)")
        let (_, keyed, _) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query], in: folder)
        #expect(keyed.contains("-- listNotes: error: Not Authorized to access listNotes on type Query"), "\(keyed)")
        // A subscriber under an owner rule is listed under the caller's owner values: other users' changes never
        // reach its filter.
        let (_, subscription, _) = try await CommandLineTests.run(
            ["plan", "--schema", "schema.graphql", "--query", "subscription { onCreateNote { id } }", "--claims", #"{"sub":"s-1","cognito:username":"alice"}"#],
            in: folder)
        #expect(subscription.contains(#"listed under owner = each of "s-1::alice", "s-1", "alice", nothing more to check"#), "\(subscription)")
        let (refused, _, errors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query, "--claims", "[1]"], in: folder)
        #expect(refused != 0 && errors.contains("--claims must be a JSON object."), "\(errors)")
    }
}
