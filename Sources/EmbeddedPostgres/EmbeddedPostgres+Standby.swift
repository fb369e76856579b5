package import Foundation

/// Streaming standbys of a cluster, for the read-replica tests: a copy of the running server taken with
/// `pg_basebackup -R`, which makes it a standby that follows this server over its unix socket.
extension EmbeddedPostgres {
    /// Copies this running server into `directory` (a folder that must not hold a cluster yet) as a standby of
    /// it, and returns that cluster, not started; `start()` it. Its settings and `max_connections` are this
    /// server's (a standby needs at least the primary's).
    package func makeStandby(in directory: URL) throws -> EmbeddedPostgres {
        let standby = try EmbeddedPostgres(directory: directory, maxConnections: maxConnections, durability: durability, logger: logger)
        standby.settings = settings
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try standby.makePrivate(directory.path)
        // The initdb defaults let local connections replicate without a password; -R writes primary_conninfo
        // (this server's socket) and standby.signal.
        try run("pg_basebackup", ["-D", standby.data.path, "-h", socketDirectory, "-p", "\(port)", "-U", "postgres", "-R", "-X", "stream", "-c", "fast", "--no-sync"])
        return standby
    }
}

extension EmbeddedPostgres {
    /// Stops the server without a clean shutdown (`pg_ctl -m immediate`) and gives up ownership: its
    /// connections break at once, as when its machine fails. For the tests of what survives that.
    package func stopImmediately() throws {
        try run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "-t", "60", "stop"])
        stop()
    }
}
