import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `modelgraph serve` (the debug build) as a child process, for tests whose requests may kill the server: a crash
/// ends that process, not the test runner. It serves a fixture schema over a fresh test database.
final class FuzzedServer {
    let process: Process
    let port: Int
    let key: String
    let log: URL
    let folder: URL

    private init(process: Process, port: Int, key: String, log: URL, folder: URL) {
        self.process = process
        self.port = port
        self.key = key
        self.log = log
        self.folder = folder
    }

    /// The GraphQL URL.
    var url: String { "http://127.0.0.1:\(port)/graphql" }

    /// Generates the migration for `Tests/Fixtures/schemas/<schema>.graphql`, starts serve on a free port, and
    /// waits until it prints its key and answers `/healthz`.
    static func start(schema name: String) async throws -> FuzzedServer {
        try await start(schemaFile: Fixtures.folder().appendingPathComponent("schemas/\(name).graphql").path)
    }

    /// The same for any schema file (annotated GraphQL or a Gen 2 `.ts`).
    static func start(schemaFile schema: String) async throws -> FuzzedServer {
        let folder = try CommandLineTests.temporaryFolder()
        let migrations = folder.appendingPathComponent("migrations").path
        let (status, _, errors) = try await CommandLineTests.run(["migrate", "generate", "--schema", schema, "--migrations", migrations, "--name", "init"])
        guard status == 0 else { throw ServeFailure(description: "migrate generate failed: \(errors)") }
        let database = try await TestDatabase.makeDatabase()
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            let process = Process()
            process.executableURL = CommandLineTests.root.appendingPathComponent(".build/debug/modelgraph")
            process.arguments = ["serve", "--schema", schema, "--migrations", migrations, "--database-url", database, "--port", String(port)]
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "warning"]) { $1 }
            let log = folder.appendingPathComponent("serve-\(port).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            for _ in 0..<300 where process.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("API key: ") }), await healthy(port: port) {
                    return FuzzedServer(process: process, port: port, key: String(line.dropFirst("API key: ".count)), log: log, folder: folder)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            // A port another process took ends serve at once; try another. Anything else is a failure.
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            guard text.contains("in use") else { throw ServeFailure(description: "serve did not start: \(text)") }
        }
        throw ServeFailure(description: "serve found no free port")
    }

    static func healthy(port: Int) async -> Bool {
        let answer = try? await TestHTTP.send(URL(string: "http://127.0.0.1:\(port)/healthz")!, method: "GET", timeout: 2)
        return answer?.status == 200
    }

    /// The end of the server's log (where a crash leaves its message).
    func logTail(lines: Int = 25) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// The server's log lines (their first 300 characters) for the request ids named in `texts` (an
    /// `InternalError` names one), so a failure shows what went wrong inside.
    func logLines(forRequestsIn texts: [String]) -> String {
        let log = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var lines: [String] = []
        for text in texts {
            guard let range = text.range(of: "request id ") else { continue }
            let id = text[range.upperBound...].prefix { $0.isHexDigit || $0 == "-" }
            for line in log.split(separator: "\n") where line.contains("requestId=\(id)") { lines.append(String(line.prefix(300))) }
        }
        return lines.isEmpty ? "" : "\n\nserver log for those requests:\n" + lines.joined(separator: "\n")
    }

    /// Stops the server (SIGTERM, then SIGKILL after 10 s) and removes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
