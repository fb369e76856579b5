import APISchema
import Foundation
import Testing

/// The relationships example and `modelgraph codegen swift`, as users run them.
@Suite("Client example and codegen command")
struct ClientExampleTests {
    @Test(
        "examples/relationships runs every guide against a live server of its schema, every step's outcome checked, and exits 0",
        arguments: ["team-members", "customer-cart", "post-tags", "author-editor", "composite-references", "blog-implicit"])
    func relationshipsExample(guide: String) async throws {
        let server = try await LiveServer.start(schema: guide, surface: .appSync)
        defer { server.stop() }
        let executable = CommandLineTests.root.appendingPathComponent(".build/debug/relationships-example")
        let started = ContinuousClock.now
        let finished = try await TestProcess.run(
            executable, [guide], in: FileManager.default.temporaryDirectory,
            environment: ["MODELGRAPH_URL": server.url.absoluteString, "MODELGRAPH_API_KEY": server.key], timeout: .seconds(120))
        let took = ContinuousClock.now - started
        #expect(finished.status == 0, "\(finished.errorText)\n\(finished.outputText)")
        let output = finished.outputText
        // Every step checks its outcome and stops the run when it differs; these are the guide's promises.
        let promises = Self.promises[guide] ?? []
        for promise in promises { #expect(output.contains(promise), "\(promise)\n\(output)") }
        #expect(output.contains("\ndone: \(guide), "), "\(output)")
        // A few dozen requests to a local server: seconds, not a transport timeout's wait.
        #expect(took < .seconds(20), "\(guide) took \(took)\n\(output)")
    }

    /// Lines each guide prints when its promises hold (a sample of every guide's checks).
    static let promises: [String: [String]] = [
        "team-members": [
            "ok: red-", "'s members, included = Optional([\"Ann\"])", "ok: requests for the lazy team = 1", "ok: requests to read the loaded team again = 0",
            "ok: Ann's team after clearing it = nil", "ok: page sizes of blue-",
            "ok: the error of an update where name == Nobody = Optional(\"DynamoDB:ConditionalCheckFailedException\")",
        ],
        "customer-cart": [
            "ok: cart.customer, loaded when read = Optional(\"Ann\")", "ok: customer.activeCart's items, loaded when read = Optional([\"apple\", \"pear\"])",
            "ok: requests for the customer, its cart and the cart's customer = 1", "ok: Ann's cart after the move = nil", "ok: the cart's customerId after clearing it = nil",
        ],
        "post-tags": [
            "ok: the first post's tags = [\"data\", \"server\"]", "ok: requests for the post, its join records and tags = 1",
            "ok: requests for the tag, its join records and posts = 1", "ok: the first post's tags after removing one relation = Optional(1)",
        ],
        "author-editor": [
            "ok: author and editor, included = [Optional(\"Ann\"), Optional(\"Bo\")]", "ok: the editor after the change = Optional(\"Cy\")",
            "ok: the editorId after clearing it = nil", "ok: the kind of error clearing the required author = graphQL",
            "ok: the errorType of clearing the required author = Optional(\"ValidationError\")", "ok: the author, unchanged = Optional(\"Ann\")",
        ],
        "composite-references": [
            "ok: requests for the person and their posts = 1", "posts, fetched = Optional(0)", "after the delete = [\"1990-01-02\"]",
        ],
        "blog-implicit": [
            "ok: comment.post.comments, included = Optional([\"First\", \"Second\", \"Third\"])", "ok: requests for comment.post.comments = 1",
            "ok: requests for the post, its join records and users = 1", "ok: requests for the user, its join records and posts = 1",
        ],
    ]

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
