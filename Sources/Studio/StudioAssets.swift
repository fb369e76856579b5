package import Foundation

/// Every file of the studio (`Sources/Studio/Assets`, a SwiftPM resource), read into memory once at start and
/// looked up by its path under `/studio/`. A lookup is a dictionary lookup of the names found when the folder
/// was read, never a path handed to the file system, so no request path (`..`, encoded or not) can reach a
/// file outside the folder.
package struct StudioAssets: Sendable {
    /// The assets by their path relative to the folder (`app.js`, `graphql/lexer.js`).
    package let files: [String: StudioAsset]

    /// The assets read from `folder`. Hidden files, files of a kind the studio does not serve and symbolic links
    /// are left out.
    package init(folder: URL) throws {
        var files: [String: StudioAsset] = [:]
        let base = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: Set(keys))
            guard values.isRegularFile == true, values.isSymbolicLink != true else { continue }
            let path = url.resolvingSymlinksInPath().standardizedFileURL.path
            guard path.hasPrefix(base + "/"), let type = StudioAsset.contentType(forName: url.lastPathComponent) else { continue }
            let relative = String(path.dropFirst(base.count + 1))
            files[relative] = StudioAsset(bytes: Array(try Data(contentsOf: url)), contentType: type)
        }
        self.files = files
    }

    /// The asset at `path` (relative, as in `/studio/<path>`), or nil.
    package func asset(at path: String) -> StudioAsset? { files[path] }

    /// The page itself.
    package var index: StudioAsset? { files["index.html"] }

    /// The bytes of every asset together.
    package var totalBytes: Int { files.values.reduce(0) { $0 + $1.bytes.count } }

    /// A digest of every asset's path and bytes: names this build of the studio (`/studio/config.json`'s `version`).
    package var version: String {
        var all: [UInt8] = []
        for path in files.keys.sorted() { all += Array(path.utf8) + [0] + Array(files[path]!.etag.utf8) }
        return StudioAsset.digest(all)
    }

    /// The assets built into this program: the resource bundle next to the executable (where `swift build` and
    /// an installation that copies the bundle along put it), else the source folder they were built from. Nil
    /// when neither exists, so a binary copied without its bundle serves no studio instead of failing.
    package static func bundled() -> StudioAssets? {
        guard let folder = bundledFolder() else { return nil }
        return try? StudioAssets(folder: folder)
    }

    /// The folder `bundled()` reads, if one exists.
    package static func bundledFolder() -> URL? {
        let bundle = "ModelGraph_Studio.resources"
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundle).appendingPathComponent("Assets"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundle).appendingPathComponent("Assets"))
        candidates.append(sourceFolder)
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent("index.html").path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// `Sources/Studio/Assets` in the source tree this file was compiled from.
    package static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Assets")
}
