package import Foundation

/// Golden-file comparison: `Tests/<Target>/Goldens/<name>` next to the calling test file. Set
/// `RECORD_GOLDENS=1` to (re)write goldens; otherwise a mismatch returns a readable diff.
package enum Golden {
    /// Nil when `actual` equals the golden, else a message with the first differing lines.
    package static func check(_ actual: String, named name: String, testFile: StaticString = #filePath) -> String? {
        let folder = URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent().appendingPathComponent("Goldens")
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "Golden file \(url.path) is missing; run the tests with RECORD_GOLDENS=1 to create it, then review it."
        }
        guard expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let left = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            let right = index < actualLines.count ? String(actualLines[index]) : "<none>"
            if left != right {
                diff.append("line \(index + 1):\n  golden: \(left)\n  actual: \(right)")
                if diff.count >= 5 { break }
            }
        }
        return "Output differs from golden \(url.lastPathComponent) (RECORD_GOLDENS=1 to accept):\n" + diff.joined(separator: "\n")
    }
}

/// Test fixtures under `Tests/Fixtures`.
package enum Fixtures {
    /// The folder `Tests/Fixtures`.
    package static func folder(testFile: StaticString = #filePath) -> URL {
        var url = URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent()
        while url.lastPathComponent != "Tests" && url.path != "/" { url = url.deletingLastPathComponent() }
        return url.appendingPathComponent("Fixtures")
    }

    /// The fixture project `Tests/Fixtures/project`: `schema.graphql` (the fixture `schema`, a copy of the
    /// repository's example, which users are invited to edit) and its `migrations/`.
    package static func project(testFile: StaticString = #filePath) -> URL {
        folder(testFile: testFile).appendingPathComponent("project")
    }

    /// Where schemas are looked up: the test-only ones, the user-facing `examples/`, and the fixture project.
    static func schemaFolders(testFile: StaticString) -> [URL] {
        let tests = folder(testFile: testFile)
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        return [tests.appendingPathComponent("schemas"), root.appendingPathComponent("examples"), project(testFile: testFile)]
    }

    /// The text of the fixture schema `<name>.graphql`.
    package static func schemaSource(_ name: String, testFile: StaticString = #filePath) throws -> String {
        for folder in schemaFolders(testFile: testFile) {
            let url = folder.appendingPathComponent("\(name).graphql")
            if FileManager.default.fileExists(atPath: url.path) { return try String(contentsOf: url, encoding: .utf8) }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name).graphql"])
    }

    /// Names of every fixture schema.
    package static func schemaNames(testFile: StaticString = #filePath) -> [String] {
        let names = schemaFolders(testFile: testFile).flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".graphql") }
        }
        return Set(names.map { String($0.dropLast(8)) }).sorted()
    }
}
