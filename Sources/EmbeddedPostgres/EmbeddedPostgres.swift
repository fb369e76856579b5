package import Foundation
package import Logging

/// A private PostgreSQL cluster in a folder, started with the machine's own binaries. Used by `serve` when no
/// database URL is given and by the tests. When the process is root, the cluster runs as the `postgres` user
/// (PostgreSQL refuses to run as root).
///
/// Private: it has no TCP listener, only a unix socket in a folder that only the cluster's user may enter (root
/// still may), inside a cluster folder that is that user's alone, and its authentication admits local
/// connections only. One process owns a cluster at a time (`OwnerLock`): the owner starts it, stopping a server
/// an earlier owner left running, restarts it when it dies (`supervise`) and stops it.
package final class EmbeddedPostgres: @unchecked Sendable {
    /// Why the cluster could not be used.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// How much of its work the server makes survive a crash of the machine.
    package enum Durability: Sendable {
        /// PostgreSQL's defaults: a committed transaction survives a crash of the machine.
        case durable
        /// For throwaway clusters (the tests): the server never waits for the disk (`fsync=off`,
        /// `full_page_writes=off`). A killed server process still loses nothing committed, since its writes are
        /// in the operating system's cache; only a crash of the machine could corrupt the cluster.
        case throwaway
    }

    /// What `start` does when another process owns the cluster.
    package enum Sharing: Sendable {
        /// Fail at once, naming the owner: `serve` and the tests, which run what they own.
        case exclusive
        /// Use the owner's running server and leave it running: one-off commands (`keys`, `migrate`).
        case joinOwner
    }

    /// The cluster folder (holds `data/`, `server.log`, `modelgraph.lock` and, when short enough, the socket).
    package let directory: URL
    /// The server's `max_connections` when this object starts it.
    package let maxConnections: Int
    let logger: Logger
    private let binaries: URL
    /// Whether the server flushes its writes to disk.
    package let durability: Durability
    /// More `name=value` server settings, set before `start` (the tests' replication clusters use it).
    package var settings: [String] = []
    /// Guards the state below: `supervise` changes it from its own thread.
    private let state = NSLock()
    private var ownerLock: OwnerLock?
    private var postmasterPID: pid_t?
    /// A socket folder this object made under /tmp (the cluster folder's path was too long); `stop` removes it.
    private var temporarySocketDirectory: String?
    /// The port that names the socket file; there is no TCP listener, so every cluster can use the default.
    package private(set) var port = 5432
    /// The folder holding the unix socket. Kept across restarts, so pools pointed at it reconnect by themselves.
    package private(set) var socketDirectory = ""

    /// Socket folders made under /tmp start with this.
    static let temporarySocketPrefix = "/tmp/mg-sock-"
    /// The data directory.
    var data: URL { directory.appendingPathComponent("data") }
    /// PostgreSQL's own log.
    package var serverLog: URL { directory.appendingPathComponent("server.log") }

    /// Finds the binaries; throws a message saying how to install them when there are none. `maxConnections`
    /// becomes the server's `max_connections` when this object starts it.
    package init(
        directory: URL, maxConnections: Int = 200, durability: Durability = .durable, logger: Logger = Logger(label: "modelgraph.postgres")
    ) throws {
        self.directory = directory.standardizedFileURL
        self.maxConnections = maxConnections
        self.durability = durability
        self.logger = logger
        guard let binaries = PostgresBinaries.find() else {
            throw Failure(
                description: """
                    No PostgreSQL server binaries (initdb, pg_ctl) were found on PATH or under /usr/lib/postgresql/*/bin.
                    Install them (Debian/Ubuntu: apt-get install postgresql; macOS: brew install postgresql@15),
                    or point ModelGraph at a database with --database-url / DATABASE_URL.
                    """)
        }
        self.binaries = binaries
    }

    /// A libpq connection string for database `database` over the unix socket.
    package func conninfo(database: String = "postgres") -> String {
        "host=\(Self.conninfoQuoted(socketDirectory)) port=\(port) user=postgres dbname=\(Self.conninfoQuoted(database))"
    }

    /// True while this object owns the cluster (it may have stopped meanwhile: see `isRunning`).
    package var isOwner: Bool { state.withLock { ownerLock != nil } }

    /// True while the server this object started or joined is alive.
    package var isRunning: Bool {
        guard let pid = state.withLock({ postmasterPID }) else { return false }
        return Postmaster.isAlive(pid)
    }

    /// Takes ownership of the cluster, initialises it if needed and starts it. A server an earlier owner left
    /// running (it was killed, or crashed) is stopped first and started afresh with this run's settings. When
    /// another process owns the cluster, `sharing` decides: fail naming it, or use its server.
    package func start(sharing: Sharing = .exclusive) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        switch try OwnerLock.acquire(in: directory) {
        case .heldBy(let owner):
            try join(owner: owner, sharing: sharing)
        case .acquired(let lock):
            do {
                // Only the cluster's user may enter: the data, the server log and (usually) the socket are inside.
                try makePrivate(directory.path)
                try startOwned()
                state.withLock { ownerLock = lock }
            } catch {
                lock.release()
                throw error
            }
        }
    }

    /// Stops the server and gives up ownership, when this object owns the cluster. A joined server is left
    /// running for its owner (`start` said so).
    package func stop() {
        let (lock, pid) = state.withLock { () -> (OwnerLock?, pid_t?) in
            defer { ownerLock = nil; postmasterPID = nil }
            return (ownerLock, postmasterPID)
        }
        guard let lock else { return }
        defer {
            removeTemporarySocketDirectory()
            lock.release()
        }
        if let pid, !Postmaster.isAlive(pid) {
            logger.warning("PostgreSQL had already stopped", metadata: ["directory": "\(directory.path)"])
            return
        }
        do {
            try run("pg_ctl", ["-D", data.path, "-m", "fast", "-w", "-t", "60", "stop"])
            logger.info("stopped PostgreSQL")
        } catch {
            logger.error("could not stop PostgreSQL: \(error)")
        }
    }

    /// Starts the server of a cluster this process has just taken ownership of.
    private func startOwned() throws {
        if !FileManager.default.fileExists(atPath: data.appendingPathComponent("PG_VERSION").path) {
            logger.info("initialising a PostgreSQL cluster", metadata: ["directory": "\(directory.path)"])
            // Unix-socket connections only; the socket folder's permissions decide who can reach them.
            try run("initdb", ["-D", data.path, "-U", "postgres", "--auth-local=trust", "--auth-host=reject", "-E", "UTF8", "--locale=C", "--no-sync"])
        }
        try stopEarlierServer()
        try prepareSocketDirectory()
        try launch()
        logger.info("started PostgreSQL", metadata: ["socket": "\(socketDirectory)"])
    }

    /// Starts the postmaster with this object's settings and records its pid. Also used to restart it.
    func launch() throws {
        var settings = [
            "listen_addresses=''",  // no TCP listener at all
            "unix_socket_permissions=0700",
            "max_connections=\(maxConnections)",
        ]
        if durability == .throwaway { settings += ["fsync=off", "full_page_writes=off"] }
        settings += self.settings
        // pg_ctl hands these to the postmaster through a shell.
        let options = "-p \(port) -k \(Self.shellQuoted(socketDirectory)) " + settings.map { "-c \($0)" }.joined(separator: " ")
        try run("pg_ctl", ["-D", data.path, "-l", serverLog.path, "-w", "-t", "60", "-o", options, "start"])
        let pid = Postmaster.read(data: data)?.pid
        state.withLock { postmasterPID = pid }
    }

    /// Uses the server of the process that owns the cluster, or fails naming that process.
    private func join(owner: pid_t?, sharing: Sharing) throws {
        let ownerName = owner.map { "ModelGraph process \($0)" } ?? "another ModelGraph process"
        guard sharing == .joinOwner else {
            throw Failure(
                description:
                    "The embedded PostgreSQL in \(directory.path) is in use by \(ownerName). Stop that process first, or give this one its own --data-dir (or a --database-url).")
        }
        // The owner may still be starting its server.
        for _ in 0..<20 {
            if let running = Postmaster.read(data: data), running.isRunning(data: data) {
                port = running.port
                socketDirectory = running.socketDirectory
                state.withLock { postmasterPID = running.pid }
                logger.info("using the PostgreSQL of \(ownerName); it keeps running when this command ends")
                return
            }
            usleep(500_000)
        }
        throw Failure(description: "The embedded PostgreSQL in \(directory.path) belongs to \(ownerName), and it is not running. Try again when it is, or stop that process.")
    }

    /// Stops a server that an earlier owner left running (it was killed or crashed before stopping it): it
    /// may carry old settings, and nobody would stop it. A `postmaster.pid` whose process is gone is left to
    /// PostgreSQL, which checks for survivors itself; one whose pid now belongs to another process is removed,
    /// or PostgreSQL would refuse to start.
    private func stopEarlierServer() throws {
        guard let earlier = Postmaster.read(data: data) else { return }
        if earlier.isRunning(data: data) {
            logger.warning("PostgreSQL from an earlier run is still running; stopping it to start it afresh with this run's settings", metadata: ["pid": "\(earlier.pid)"])
            do {
                try run("pg_ctl", ["-D", data.path, "-m", "fast", "-w", "-t", "30", "stop"])
            } catch {
                try run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "-t", "30", "stop"])
            }
            if earlier.socketDirectory.hasPrefix(Self.temporarySocketPrefix), earlier.socketDirectory != socketDirectory {
                rmdir(earlier.socketDirectory)
            }
        } else if Postmaster.isAlive(earlier.pid) {
            logger.warning("removing a stale postmaster.pid: its pid belongs to another process now", metadata: ["pid": "\(earlier.pid)"])
            try? FileManager.default.removeItem(at: data.appendingPathComponent("postmaster.pid"))
        }
    }

    /// The cluster folder's `sock/`, or a new folder under /tmp when that path is too long for a socket
    /// (108 bytes with `/.s.PGSQL.5432`); mode 0700 either way. A restart keeps the folder it had.
    private func prepareSocketDirectory() throws {
        let inside = directory.appendingPathComponent("sock").path
        if socketDirectory.isEmpty && inside.utf8.count + 20 <= 100 { socketDirectory = inside }
        if socketDirectory == inside {
            try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
            return try makePrivate(inside)
        }
        // Under /tmp, a folder is ours only if we create it: an existing one could be anyone's.
        var candidates = (0..<10).map { _ in Self.temporarySocketPrefix + String(UInt32.random(in: 0...UInt32.max), radix: 16) }
        if !socketDirectory.isEmpty { candidates.insert(socketDirectory, at: 0) }
        for candidate in candidates where mkdir(candidate, 0o700) == 0 {
            socketDirectory = candidate
            state.withLock { temporarySocketDirectory = candidate }
            return try makePrivate(candidate)
        }
        throw Failure(description: "could not create a socket folder under /tmp: \(String(cString: strerror(errno)))")
    }

    private func removeTemporarySocketDirectory() {
        guard let folder = state.withLock({ temporarySocketDirectory }) else { return }
        try? FileManager.default.removeItem(atPath: folder)
        state.withLock { temporarySocketDirectory = nil }
    }

    private var isRoot: Bool { getuid() == 0 }

    /// Mode 0700 and, as root, owned by `postgres`, which must be able to reach it.
    func makePrivate(_ path: String) throws {
        guard chmod(path, 0o700) == 0 else {
            throw Failure(description: "could not make \(path) private (mode 0700): \(String(cString: strerror(errno)))")
        }
        guard isRoot else { return }
        try runTool("/bin/chown", ["-R", "postgres:postgres", path])
        do {
            try runTool("/usr/sbin/runuser", ["-u", "postgres", "--", "test", "-w", path])
        } catch {
            throw Failure(
                description: """
                    The postgres user cannot write to \(path): a parent folder is not searchable by other users.
                    Run `chmod o+x` on the parent folders, choose another folder with --data-dir, or use --database-url.
                    """)
        }
    }

    /// Runs a PostgreSQL binary, as `postgres` when we are root.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        var executable = binaries.appendingPathComponent(tool).path
        if !FileManager.default.isExecutableFile(atPath: executable) {
            // PATH may hold links to initdb and pg_ctl alone: the other tools are beside the real pg_ctl.
            executable = binaries.appendingPathComponent("pg_ctl").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(tool).path
        }
        if isRoot {
            return try runTool("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments)
        }
        return try runTool(executable, arguments)
    }

    @discardableResult
    private func runTool(_ path: String, _ arguments: [String]) throws -> String {
        let (status, text) = try ChildProcess.run(path, arguments)
        guard status == 0 else {
            logger.debug("\(path) failed: \(text)")
            throw Failure(
                description:
                    "\(URL(fileURLWithPath: path).lastPathComponent) \(arguments.last ?? "") failed (exit \(status)): \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return text
    }

    /// `text` as one shell word.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one libpq connection-string value.
    static func conninfoQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
