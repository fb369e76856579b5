import Foundation

/// A Swift or tools version such as `6.2` or `5.10.1`, compared component by component (missing ones are 0).
struct SwiftVersion: Comparable, CustomStringConvertible {
    let components: [Int]

    /// Reads `6.2`, `6.2.1`; nil for anything else.
    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        components = parts.map { $0! } + Array(repeating: 0, count: 3 - parts.count)
    }

    static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    var description: String {
        components.last == 0 ? components.dropLast().map(String.init).joined(separator: ".") : components.map(String.init).joined(separator: ".")
    }
}

/// The oldest Swift that can load a package's manifest: its `Package.swift` and the `Package@swift-X.swift`
/// variants beside it. A compiler uses the variant with the highest X not above its own version (else
/// `Package.swift`), and needs that file's swift-tools-version.
enum ManifestRequirement {
    /// The swift-tools-version in a manifest's first line.
    static func toolsVersion(of manifest: URL) throws -> SwiftVersion? {
        let firstLine = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").first ?? ""
        guard let match = firstLine.firstMatch(of: /swift-tools-version:\s*([0-9.]+)/) else { return nil }
        return SwiftVersion(match.output.1)
    }

    /// The oldest Swift that can load the package in `folder`; nil when it has no readable manifest.
    static func minimumSwift(forPackageIn folder: URL) throws -> SwiftVersion? {
        guard let main = try toolsVersion(of: folder.appendingPathComponent("Package.swift")) else { return nil }
        var variants: [(threshold: SwiftVersion, tools: SwiftVersion)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            guard let match = name.wholeMatch(of: /Package@swift-([0-9.]+)\.swift/), let threshold = SwiftVersion(match.output.1),
                let tools = try toolsVersion(of: folder.appendingPathComponent(name))
            else { continue }
            variants.append((threshold, tools))
        }
        // The answer is one of the versions named; try them from the oldest.
        let candidates = ([main] + variants.flatMap { [$0.threshold, $0.tools] }).sorted()
        for compiler in candidates {
            let chosen = variants.filter { $0.threshold <= compiler }.max { $0.threshold < $1.threshold }?.tools ?? main
            if chosen <= compiler { return compiler }
        }
        return main
    }
}
