import APISchema
import Foundation
import Testing

/// The relationships example and `modelgraph codegen swift`, as users run them.
@Suite("Client example and codegen command")
struct ClientExampleTests {
    @Test("examples/relationships runs every step of the guide against a live server and exits 0")
    func relationshipsExample() async throws {
        let server = try await LiveServer.start(schema: "team-members", surface: .appSync)
        defer { server.stop() }
        let executable = CommandLineTests.root.appendingPathComponent(".build/debug/relationships-example")
        let finished = try await TestProcess.run(
            executable, [], in: FileManager.default.temporaryDirectory,
            environment: ["MODELGRAPH_URL": server.url.absoluteString, "MODELGRAPH_API_KEY": server.key], timeout: .seconds(120))
        #expect(finished.status == 0, "\(finished.errorText)\n\(finished.outputText)")
        let output = finished.outputText
        #expect(output.contains("has [\"Ann\"] (loaded with the team)"), "\(output)")
        #expect(output.contains("team says \"Move fast\" (loaded when read)"), "\(output)")
        #expect(output.contains("Ann now has no team"), "\(output)")
        #expect(output.contains("has [\"Bo\", \"Cy\", \"Di\"] (fetched)"), "\(output)")
        #expect(output.contains("update where name == Nobody: DynamoDB:ConditionalCheckFailedException"), "\(output)")
        #expect(output.contains("get returns nil"), "\(output)")
        #expect(output.hasSuffix("done\n"), "\(output)")
    }

    @Test("modelgraph codegen swift writes the generator's files for a schema file, and reports an unreadable one")
    func codegenCommand() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = CommandLineTests.root.appendingPathComponent("examples/blog-implicit.graphql").path
        let (status, output, errors) = try await CommandLineTests.run(["codegen", "swift", "--schema", schema, "--output", "Models"], in: folder)
        #expect(status == 0, "\(errors)")
        #expect(output == "Wrote 5 file(s) to Models\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Models").path).sorted()
        #expect(written == ["Comment.swift", "Post.swift", "PostEditor.swift", "PostStatus.swift", "User.swift"])
        let golden = CommandLineTests.root.appendingPathComponent("Tests/SwiftCodegenTests/Goldens/blog-implicit/Post.swift")
        #expect(try String(contentsOf: folder.appendingPathComponent("Models/Post.swift"), encoding: .utf8) == String(contentsOf: golden, encoding: .utf8))
        let (missing, _, missingErrors) = try await CommandLineTests.run(["codegen", "swift", "--schema", "nope.graphql", "--output", "Models"], in: folder)
        #expect(missing == 1)
        #expect(missingErrors.contains("Cannot read schema file 'nope.graphql'"), "\(missingErrors)")
    }
}
