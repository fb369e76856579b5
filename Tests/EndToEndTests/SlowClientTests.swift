import Foundation
import Server
import Testing

/// Clients that trickle bytes, over raw TCP: the server closes their connections on its read deadlines.
@Suite("Slow clients")
struct SlowClientTests {
    /// A blocking TCP connection to the server under test.
    final class RawConnection {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(descriptor) }

        /// Sends bytes; false when the server has closed the connection.
        @discardableResult
        func send(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } > 0
        }

        /// Reads until the server closes the connection (or 10 s pass); returns what arrived.
        func readToEnd() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("a head trickled byte by byte, a body that stops, and an idle keep-alive connection are closed on time")
    func deadlines() async throws {
        let server = try await LiveServer.start(
            schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, requestHeadTimeout: .seconds(1), requestBodyTimeout: .seconds(1))
        )
        defer { server.stop() }
        let port = server.url.port!
        let trickle = try RawConnection(port: port)
        let start = ContinuousClock.now
        var sent = 0
        for byte in "POST /graphql HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".map(String.init) {
            guard trickle.send(byte) else { break }
            sent += 1
            try await Task.sleep(for: .milliseconds(100))
            if Self.seconds(since: start) > 8 { break }
        }
        // Generous bounds: the whole suite runs at once on two cores.
        #expect(Self.seconds(since: start) < 4, "a trickled head held the connection for \(Self.seconds(since: start)) s (\(sent) bytes)")
        #expect(trickle.readToEnd().isEmpty)

        let stalled = try RawConnection(port: port)
        stalled.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-api-key: \(server.key)\r\n\r\n{\"query\":")
        let stalledStart = ContinuousClock.now
        _ = stalled.readToEnd()
        #expect(Self.seconds(since: stalledStart) < 6)

        let idle = try RawConnection(port: port)
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let idleStart = ContinuousClock.now
        let answer = idle.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(Self.seconds(since: idleStart) > 0.8 && Self.seconds(since: idleStart) < 6)
    }
}
