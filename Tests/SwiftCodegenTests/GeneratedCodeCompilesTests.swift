import Foundation
import ModelIR
import SchemaParser
import SwiftCodegen
import Testing

/// The golden files of every example type-check in Swift 6 mode, warnings as errors, as a module of their own
/// against the built `ModelGraphClient` (the module an app's generated code sees: its public API only).
@Suite("Generated Swift compiles")
struct GeneratedCodeCompilesTests {
    /// The folder of the built modules (`.build/debug/Modules`), when the package was built in place.
    static let modules: URL? = {
        let root = SwiftCodegenGoldenTests.root
        for candidate in [".build/debug/Modules", ".build/debug"] {
            let url = root.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("ModelGraphClient.swiftmodule").path) { return url }
        }
        return nil
    }()

    @Test("swiftc -typecheck -swift-version 6 -warnings-as-errors", arguments: SwiftCodegenGoldenTests.goldenSchemas)
    func typeChecks(name: String) throws {
        try Self.typeCheck(folder: SwiftCodegenGoldenTests.root.appendingPathComponent("Tests/SwiftCodegenTests/Goldens/\(name)"))
    }

    /// The annotated schemas the other tests use (fixture schemas, the fixture project, the SDL of the Gen 2
    /// conversions: enums, non-model types, keys of every kind, renamed and disabled operations).
    static let fixtureSchemas: [String] = {
        let root = SwiftCodegenGoldenTests.root
        let folders = ["Tests/Fixtures/schemas", "Tests/Fixtures/project", "Tests/Gen2SchemaTests/Goldens"]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".graphql") }.map { "\(folder)/\($0)" }
        }.sorted()
    }()

    @Test("the code generated for every fixture schema type-checks too", arguments: fixtureSchemas)
    func fixturesTypeCheck(path: String) throws {
        let source = try String(contentsOf: SwiftCodegenGoldenTests.root.appendingPathComponent(path), encoding: .utf8)
        // A schema's SQL references are read beside it; the tests' own stand in for the files.
        let schema = try SchemaParser.parseOrThrow(source: source, readReference: { "SELECT 1 AS stand_in -- \($0)" })
        let files = SwiftCodegen.generate(schema, source: path)
        // A schema of custom operations only has no model, enum or type to generate.
        guard !files.isEmpty else {
            #expect(schema.models.isEmpty && schema.enums.isEmpty && schema.objectTypes.isEmpty)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        try Self.typeCheck(folder: folder)
    }

    @Test("names that collide with the client's types or with Swift keywords still type-check")
    func collisions() throws {
        let source = """
            enum Status { IN_PROGRESS DONE default }
            type List @model { id: ID! name: String default: String items: [Item] @hasMany(references: ["listId"]) }
            type Item @model(queries: { get: null, list: "allItems" }) { id: ID! for: Status listId: ID list: List @belongsTo(references: ["listId"]) }
            type Model @model { id: ID! case: Int }
            input OperationArgument { for: Status default: Int = 1 in: [String!]! }
            type Query {
              get(in: OperationArgument, includes: Int): [Item] @sql(statement: "SELECT id FROM \\"Item\\" WHERE :includes IS NOT NULL")
              list(for: String!): Status @sql(statement: "SELECT :for AS value")
              model(case: Int!): List @sql(statement: "SELECT id FROM \\"List\\" WHERE :case > 0")
            }
            type Mutation { delete(id: ID!): Model @sql(statement: "DELETE FROM \\"Model\\" WHERE id = :id RETURNING id") }
            """
        let files = SwiftCodegen.generate(try SchemaParser.parseOrThrow(source: source), source: "collisions.graphql")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        try Self.typeCheck(folder: folder)
        let item = try #require(files.first { $0.name == "Item.swift" }).text
        #expect(item.contains(#"getField: nil, listField: "allItems""#))
        #expect(item.contains("case inProgress = \"IN_PROGRESS\"") == false)
        let status = try #require(files.first { $0.name == "Status.swift" }).text
        #expect(status.contains(#"case inProgress = "IN_PROGRESS""#))
        #expect(status.contains(#"case `default` = "default""#))
        // An input type named like a client type: the builders spell the client's with its module.
        let queries = try #require(files.first { $0.name == "GraphQLRequest+CustomQueries.swift" }).text
        #expect(queries.contains(#"ModelGraphClient.OperationArgument("in", "OperationArgument", `in`?.graphQLValue)"#))
        #expect(queries.contains("public static func model(`case`: Int, includes: (ModelPath<List>) -> [any IncludePath] = { _ in [] })"))
    }

    @Test("types that hold themselves (directly or through another) type-check: such fields are held indirectly")
    func recursiveTypes() throws {
        let source = """
            type Node { name: String next: Node children: [Node!] }
            type Left { right: Right } type Right { left: Left }
            input Where { name: String not: Where and: [Where!] }
            type Query { tree(where: Where): Node @function(name: "tree") pair: Left @function(name: "pair") }
            """
        let files = SwiftCodegen.generate(try SchemaParser.parseOrThrow(source: source), source: "recursive.graphql")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        try Self.typeCheck(folder: folder)
        let node = try #require(files.first { $0.name == "Node.swift" }).text
        #expect(node.contains("    private var _next: [Node]\n") && node.contains("    public var children: [Node]?\n"))
        #expect(try #require(files.first { $0.name == "Left.swift" }).text.contains("private var _right: [Right]"))
        #expect(try #require(files.first { $0.name == "Where.swift" }).text.contains("private var _not: [Where]"))
    }

    @Test("the custom-operations fixture's builders type-check where an app calls them")
    func buildersInUse() throws {
        // The import is written apart so the dependency check does not read it as this target's.
        let usage =
            "import ModelGraphClient\n\n"
                + """
                /// Calls each kind of builder as an app would.
                func useBuilders(_ client: APIClient) async throws(ModelGraphError) {
                    let stats: Stats? = try await client.query(.postStats(minRating: 3))
                    let defaulted = try await client.query(.postStats())
                    let posts: [Post?]? = try await client.query(.topPosts(limit: 5))
                    let withComments = try await client.query(.topPosts(limit: 5, includes: { post in [post.comments] }))
                    let titles: [String?]? = try await client.query(.titles())
                    let json: String? = try await client.query(.echo(message: "hi", mood: .happy))
                    let receipt: Receipt? = try await client.mutate(.checkout(cart: [CartLine(sku: "a", quantity: 2), CartLine(sku: "b")], coupon: nil))
                    let rated: Post? = try await client.mutate(.ratePost(input: RatingInput(postId: "p1", rating: 4)))
                    let sent = try await client.mutate(.notify(message: nil))?.success
                    _ = (stats, defaulted, posts, withComments, titles, json, receipt, rated, sent)
                }

                """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in try SwiftCodegenGoldenTests.generated("custom-operations") {
            try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        try usage.write(to: folder.appendingPathComponent("Usage.swift"), atomically: true, encoding: .utf8)
        try Self.typeCheck(folder: folder)
    }

    /// Type-checks the Swift files in `folder` as one module against the built client.
    static func typeCheck(folder: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let modules = try #require(Self.modules, "ModelGraphClient.swiftmodule not found under .build/debug; build the package first")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Generated", "-I", modules.path]
            + files.map { folder.appendingPathComponent($0).path }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)", sourceLocation: sourceLocation)
    }
}
