import Foundation
import Gen2Schema
import TestSupport

/// The Gen 2 schema files under `Tests/Fixtures/gen2`.
enum Gen2Fixtures {
    /// The folder.
    static var folder: URL { Fixtures.folder().appendingPathComponent("gen2") }

    /// Every fixture's name without `.ts`.
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".ts") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The text of `<name>.ts`.
    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name).ts"), encoding: .utf8)
    }

    /// Converts `source`, returning the error (which the test expects).
    static func error(_ source: String, file: String = "resource.ts", readModule: Gen2Conversion.ModuleReader? = nil) -> Gen2Error? {
        switch Result(catching: { () throws(Gen2Error) in try Gen2Conversion.convert(source: source, file: file, readModule: readModule) }) {
        case .success: return nil
        case .failure(let error): return error
        }
    }
}
