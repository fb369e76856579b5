import Foundation
import Logging

/// A private PostgreSQL cluster in a folder, started with the machine's own binaries. Used by `serve` when no
/// database URL is given and by the tests. When the process is root, the cluster runs as the `postgres` user
/// (PostgreSQL refuses to run as root).
package final class EmbeddedPostgres: @unchecked Sendable {
    /// Why the cluster could not be used.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The cluster folder (holds `data/`, `server.log` and, when short enough, the socket).
    package let directory: URL
    private let logger: Logger
    private let binaries: URL
    private var startedByUs = false
    /// The TCP port on 127.0.0.1.
    package private(set) var port = 0
    /// The folder holding the unix socket.
    package private(set) var socketDirectory = ""
    /// The server's `max_connections` when this object starts it.
    package let maxConnections: Int

    /// Finds the binaries; throws a message saying how to install them when there are none. `maxConnections`
    /// becomes the server's `max_connections` when this object starts it (a server already running keeps its own).
    package init(directory: URL, maxConnections: Int = 200, logger: Logger = Logger(label: "modelgraph.postgres")) throws {
        self.directory = directory.standardizedFileURL
        self.maxConnections = maxConnections
        self.logger = logger
        guard let binaries = Self.findBinaries() else {
            throw Failure(description: """
                No PostgreSQL server binaries (initdb, pg_ctl) were found on PATH or under /usr/lib/postgresql/*/bin.
                Install them (Debian/Ubuntu: apt-get install postgresql; macOS: brew install postgresql@15),
                or point ModelGraph at a database with --database-url / DATABASE_URL.
                """)
        }
        self.binaries = binaries
    }

    /// A libpq connection string for database `database` over the unix socket.
    package func conninfo(database: String = "postgres") -> String {
        "host=\(socketDirectory) port=\(port) user=postgres dbname=\(database)"
    }

    /// Initialises the cluster if needed and starts it, or attaches to it when it already runs.
    package func start() throws {
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try handOverToPostgresUser(directory)
        if !FileManager.default.fileExists(atPath: data.appendingPathComponent("PG_VERSION").path) {
            logger.info("initialising a PostgreSQL cluster", metadata: ["directory": "\(directory.path)"])
            try run("initdb", ["-D", data.path, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        }
        if let running = runningServer(data: data) {
            port = running.port
            socketDirectory = running.socketDirectory
            logger.info("using the PostgreSQL already running", metadata: ["port": "\(port)"])
            return
        }
        // Restarting the same cluster keeps its address, so pools pointed at it reconnect by themselves.
        if port == 0 { port = try Self.freePort() }
        if socketDirectory.isEmpty { socketDirectory = try chooseSocketDirectory() }
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(socketDirectory) -c max_connections=\(maxConnections) -c unix_socket_permissions=0777"
        try run("pg_ctl", ["-D", data.path, "-l", directory.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o", options, "start"])
        startedByUs = true
        logger.info("started PostgreSQL", metadata: ["port": "\(port)", "socket": "\(socketDirectory)"])
    }

    /// Stops the cluster if this object started it.
    package func stop() {
        guard startedByUs else { return }
        startedByUs = false
        do {
            try run("pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
            logger.info("stopped PostgreSQL")
        } catch {
            logger.error("could not stop PostgreSQL: \(error)")
        }
    }

    /// Reads port and socket folder from `postmaster.pid` when the server is alive.
    private func runningServer(data: URL) -> (port: Int, socketDirectory: String)? {
        guard let text = try? String(contentsOf: data.appendingPathComponent("postmaster.pid"), encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 4, let pid = Int32(lines[0]), kill(pid, 0) == 0, let port = Int(lines[3]) else { return nil }
        guard (try? run("pg_ctl", ["-D", data.path, "status"], quiet: true)) != nil else { return nil }
        return (port, lines[4])
    }

    /// The cluster folder's `sock/`, or a short folder under /tmp when that path is too long for a socket.
    private func chooseSocketDirectory() throws -> String {
        var candidate = directory.appendingPathComponent("sock").path
        if candidate.utf8.count + 20 > 100 {
            candidate = "/tmp/mg-sock-\(UInt32.random(in: 0...UInt32.max))"
        }
        try FileManager.default.createDirectory(atPath: candidate, withIntermediateDirectories: true)
        try handOverToPostgresUser(URL(fileURLWithPath: candidate))
        return candidate
    }

    private var isRoot: Bool { getuid() == 0 }

    /// As root: gives the folder to `postgres` and checks that user can reach it.
    private func handOverToPostgresUser(_ url: URL) throws {
        guard isRoot else { return }
        try runTool("/bin/chown", ["-R", "postgres:postgres", url.path])
        do {
            try runTool("/usr/sbin/runuser", ["-u", "postgres", "--", "test", "-w", url.path])
        } catch {
            throw Failure(description: """
                The postgres user cannot write to \(url.path): a parent folder is not searchable by other users.
                Run `chmod o+x` on the parent folders, choose another folder with --data-dir, or use --database-url.
                """)
        }
    }

    /// Runs a PostgreSQL binary, as `postgres` when we are root.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String], quiet: Bool = false) throws -> String {
        let executable = binaries.appendingPathComponent(tool).path
        if isRoot {
            return try runTool("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments, quiet: quiet)
        }
        return try runTool(executable, arguments, quiet: quiet)
    }

    @discardableResult
    private func runTool(_ path: String, _ arguments: [String], quiet: Bool = false) throws -> String {
        let (status, text) = try ChildProcess.run(path, arguments)
        guard status == 0 else {
            if !quiet { logger.debug("\(path) failed: \(text)") }
            throw Failure(description: "\(URL(fileURLWithPath: path).lastPathComponent) \(arguments.last ?? "") failed (exit \(status)): \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return text
    }

    /// pg_ctl/initdb on PATH, else the newest /usr/lib/postgresql/*/bin.
    private static func findBinaries() -> URL? {
        let fileManager = FileManager.default
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder))
            if fileManager.isExecutableFile(atPath: url.appendingPathComponent("initdb").path),
                fileManager.isExecutableFile(atPath: url.appendingPathComponent("pg_ctl").path)
            {
                return url
            }
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? []).compactMap { Int($0) }.sorted(by: >)
        for version in versions {
            let url = URL(fileURLWithPath: "\(root)/\(version)/bin")
            if fileManager.isExecutableFile(atPath: url.appendingPathComponent("pg_ctl").path) { return url }
        }
        return nil
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "could not open a socket to find a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "could not bind a socket to find a free port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
