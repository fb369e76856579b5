import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes log lines to standard error in `StreamLogHandler`'s format, but formats metadata only when a line
/// is written. `StreamLogHandler` re-renders all of its metadata whenever a key is set, and Hummingbird sets
/// a request id on a copy of the logger for every request: 4 % of the event loop's time under load, for
/// lines that are rarely written.
struct StandardErrorLogHandler: LogHandler {
    /// The logger's label, printed on every line.
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    /// A handler for `label`.
    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line: time, level, label, metadata (the handler's, the provider's, the call's, and an error
    /// passed to the call as `error.message` and `error.type`, as `StreamLogHandler` does), source, message.
    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let rendered = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = "\(Self.timestamp()) \(event.level) \(label) :\(rendered) [\(event.source)] \(event.message)\n"
        var bytes = Array(text.utf8)
        // One write per line, so lines from several threads do not interleave.
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }

    /// Local time as `StreamLogHandler` prints it: `2026-11-22T10:00:00+0000`.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [Int8](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
