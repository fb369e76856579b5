import EmbeddedPostgres
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Binds `host:port` once and lets it go, so a port in use stops `serve` with a message saying so before it
/// touches a database. Port 0 (any free port) needs no check.
func checkListenAddress(host: String, port: Int) async throws {
    guard port != 0 else { return }
    do {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port).get()
        try await channel.close()
    } catch {
        throw listenFailure(error, host: host, port: port)
    }
}

/// The user's version of an error from listening on `host:port`; other errors unchanged.
func listenFailure(_ error: any Error, host: String, port: Int) -> any Error {
    if let error = error as? IOError {
        switch error.errnoCode {
        case EADDRINUSE: return UserError("Port \(port) is in use on \(host); choose another with --port (or MODELGRAPH_PORT).")
        case EACCES: return UserError("Not allowed to listen on port \(port) on \(host) (ports below 1024 need privileges); choose another with --port.")
        case EADDRNOTAVAIL: return UserError("Cannot listen on \(host): it is not an address of this machine; choose another with --host.")
        default: return UserError("Cannot listen on \(host):\(port): \(error)")
        }
    }
    if error is SocketAddressError { return UserError("Cannot listen on \(host): unknown host; choose another with --host.") }
    return error
}

/// Runs `server` (the HTTP server, until SIGTERM or SIGINT) while the embedded cluster, when there is one, is
/// watched and restarted when it dies. When it cannot be restarted the server is cancelled and serve exits 1, so
/// whatever supervises serve can restart it; it never keeps answering `ServiceUnavailable` for good.
func serveWhileWatching(_ cluster: EmbeddedPostgres?, host: String, port: Int, server: @escaping @Sendable () async throws -> Void) async throws {
    let run: @Sendable () async throws -> Void = {
        do { try await server() } catch { throw listenFailure(error, host: host, port: port) }
    }
    guard let cluster else { return try await run() }
    do {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await run() }
            group.addTask { try await cluster.supervise() }
            // The server returns on SIGTERM or SIGINT; the supervisor returns only when cancelled.
            try await group.next()
            group.cancelAll()
        }
    } catch let failure as EmbeddedPostgres.Failure {
        throw UserError(failure.description)
    }
}
