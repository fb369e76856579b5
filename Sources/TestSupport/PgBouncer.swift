import Foundation
import Postgres

/// A PgBouncer (Debian's `pgbouncer`, 1.18) in transaction pooling mode in front of the test PostgreSQL, on
/// 127.0.0.1, for tests of `--pooler transaction`. Its configuration lives in a temporary folder; every
/// database of the server is reachable through it (a `*` entry), each with its own pool of `poolSize`
/// server connections, so concurrent requests share them. Run as the `postgres` user when the tests run as
/// root (PgBouncer refuses to run as root), with trust authentication on loopback.
package final class PgBouncer: @unchecked Sendable {
    /// The port it listens on.
    package let port: Int
    /// The server connections each database's pool holds at most.
    package let poolSize: Int
    private let user: String
    private let process: Process
    private let folder: URL

    /// The PgBouncer of this test process in front of `TestDatabase`'s server, started on first use with
    /// `MODELGRAPH_TEST_POOL_SIZE` server connections per database (default 2).
    package static func shared() throws -> PgBouncer {
        try sharedInstance.get()
    }

    private static let sharedInstance: Result<PgBouncer, any Error> = {
        do {
            let size = ProcessInfo.processInfo.environment["MODELGRAPH_TEST_POOL_SIZE"].flatMap(Int.init) ?? 2
            let bouncer = try PgBouncer(upstream: try TestDatabase.serverConninfo(), poolSize: size)
            sharedToStop = bouncer
            atexit { PgBouncer.sharedToStop?.stop() }
            return .success(bouncer)
        } catch {
            return .failure(error)
        }
    }()

    nonisolated(unsafe) private static var sharedToStop: PgBouncer?

    /// Starts PgBouncer for the server `upstream` (a libpq key=value string as `TestDatabase` gives, over
    /// a Unix socket or TCP) and waits until it accepts connections.
    package init(upstream: String, poolSize: Int = 2) throws {
        let settings = Self.keywords(upstream)
        user = settings["user"] ?? NSUserName()
        self.poolSize = poolSize
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw PostgresError(kind: .connection, message: "\(Self.executable) is missing: install Debian's pgbouncer (.ci/run does)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-pgbouncer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        port = try Self.freePort()
        var server = "host=\(settings["host"] ?? "/tmp") port=\(settings["port"] ?? "5432") user=\(user)"
        if let password = settings["password"] { server += " password=\(password)" }
        let configuration = """
            [databases]
            * = \(server)

            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = trust
            auth_file = \(folder.appendingPathComponent("users.txt").path)
            pool_mode = transaction
            default_pool_size = \(poolSize)
            max_client_conn = 1000
            ignore_startup_parameters = extra_float_digits
            logfile =
            pidfile =
            """
        try configuration.write(to: folder.appendingPathComponent("pgbouncer.ini"), atomically: true, encoding: .utf8)
        try "\"\(user)\" \"\"\n".write(to: folder.appendingPathComponent("users.txt"), atomically: true, encoding: .utf8)
        for name in ["pgbouncer.ini", "users.txt"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = (getuid() == 0 ? ["-u", "postgres"] : []) + [folder.appendingPathComponent("pgbouncer.ini").path]
        let log = folder.appendingPathComponent("pgbouncer.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = process.standardError
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 20)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw PostgresError(kind: .connection, message: "pgbouncer did not start: " + ((try? String(contentsOf: log, encoding: .utf8)) ?? ""))
            }
            usleep(50_000)
        }
    }

    /// A libpq connection string reaching `database` through PgBouncer.
    package func conninfo(database: String) -> String {
        "host=127.0.0.1 port=\(port) dbname=\(database) user=\(user) connect_timeout=30"
    }

    /// The same database as the libpq key=value string `direct` names (as `TestDatabase.makeDatabase` gives),
    /// reached through PgBouncer.
    package func conninfo(sameDatabaseAs direct: String) -> String {
        conninfo(database: Self.keywords(direct)["dbname"] ?? "postgres")
    }

    /// What PgBouncer has logged.
    package var log: String { (try? String(contentsOf: folder.appendingPathComponent("pgbouncer.log"), encoding: .utf8)) ?? "" }

    /// Stops PgBouncer and removes its folder. SIGKILL: PgBouncer inherits the test process's blocked signals
    /// (SIGTERM among them) and would never see a SIGTERM; nothing of it needs keeping.
    package func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static let executable = "/usr/sbin/pgbouncer"

    /// The keywords of a libpq key=value string (the last one of a name wins, as in libpq); values without
    /// spaces or quotes, as the test servers' strings are.
    static func keywords(_ conninfo: String) -> [String: String] {
        var found: [String: String] = [:]
        for part in conninfo.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { found[String(pair[0])] = String(pair[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        return found
    }

    /// True when something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw PostgresError(kind: .connection, message: "no free port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
