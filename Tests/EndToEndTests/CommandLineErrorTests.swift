import Foundation
import Testing

/// User errors on the command line: exit status 1 and a message naming what to fix, never ArgumentParser's
/// usage status (64) or a usage text.
@Suite("Command line: user errors")
struct CommandLineErrorTests {
    /// Every command that takes `--schema`, with arguments that get it as far as reading the schema.
    static let schemaCommands: [[String]] = [
        ["validate"], ["print-schema"], ["migrate", "generate"], ["plan", "--query", "{ __typename }"],
        ["serve", "--database-url", "postgresql:///nowhere"],
    ]

    @Test("a missing schema file: exit 1 and a message naming the path, for every command taking --schema", arguments: schemaCommands)
    func missingSchema(command: [String]) async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/schema.graphql"
        let (status, _, errors) = try await CommandLineTests.run(command + ["--schema", missing])
        #expect(status == 1, "\(errors)")
        #expect(errors == "Cannot read schema file '\(missing)': no such file.\n", "\(errors)")
    }

    @Test("a folder given as the schema: exit 1 and a message saying so")
    func schemaIsAFolder() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, errors) = try await CommandLineTests.run(["validate", "--schema", folder.path])
        #expect(status == 1)
        #expect(errors == "Cannot read schema file '\(folder.path)': it is a folder.\n", "\(errors)")
    }

    @Test("a @primaryKey sort key that does not exist: the error points at the name in sortKeyFields")
    func primaryKeyErrorLocation() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = "type A @model @auth(rules: [{allow: public}]) {\n  a: ID! @primaryKey(sortKeyFields: [\"b\", \"nope\"])\n  b: String!\n}\n"
        try schema.write(to: folder.appendingPathComponent("pk.graphql"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["validate", "--schema", "pk.graphql"], in: folder)
        #expect(status == 1)
        let expected = """
            pk.graphql:2:43: error: The sort key field 'nope' does not exist on 'A'.
              a: ID! @primaryKey(sortKeyFields: ["b", "nope"])
                                                      ^
            """
        #expect(errors.contains(expected), "\(errors)")
    }

    @Test("the root help lists --config FILE, and the option still works before a command")
    func rootHelpListsConfig() async throws {
        let (status, help, _) = try await CommandLineTests.run(["--help"])
        #expect(status == 0)
        #expect(help.contains("--config <file>"), "\(help)")
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type A @model @auth(rules: [{allow: public}]) { id: ID! }\n".write(to: folder.appendingPathComponent("s.graphql"), atomically: true, encoding: .utf8)
        try "MODELGRAPH_SCHEMA=s.graphql\n".write(to: folder.appendingPathComponent("mg.env"), atomically: true, encoding: .utf8)
        let (validated, output, errors) = try await CommandLineTests.run(["--config", "mg.env", "validate"], in: folder)
        #expect(validated == 0, "\(errors)")
        #expect(output.hasPrefix("s.graphql: OK"), "\(output)")
    }
}
