import Foundation
import TestSupport
import Testing

/// `--conflict-detection` (and `MODELGRAPH_CONFLICT_DETECTION`, also in `--config` files) as users run it: the
/// printed API gains the sync surface, the migration the metadata columns, and bad values are refused.
@Suite("--conflict-detection", .serialized)
struct ConflictDetectionOptionTests {
    static func project() throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        try Fixtures.schemaSource("blog-implicit").write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("the flag, the environment and a config file turn it on for print-schema and migrate generate; without it nothing changes")
    func turnedOn() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, plain, _) = try await CommandLineTests.run(["print-schema", "--appsync"], in: folder)
        #expect(!plain.contains("syncPosts") && !plain.contains("_version"))
        let (status, flagged, errors) = try await CommandLineTests.run(["print-schema", "--appsync", "--conflict-detection", "optimistic"], in: folder)
        #expect(status == 0 && flagged.contains("syncPosts(filter: ModelPostFilterInput, limit: Int, nextToken: String, lastSync: AWSTimestamp)"), "\(errors)")
        let (_, environment, _) = try await CommandLineTests.run(["print-schema", "--appsync"], in: folder, environment: ["MODELGRAPH_CONFLICT_DETECTION": "automerge"])
        #expect(environment == flagged)
        try "MODELGRAPH_CONFLICT_DETECTION=automerge\nMODELGRAPH_TOMBSTONE_RETENTION_DAYS=7\n".write(
            to: folder.appendingPathComponent("modelgraph.conf"), atomically: true, encoding: .utf8)
        let (configured, migrated, _) = try await CommandLineTests.run(["migrate", "generate", "--name", "init", "--config", "modelgraph.conf"], in: folder)
        #expect(configured == 0, "\(migrated)")
        let migration = try String(contentsOf: folder.appendingPathComponent("migrations/0001_init.sql"), encoding: .utf8)
        #expect(migration.contains(#""_lastChangedAt" bigint NOT NULL DEFAULT"#) && migration.contains(#""_version" integer NOT NULL DEFAULT"#), "\(migration)")
    }

    @Test(
        "refusals name the problem and exit 1",
        arguments: [
            (["--conflict-detection", "lambda"], [String: String](), "must be automerge or optimistic"),
            ([], ["MODELGRAPH_CONFLICT_DETECTION": "versioned"], "must be automerge or optimistic"),
            (["--conflict-detection", "automerge", "--tombstone-retention-days", "0"], [:], "must be 1 to 3650 days"),
            (["--conflict-detection", "automerge"], ["MODELGRAPH_TOMBSTONE_RETENTION_DAYS": "a week"], "whole number of days"),
        ])
    func refused(arguments: [String], environment: [String: String], message: String) async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, errors) = try await CommandLineTests.run(["validate"] + arguments, in: folder, environment: environment)
        #expect(status == 1 && errors.contains(message), "\(errors)")
    }

    @Test("an existing database's schema is refused")
    func existingDatabase() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        input AMPLIFY { engine: String = "postgres" }
        type Post @model { id: Int! @primaryKey  title: String }
        """.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["validate", "--conflict-detection", "automerge"], in: folder)
        #expect(status == 1 && errors.contains("maps an existing database"), "\(errors)")
    }
}
