import Foundation
import ModelIR
import SchemaParser
import SwiftCodegen
import TestSupport
import Testing

@Suite("Swift codegen goldens")
struct SwiftCodegenGoldenTests {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names of `examples/*.graphql`, without the extension.
    static let examples: [String] = {
        let folder = root.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.map { String($0.dropLast(".graphql".count)) }.sorted()
    }()

    /// The schemas whose generated files are kept as goldens: every example, and the fixtures of custom
    /// operations (input types, the builders of custom queries and mutations).
    static let goldenSchemas: [String] = examples + ["custom-operations", "custom-subscriptions"]

    /// The generated files of `examples/<name>.graphql` (or of the fixture schema `<name>`).
    static func generated(_ name: String) throws -> [SwiftCodegen.File] {
        let example = root.appendingPathComponent("examples/\(name).graphql")
        let file = FileManager.default.fileExists(atPath: example.path) ? example : root.appendingPathComponent("Tests/Fixtures/schemas/\(name).graphql")
        let source = try String(contentsOf: file, encoding: .utf8)
        return SwiftCodegen.generate(try SchemaParser.parseOrThrow(source: source), source: "\(name).graphql")
    }

    @Test("every example's (and custom-operation fixture's) generated files match Goldens/<name>/, and no golden is left over", arguments: goldenSchemas)
    func golden(name: String) throws {
        let files = try Self.generated(name)
        let folder = Self.root.appendingPathComponent("Tests/SwiftCodegenTests/Goldens/\(name)")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for file in files {
            if let difference = Golden.check(file.text, named: "\(name)/\(file.name)") { Issue.record(Comment(rawValue: difference)) }
        }
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(goldens == files.map(\.name).sorted())
    }

    @Test(
        "the generated models the package builds (for the relationships example and the client's tests) are the generator's output",
        arguments: [
            ("team-members", "examples/relationships/TeamMembersModels"), ("composite-references", "examples/relationships/CompositeReferencesModels"),
            ("customer-cart", "examples/relationships/CustomerCartModels"), ("post-tags", "examples/relationships/PostTagsModels"),
            ("author-editor", "examples/relationships/AuthorEditorModels"), ("blog-implicit", "examples/relationships/BlogImplicitModels"),
            ("catalog", "Tests/GeneratedModels/Catalog"), ("custom-operations", "Tests/GeneratedModels/CustomOperations"),
        ])
    func compiledCopy(example: String, path: String) throws {
        let folder = Self.root.appendingPathComponent(path)
        let files = try Self.generated(example)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            for file in files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        }
        for file in files {
            let copy = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(copy == file.text, "\(file.name) differs from the generator's output; RECORD_GOLDENS=1 rewrites it")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files.map(\.name).sorted())
    }
}
