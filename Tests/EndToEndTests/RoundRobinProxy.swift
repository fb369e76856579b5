import Foundation

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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw ServeFailure(description: "proxy: cannot listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
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
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstream)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(server)
                close(client)
                continue
            }
            Thread { Self.pump(from: client, to: server) }.start()
            Thread { Self.pump(from: server, to: client) }.start()
        }
    }

    /// Copies bytes until either side closes, then shuts both down (the second pump to finish closes them).
    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            var written = 0
            while written < count {
                let sent = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + written, count - written) }
                guard sent > 0 else { break }
                written += sent
            }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
