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

    @Test("swiftc -typecheck -swift-version 6 -warnings-as-errors", arguments: SwiftCodegenGoldenTests.examples)
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
