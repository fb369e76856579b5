package import Foundation

/// Python's `http.server` serving a folder on a free local port; it logs each request to standard error,
/// which is how `requests(for:)` counts them.
package final class LocalFileServer: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    package let port: Int
    private let process = Process()
    private let log: URL

    /// Serves `folder`, adding `headers` to every answer (a provider's `Cache-Control`, say); returns once the
    /// server listens.
    package init(folder: URL, headers: [String: String] = [:]) throws {
        log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        port = Int.random(in: 20_000...40_000)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        if headers.isEmpty {
            process.arguments = ["python3", "-u", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        } else {
            // The same server, with a handler that adds the headers (names and values passed as arguments).
            let script = [
                "import functools, http.server, sys",
                "extra = list(zip(sys.argv[3::2], sys.argv[4::2]))",
                "class Handler(http.server.SimpleHTTPRequestHandler):",
                "    def end_headers(self):",
                "        for name, value in extra: self.send_header(name, value)",
                "        super().end_headers()",
                "server = http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), functools.partial(Handler, directory=sys.argv[2]))",
                "sys.stderr.write('Serving HTTP\\n')",
                "server.serve_forever()",
            ].joined(separator: "\n")
            process.arguments = ["python3", "-u", "-c", script, String(port), folder.path] + headers.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        }
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
