import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What can be checked of the Docker image and the stated requirements without a Docker engine: the Swift
/// version they name against what the package and its resolved dependencies need.
@Suite("Packaging: Swift version, Dockerfile, .dockerignore")
struct PackagingTests {
    static let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The dependencies' folders under `.build/checkouts`: those `Package.resolved` pins when it exists.
    static func dependencyFolders() throws -> [URL] {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        var names = try FileManager.default.contentsOfDirectory(atPath: checkouts.path)
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent("Package.resolved").path),
            let resolved = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pins = resolved["pins"] as? [[String: Any]]
        {
            let pinned = Set(pins.compactMap { ($0["identity"] as? String)?.lowercased() })
            names = names.filter { pinned.contains($0.lowercased()) }
        }
        return names.map { checkouts.appendingPathComponent($0) }
    }

    /// The oldest Swift that builds the package: the highest requirement of the package and its dependencies.
    static func requiredSwift() throws -> SwiftVersion {
        let folders = try dependencyFolders()
        #expect(!folders.isEmpty, "no dependencies under .build/checkouts: build the package first")
        let own = try #require(try ManifestRequirement.minimumSwift(forPackageIn: root))
        return try folders.compactMap { try ManifestRequirement.minimumSwift(forPackageIn: $0) }.reduce(own) { max($0, $1) }
    }

    /// The Dockerfile's stages, each the lines from its FROM on.
    static func dockerStages() throws -> [[Substring]] {
        let lines = try String(contentsOf: root.appendingPathComponent("Dockerfile"), encoding: .utf8).split(separator: "\n")
        var stages: [[Substring]] = []
        for line in lines.map({ $0.trimmingCharacters(in: .whitespaces)[...] }) where !line.hasPrefix("#") {
            if line.uppercased().hasPrefix("FROM ") { stages.append([]) }
            if !stages.isEmpty { stages[stages.count - 1].append(line) }
        }
        return stages
    }

    @Test("every swift image the Dockerfile builds from is at least the Swift the package and its dependencies need")
    func dockerSwiftVersion() throws {
        let required = try Self.requiredSwift()
        let images = try Self.dockerStages().compactMap { $0.first?.firstMatch(of: /(?i)FROM\s+swift:([0-9.]+)/)?.output.1 }
        #expect(!images.isEmpty, "the Dockerfile builds from no swift:<version> image")
        for tag in images {
            let version = try #require(SwiftVersion(tag))
            #expect(version >= required, "swift:\(tag) is older than Swift \(required), which the package's dependencies need")
        }
    }

    @Test("the README names as the minimum Swift exactly the version the package and its dependencies need")
    func readmeSwiftVersion() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let stated = try #require(readme.firstMatch(of: /Swift ([0-9.]+) or newer/)?.output.1, "the README states no minimum Swift version")
        #expect(SwiftVersion(stated) == (try Self.requiredSwift()), "README says Swift \(stated) or newer")
    }

    @Test(
        "a manifest variant for older compilers lowers a package's requirement",
        arguments: [
            (["Package.swift": "6.2"], "6.2"),
            (["Package.swift": "6.2", "Package@swift-6.0.swift": "6.0"], "6.0"),
            (["Package.swift": "6.2", "Package@swift-5.7.swift": "5.7", "Package@swift-5.8.swift": "5.8"], "5.7"),
            (["Package.swift": "5.9", "Package@swift-6.0.swift": "6.1"], "5.9"),
        ])
    func manifestVariants(manifests: [String: String], expected: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-manifests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, version) in manifests {
            try "// swift-tools-version:\(version)\nimport PackageDescription\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        #expect(try ManifestRequirement.minimumSwift(forPackageIn: folder) == SwiftVersion(expected))
    }

    @Test(".dockerignore keeps .build out of the build context")
    func dockerIgnoreExcludesBuild() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(".dockerignore"), encoding: .utf8)
        var excluded = false
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("#") {
            // A later "!pattern" takes a path back in.
            let including = line.hasPrefix("!")
            var pattern = including ? String(line.dropFirst()) : line
            while pattern.hasPrefix("/") { pattern.removeFirst() }
            while pattern.hasSuffix("/") { pattern.removeLast() }
            if fnmatch(pattern, ".build", 0) == 0 { excluded = !including }
        }
        #expect(excluded)
    }

    @Test("the runtime image listens on every interface: MODELGRAPH_HOST=0.0.0.0 in its last stage")
    func runtimeImageHost() throws {
        let runtime = try #require(try Self.dockerStages().last)
        // ENV NAME=value [NAME=value …] (continued lines joined), or the old ENV NAME value.
        let environment = runtime.joined(separator: "\n").replacingOccurrences(of: "\\\n", with: " ")
        let settings = environment.split(separator: "\n").filter { $0.uppercased().hasPrefix("ENV ") }.flatMap { line in
            let words = line.dropFirst(4).split(separator: " ").map(String.init)
            return words.contains(where: { $0.contains("=") }) ? words : [words.joined(separator: "=")]
        }
        #expect(settings.contains("MODELGRAPH_HOST=0.0.0.0"), "\(settings)")
    }
}
