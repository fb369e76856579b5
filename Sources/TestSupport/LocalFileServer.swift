package import Foundation

/// Python's `http.server` serving a folder on a free local port; it logs each request to standard error,
/// which is how `requests(for:)` counts them.
package final class LocalFileServer: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    package let port: Int
    private let process = Process()
    private let log: URL

    /// Serves `folder`; returns once the server listens.
    package init(folder: URL) throws {
        log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        port = Int.random(in: 20_000...40_000)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Python's start-up takes well under a second alone, and far longer while the whole suite loads the machine.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if (try? String(contentsOf: log, encoding: .utf8))?.contains("Serving HTTP") == true || isListening() { return }
            // A server that exited (its port was taken, say) will not start: no use waiting out the deadline.
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server did not start"])
    }

    private func isListening() -> Bool {
        let text = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        return text.contains(String(format: ":%04X 00000000:0000 0A", port))
    }

    /// How many GET requests for `path` the server has answered.
    package func requests(for path: String) -> Int {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\"GET \(path) ").count - 1
    }

    /// Kills the server. Not waited for: its exit is reaped by Foundation's process monitor.
    package func stop() {
        kill(process.processIdentifier, SIGKILL)
    }
}
