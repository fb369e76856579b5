package import Foundation
import JSON

/// The DynamoDB data found under a folder: point-in-time exports (a `manifest-summary.json` beside its
/// `manifest-files.json` and `data/*.json.gz`) and `aws dynamodb scan --output json` pages (`{"Items": […]}`),
/// each for one table.
package struct ExportSource: Sendable {
    /// What a source holds.
    package enum Kind: String, Sendable {
        /// A full export: one `{"Item": …}` per line.
        case full = "FULL_EXPORT"
        /// An incremental export: one change per line (`Keys`, `NewImage`, `OldImage`), applied in time order.
        case incremental = "INCREMENTAL_EXPORT"
        /// Scan pages: `{"Items": […]}` documents.
        case scan = "SCAN"
    }

    /// The DynamoDB table it was read from (from the export's table ARN, or the scan file's name).
    package var table: String
    /// What it holds.
    package var kind: Kind
    /// Its files, in order.
    package var files: [URL]
    /// When the export's data was taken (an incremental export's end), for ordering exports of one table; nil for
    /// scans.
    package var time: String?
    /// Where it was found, for messages.
    package var location: URL
    /// How many items the export's manifest says it holds, when it says.
    package var itemCount: Int?

    /// Every source under `root` (a folder, searched to any depth, or one scan file), full exports and scans of a
    /// table before its incremental exports, those in time order.
    package static func find(under root: URL) throws -> [ExportSource] {
        var sources: [ExportSource] = []
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
            throw ExportLines.Failure(description: "\(root.path) does not exist")
        }
        if !isFolder.boolValue { return try scan(root).map { [$0] } ?? [] }
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var scanPages: [String: ExportSource] = [:]
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent == "manifest-summary.json" {
                sources.append(try export(summary: url))
            } else if url.pathExtension == "json", !url.path.contains("/AWSDynamoDB/"), let page = try scan(url) {
                scanPages[page.table, default: ExportSource(table: page.table, kind: .scan, files: [], time: nil, location: url.deletingLastPathComponent())].files
                    .append(url)
            }
        }
        sources += scanPages.values.map { source in
            var sorted = source
            sorted.files.sort { $0.path < $1.path }
            return sorted
        }
        return sources.sorted { a, b in
            if a.table != b.table { return a.table < b.table }
            if (a.kind == .incremental) != (b.kind == .incremental) { return b.kind == .incremental }
            return (a.time ?? "") < (b.time ?? "")
        }
    }

    /// The export a `manifest-summary.json` describes.
    static func export(summary url: URL) throws -> ExportSource {
        let folder = url.deletingLastPathComponent()
        guard let data = FileManager.default.contents(atPath: url.path), let summary = try? JSONReader.parse(Array(data)), case .object = summary else {
            throw ExportLines.Failure(description: "\(url.path) is not a manifest summary (JSON)")
        }
        guard case .string(let arn)? = summary["tableArn"], let table = arn.split(separator: "/").last.map(String.init) else {
            throw ExportLines.Failure(description: "\(url.path) names no tableArn")
        }
        let format = summary["outputFormat"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? "DYNAMODB_JSON"
        guard format == "DYNAMODB_JSON" else {
            throw ExportLines.Failure(description: "\(url.path): the export is in \(format); export it again with --export-format DYNAMODB_JSON")
        }
        var kind = Kind.full
        if case .string(let type)? = summary["exportType"], let known = Kind(rawValue: type) { kind = known }
        let time = ["exportToTime", "exportTime", "endTime"].lazy.compactMap { key -> String? in
            if case .string(let text)? = summary[key] { return text }
            return nil
        }.first
        // The data files the manifest lists, found in the export's own data folder.
        var files: [URL] = []
        let manifest = folder.appendingPathComponent("manifest-files.json")
        if FileManager.default.fileExists(atPath: manifest.path) {
            // A key is the whole S3 key (with the export's prefix): the part from `AWSDynamoDB/` on is relative to
            // the folder that holds `AWSDynamoDB` (an incremental export's files are in the shared
            // `AWSDynamoDB/data/`, a full export's in its own `data/`).
            let base = folder.deletingLastPathComponent().deletingLastPathComponent()
            try ExportLines.forEach(in: manifest) { line in
                guard case .string(let key)? = (try? JSONReader.parse(Array(line)))?["dataFileS3Key"] else { return }
                if let range = key.range(of: "AWSDynamoDB/") {
                    files.append(base.appendingPathComponent(String(key[range.lowerBound...])))
                } else {
                    files.append(folder.appendingPathComponent("data").appendingPathComponent((key as NSString).lastPathComponent))
                }
            }
        } else {
            let data = folder.appendingPathComponent("data")
            files = ((try? FileManager.default.contentsOfDirectory(at: data, includingPropertiesForKeys: nil)) ?? []).filter { $0.lastPathComponent.hasSuffix(".json.gz") }
                .sorted { $0.path < $1.path }
        }
        for file in files where !FileManager.default.fileExists(atPath: file.path) {
            throw ExportLines.Failure(description: "\(url.path) lists \(file.path), which is not there (copy the whole export, e.g. with aws s3 sync)")
        }
        var source = ExportSource(table: table, kind: kind, files: files, time: time, location: folder)
        if case .int(let count)? = summary["itemCount"] { source.itemCount = count }
        return source
    }

    /// A scan page file (`{"Items": […]}`), named for its table (`Post-abc123-dev.json`, or a folder of pages named
    /// for it); nil for any other JSON file.
    static func scan(_ url: URL) throws -> ExportSource? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 256)) ?? Data(), as: UTF8.self)
        guard head.contains("\"Items\"") else { return nil }
        var table = url.deletingPathExtension().lastPathComponent
        // Pages of one table are often numbered: Post-abc-dev.1.json, Post-abc-dev.page-2.json.
        if let dot = table.firstIndex(of: ".") { table = String(table[..<dot]) }
        return ExportSource(table: table, kind: .scan, files: [url], time: nil, location: url)
    }
}
