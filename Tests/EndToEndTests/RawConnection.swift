import Foundation

/// A blocking TCP connection to the server under test.
final class RawConnection: @unchecked Sendable {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        // Each read gives up after 30 s without a byte: a guard against a hang, longer than any bound a test
        // checks, so a connection the server wrongly keeps open still fails those bounds.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } > 0
    }

    /// Reads until `marker` has arrived, the server closes the connection, or 30 s pass without a byte, on a thread of its own
    /// (as `readToEnd`); returns what arrived.
    func read(until marker: String) async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.readBlocking(until: marker)) }
            thread.start()
        }
    }

    /// Reads until the server closes the connection (or 30 s pass without a byte), on a thread of its own so the blocking
    /// reads never hold one of the test process's few concurrency threads; returns what arrived.
    func readToEnd() async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.readToEndBlocking()) }
            thread.start()
        }
    }

    private func readToEndBlocking() -> String {
        readBlocking(until: nil)
    }

    private func readBlocking(until marker: String?) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
