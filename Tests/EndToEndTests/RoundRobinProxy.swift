import Foundation
import TestSupport

/// A TCP proxy on 127.0.0.1 that sends each new connection to the next of its upstream ports in turn, as a
/// round-robin load balancer in front of several instances does. Requests sent with `Connection: close`
/// each take a connection of their own, so consecutive requests reach the instances in turn. Each
/// connection is two threads copying bytes; tests only.
final class RoundRobinProxy: @unchecked Sendable {
    /// The port clients connect to.
    let port: Int
    private let upstreams: [Int]
    private let listener: Int32
    private let lock = NSLock()
    private var next = 0
    private var stopped = false

    /// Starts a proxy in front of the servers listening on 127.0.0.1 at `upstreams`.
    init(upstreams: [Int]) throws {
        self.upstreams = upstreams
        guard let (descriptor, port) = ProxySockets.listenOnLoopback() else { throw ServeFailure(description: "proxy: cannot listen") }
        listener = descriptor
        self.port = port
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting connections.
    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if lock.withLock({ stopped }) { return }
                continue
            }
            let upstream = lock.withLock { () -> Int in
                defer { next = (next + 1) % upstreams.count }
                return upstreams[next]
            }
            guard let server = ProxySockets.connect(port: upstream) else {
                close(client)
                continue
            }
            Thread { ProxySockets.pump(from: client, to: server) }.start()
            Thread { ProxySockets.pump(from: server, to: client) }.start()
        }
    }
}
