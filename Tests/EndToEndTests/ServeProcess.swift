import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `modelgraph serve` started as a user starts it, in a project folder, on its own embedded PostgreSQL
/// (`<folder>/pg`) unless the arguments say otherwise; standard error goes to a log file the test reads.
final class ServeProcess: @unchecked Sendable {
    let process: Process
    let folder: URL
    let port: Int
    let log: URL

    /// The cluster folder and data directory of the embedded PostgreSQL.
    var clusterFolder: URL { folder.appendingPathComponent("pg") }
    var dataDirectory: URL { clusterFolder.appendingPathComponent("data") }

    private init(process: Process, folder: URL, port: Int, log: URL) {
        self.process = process
        self.folder = folder
        self.port = port
        self.log = log
    }

    /// Starts serve in `folder` on `port` (a free one by default), with `environment` added to this process's and
    /// `global` arguments before the command (`--config FILE`); does not wait for it.
    static func launch(
        in folder: URL, port: Int? = nil, arguments: [String] = [], environment added: [String: String] = [:], logName: String = "serve.log", global: [String] = []
    ) throws -> ServeProcess {
        let port = try port ?? freePort()
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = global + ["serve", "--port", String(port), "--data-dir", folder.appendingPathComponent("pg").path] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["LOG_LEVEL"] = "info"
        environment.merge(added) { $1 }
        process.environment = environment
        let log = folder.appendingPathComponent(logName)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return ServeProcess(process: process, folder: folder, port: port, log: log)
    }

    /// Starts serve and waits until it serves; the first API key it printed in `folder`'s logs is `key`.
    ///
    /// A free port can be taken by another test between choosing it and serve binding it; serve then exits saying
    /// the port is in use, and starts again on another one. The retry logs to `<name>.retryN.log`, so the first
    /// log, which holds the API key the first attempt made, stays.
    /// `port` is the first attempt's (a free one by default).
    static func start(
        in folder: URL, port: Int? = nil, arguments: [String] = [], environment: [String: String] = [:], logName: String = "serve.log"
    ) async throws -> ServeProcess {
        let base = logName.hasSuffix(".log") ? String(logName.dropLast(4)) : logName
        for attempt in 0..<5 {
            let serve = try launch(
                in: folder, port: attempt == 0 ? port : nil, arguments: arguments, environment: environment,
                logName: attempt == 0 ? logName : "\(base).retry\(attempt).log")
            if await serve.waitForLog("serving http") { return serve }
            serve.process.terminate()
            serve.process.waitUntilExit()
            guard serve.logText.contains("is in use") else { throw ServeFailure(description: "serve did not start:\n\(serve.logText)") }
        }
        throw ServeFailure(description: "serve found no free port in 5 attempts")
    }

    /// Everything serve has written to standard error.
    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for `text` in the log (or for the process to exit); true when it appeared.
    func waitForLog(_ text: String, seconds: Double = 180) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if logText.contains(text) { return true }
            if !process.isRunning { return logText.contains(text) }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Waits up to `seconds` for the process to exit; its status, or nil when it still runs.
    func waitForExit(seconds: Double = 60) async -> Int32? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(100)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends SIGTERM and waits for the exit status.
    func terminate() async -> Int32? {
        process.terminate()
        return await waitForExit()
    }

    /// The pid in `postmaster.pid`, when the file exists.
    var postmasterPID: pid_t? {
        guard let text = try? String(contentsOf: dataDirectory.appendingPathComponent("postmaster.pid"), encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0) }
    }

    /// The API key serve printed (the first `API key: ` line of any log in the folder).
    func apiKey() throws -> String {
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }
        for name in logs.sorted() {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("API key: ") }) { return String(line.dropFirst("API key: ".count)) }
        }
        throw ServeFailure(description: "no API key was printed")
    }

    /// Posts a GraphQL operation; the status and body.
    func graphQL(_ query: String, key: String) async throws -> (Int, String) {
        let answer = try await TestHTTP.graphQL(port: port, key: key, query: query)
        return (answer.status, answer.text)
    }

    /// Stops whatever serve left behind (a killed serve leaves its PostgreSQL running) and waits for it.
    static func stopLeftoverPostgres(in folder: URL) {
        let pidFile = folder.appendingPathComponent("pg/data/postmaster.pid")
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else { return }
        // SIGINT is PostgreSQL's fast shutdown.
        guard kill(pid, SIGINT) == 0 else { return }
        for _ in 0..<100 where isAlive(pid) { usleep(100_000) }
    }

    /// True while `pid` runs (a zombie counts as gone).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    static func freePort() throws -> Int {
        let listener = try PortHolder()
        return listener.port
    }
}

/// A listening TCP socket on 127.0.0.1 (any free port), held until `close()` or deinit.
final class PortHolder {
    let port: Int
    private var descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeFailure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            Glibc.close(descriptor)
            throw ServeFailure(description: "bind() failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}

/// A test's setup failed.
struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
