import Foundation
import Postgres

/// Runs the studio's browser scripts (`Tests/EndToEndTests/Studio/studio_*.py`) against a live server, with the
/// Playwright that `scripts/browser-deps` installs in `.build/browser-venv` (or the interpreter
/// `MODELGRAPH_BROWSER_PYTHON` names), driving Debian's headless Chromium. A missing interpreter, a non-zero exit
/// or a timeout throws, failing the test with everything the script printed.
enum StudioBrowser {
    /// The folder of the browser scripts.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Studio")

    /// The interpreter; throws, telling how to install it, when it is missing.
    static func interpreter() throws -> URL {
        let environment = ProcessInfo.processInfo.environment["MODELGRAPH_BROWSER_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let path = environment ?? PythonClient.packageRoot.appendingPathComponent(".build/browser-venv/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: path), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw PythonClientError(
                "No Playwright interpreter at \(path) or no /usr/bin/chromium: run scripts/browser-deps (scripts/test does), or set MODELGRAPH_BROWSER_PYTHON")
        }
        return URL(fileURLWithPath: path)
    }

    /// Runs `script` against `server` (`--url`, `--key`, `--database-url`, then `arguments`), killing it after
    /// `timeout`; its JSON lines once it exited 0.
    static func run(_ script: String, server: LiveServer, arguments: [String] = [], timeout: Duration = .seconds(240)) async throws -> PythonClient.Output {
        let all = ["--url", server.rootURL, "--key", server.key, "--database-url", server.client.configuration.conninfo] + arguments
        let record = ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"].map { ["RECORD_SCREENSHOTS": $0] } ?? [:]
        return try await PythonClient.run(script, in: scripts, with: try interpreter(), all, environment: record, timeout: timeout)
    }
}
