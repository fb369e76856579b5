import Foundation

/// The socket plumbing of the tests' TCP proxies (`DroppingProxy`, and the round-robin balancer of the
/// several-instances tests): a listener on 127.0.0.1, connecting to an upstream, and copying bytes between two
/// sockets on a thread of its own. Blocking calls on plain threads; tests only.
package enum ProxySockets {
    /// A listening socket on 127.0.0.1 at a port the system picks, and that port; nil when it cannot listen.
    package static func listenOnLoopback() -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            return nil
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket connected to `host` (an IPv4 address) at `port`; nil when it cannot connect.
    package static func connect(host: String = "127.0.0.1", port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Copies bytes from `source` to `destination` until either side closes or `forward` (given each chunk
    /// read, before it is written) says not to; then shuts both down, so the pump going the other way ends too.
    package static func pump(from source: Int32, to destination: Int32, forward: ([UInt8]) -> Bool = { _ in true }) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            let chunk = Array(buffer[0..<count])
            guard forward(chunk) else { break }
            var written = 0
            while written < count {
                let sent = chunk.withUnsafeBytes { write(destination, $0.baseAddress! + written, count - written) }
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
