import Foundation
import TestSupport
import Testing

/// `serve --no-introspection` and MODELGRAPH_NO_INTROSPECTION=1 (a flag whose default is read from the
/// environment would be true by default, which the argument parser refuses: the environment is read apart).
@Suite("Command line: introspection off")
struct IntrospectionOptionTests {
    @Test(
        "--no-introspection and MODELGRAPH_NO_INTROSPECTION=1 refuse introspection; without them it is answered",
        arguments: [
            ([String](), [String: String](), true), (["--no-introspection"], [:], false), ([], ["MODELGRAPH_NO_INTROSPECTION": "1"], false),
        ])
    func introspection(arguments: [String], environment: [String: String], answered: Bool) async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", try await TestDatabase.makeDatabase()] + arguments, environment: environment)
        defer {
            serve.process.terminate()
            serve.process.waitUntilExit()
        }
        let (status, text) = try await serve.graphQL("{ __schema { queryType { name } } }", key: try serve.apiKey())
        #expect(status == 200)
        #expect(text.contains("IntrospectionDisabled") == !answered, "\(text)")
    }
}
