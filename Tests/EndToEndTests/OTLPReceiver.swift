import Foundation

/// The tracing tests' OTLP/HTTP receiver (`Clients/otlp_receiver.py`, which decodes the exporter's protobuf
/// with the OpenTelemetry project's own bindings), running until `stop()`; the spans it received so far.
final class OTLPReceiver: @unchecked Sendable {
    private let process: Process
    private let folder: URL
    /// The collector URL to give `serve` (spans are posted to its `/v1/traces`).
    let endpoint: String

    private init(process: Process, folder: URL, endpoint: String) {
        self.process = process
        self.folder = folder
        self.endpoint = endpoint
    }

    /// Starts the receiver on a free port and waits until it listens.
    static func start() async throws -> OTLPReceiver {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-otlp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port")
        let process = Process()
        process.executableURL = try PythonClient.interpreter()
        process.arguments = [
            PythonClient.scripts.appendingPathComponent("otlp_receiver.py").path, "--out", folder.appendingPathComponent("spans.jsonl").path, "--port-file", portFile.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(
            forWritingTo: { () -> URL in
                let log = folder.appendingPathComponent("receiver.log")
                _ = FileManager.default.createFile(atPath: log.path, contents: nil)
                return log
            }())
        try process.run()
        for _ in 0..<300 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                return OTLPReceiver(process: process, folder: folder, endpoint: "http://127.0.0.1:\(port)")
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        let log = (try? String(contentsOf: folder.appendingPathComponent("receiver.log"), encoding: .utf8)) ?? ""
        throw PythonClientError("the OTLP receiver did not start:\n\(log)")
    }

    /// Every span received so far, as the receiver wrote it (hex ids, nanosecond times, plain attributes).
    func spans() throws -> [ReceivedSpan] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("spans.jsonl"), encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { throw PythonClientError("not a span: \(line)") }
            return ReceivedSpan(object)
        }
    }

    /// Stops the receiver and removes its files. Polls for the exit rather than `waitUntilExit`, which needs a run
    /// loop the test's thread does not run; kills it when SIGTERM did not end it within 5 s.
    func stop() {
        process.terminate()
        for _ in 0..<100 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// One exported span as the receiver decoded it.
struct ReceivedSpan: @unchecked Sendable, CustomStringConvertible {
    let traceID: String
    let spanID: String
    let parentSpanID: String
    let traceState: String
    let name: String
    /// OTLP's kind numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
    let kind: Int
    let start: UInt64
    let end: UInt64
    let attributes: [String: Any]
    /// OTLP's status code: 0 unset, 1 ok, 2 error.
    let statusCode: Int
    let statusMessage: String
    let service: String?

    init(_ object: [String: Any]) {
        traceID = object["traceId"] as? String ?? ""
        spanID = object["spanId"] as? String ?? ""
        parentSpanID = object["parentSpanId"] as? String ?? ""
        traceState = object["traceState"] as? String ?? ""
        name = object["name"] as? String ?? ""
        kind = object["kind"] as? Int ?? 0
        start = (object["start"] as? NSNumber)?.uint64Value ?? 0
        end = (object["end"] as? NSNumber)?.uint64Value ?? 0
        attributes = object["attributes"] as? [String: Any] ?? [:]
        let status = object["status"] as? [String: Any] ?? [:]
        statusCode = status["code"] as? Int ?? 0
        statusMessage = status["message"] as? String ?? ""
        service = object["service"] as? String
    }

    /// A string attribute.
    func string(_ key: String) -> String? { attributes[key] as? String }

    /// An integer attribute (OTLP's int64 arrives as a JSON number).
    func int(_ key: String) -> Int? { (attributes[key] as? NSNumber)?.intValue }

    /// Every attribute value as text, for looking for request values in them.
    var attributeText: String { attributes.values.map { "\($0)" }.joined(separator: "\n") }

    var description: String { "\(name) [\(spanID) ← \(parentSpanID)] \(attributes) status \(statusCode) \(statusMessage)" }
}
