import Foundation
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
        let modules = try #require(Self.modules, "ModelGraphClient.swiftmodule not found under .build/debug; build the package first")
        let folder = SwiftCodegenGoldenTests.root.appendingPathComponent("Tests/SwiftCodegenTests/Goldens/\(name)")
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
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
