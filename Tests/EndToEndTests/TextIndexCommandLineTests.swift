import Foundation
import TestSupport
import Testing

/// `--text-index`, `MODELGRAPH_TEXT_INDEXES` and the config file's setting, as every command that loads a
/// schema reads them.
@Suite("Command line: text indexes")
struct TextIndexCommandLineTests {
    @Test("the flag, the environment and the config file declare the same indexes; a bad declaration is refused")
    func declarations() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type Team @model @auth(rules: [{allow: public}]) { mantra: String!  motto: String }".write(
            to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let (first, _, firstErrors) = try await CommandLineTests.run(
            ["migrate", "generate", "--text-index", "Team.mantra=search", "--text-index", "Team.motto=insensitive,Team.motto=trigram"], in: folder)
        #expect(first == 0, "\(firstErrors)")
        let sql = try String(contentsOf: folder.appendingPathComponent("migrations/0001_init.sql"), encoding: .utf8)
        #expect(sql.contains(#"CREATE INDEX "Team_mantra_search" ON "Team" USING gin ((to_tsvector('simple', "mantra")))"#))
        #expect(sql.contains(#"CREATE INDEX "Team_motto_insensitive" ON "Team" ((lower(("motto" COLLATE "und-x-icu"))) text_pattern_ops)"#))
        #expect(sql.contains(#"CREATE EXTENSION IF NOT EXISTS "pg_trgm""#))
        let declared = "Team.mantra=search,Team.motto=insensitive,Team.motto=trigram"
        let (same, sameOutput, _) = try await CommandLineTests.run(["migrate", "generate"], in: folder, environment: ["MODELGRAPH_TEXT_INDEXES": declared])
        #expect(same == 0)
        #expect(sameOutput.hasPrefix("No changes"))
        try "MODELGRAPH_TEXT_INDEXES=\(declared)\n".write(to: folder.appendingPathComponent("modelgraph.conf"), atomically: true, encoding: .utf8)
        let (configured, configuredOutput, _) = try await CommandLineTests.run(["migrate", "generate", "--config", "modelgraph.conf"], in: folder)
        #expect(configured == 0)
        #expect(configuredOutput.hasPrefix("No changes"))
        let (bad, _, badErrors) = try await CommandLineTests.run(["validate", "--text-index", "Team.size=search"], in: folder)
        #expect(bad == 1)
        #expect(badErrors.contains("--text-index 'Team.size=search': model Team has no stored field size."))
    }
}
