import Foundation
import Postgres
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of a test database that can lose one answer, as a network can: once
/// armed with a marker, it passes on the next client message containing those bytes, then closes that
/// connection instead of forwarding PostgreSQL's answer to it. PostgreSQL has run (and committed) the
/// statement; the client never hears so. Each connection is two threads copying bytes; tests only.
package final class DroppingProxy: Sendable {
    /// A libpq connection string that reaches the database through the proxy.
    package let conninfo: String
    /// Answers dropped so far.
    package var dropped: Int { state.withLock { $0.dropped } }

    private struct State {
        var marker: [UInt8]?
        var dropped = 0
        var stopped = false
    }

    private let state = Mutex(State())
    private let listener: Int32
    private let upstream: Upstream

    private enum Upstream {
        case unix(String)
        case tcp(String, Int)
    }

    /// Starts a proxy for the database `conninfo` names (its address is asked of the server itself).
    package init(database: String) async throws {
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { client.shutdown() }
        let row = try await client.query(
            """
            SELECT host(inet_server_addr()), inet_server_port()::text, split_part(current_setting('unix_socket_directories'), ',', 1),
                   current_setting('port'), current_database(), current_user
            """, idempotent: true
        ).rows[0]
        if let host = row[0], let port = row[1].flatMap(Int.init) {
            upstream = .tcp(host, port)
        } else {
            upstream = .unix((row[2] ?? "/tmp").trimmingCharacters(in: .whitespaces) + "/.s.PGSQL." + (row[3] ?? "5432"))
        }
        guard let (descriptor, port) = ProxySockets.listenOnLoopback() else { throw PostgresError(kind: .connection, message: "proxy: cannot listen") }
        listener = descriptor
        conninfo = "host=127.0.0.1 port=\(port) dbname=\(row[4] ?? "postgres") user=\(row[5] ?? "postgres") connect_timeout=30"
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Drops the answer to the next client message that contains `marker`.
    package func arm(dropAnswerTo marker: String) {
        state.withLock { $0.marker = Array(marker.utf8) }
    }

    /// Stops accepting connections (open ones end when either side closes).
    package func stop() {
        state.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            guard let server = connectUpstream() else {
                close(client)
                continue
            }
            let doomed = Mutex(false)
            Thread { [self] in
                // Client to server: a message carrying the marker dooms this connection's next answer.
                ProxySockets.pump(from: client, to: server) { bytes in
                    let matched = state.withLock { state -> Bool in
                        guard let marker = state.marker, Self.contains(bytes, marker) else { return false }
                        state.marker = nil
                        return true
                    }
                    if matched { doomed.withLock { $0 = true } }
                    return true
                }
            }.start()
            Thread { [self] in
                ProxySockets.pump(from: server, to: client) { _ in
                    guard doomed.withLock({ $0 }) else { return true }
                    state.withLock { $0.dropped += 1 }
                    return false
                }
            }.start()
        }
    }

    private func connectUpstream() -> Int32? {
        switch upstream {
        case .tcp(let host, let port):
            return ProxySockets.connect(host: host, port: port)
        case .unix(let path):
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            return connected == 0 ? descriptor : nil
        }
    }

    private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard !marker.isEmpty, bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in bytes[start..<start + marker.count].elementsEqual(marker) }
    }
}
