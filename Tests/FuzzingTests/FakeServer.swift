import Foundation

#if canImport(Glibc)
    import Glibc

    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin

    private let streamSocketType = SOCK_STREAM
    private let noSignal: Int32 = 0
#endif

/// A tiny HTTP server on a loopback port for testing the campaign: it answers `GET /healthz` with 200 and every
/// other request with `answer`, each connection on its own thread, and closes everything (as a crashed server
/// would) instead of answering GraphQL request number `dieAfter + 1`.
final class FakeServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let answer: String
    private let dieAfter: Int?
    private let lock = NSLock()
    private var served = 0
    private var stopped = false
    private var connections: Set<Int32> = []

    /// Starts listening; `answer` is a whole HTTP response (status line, headers and body).
    init(answer: String, dieAfter: Int? = nil) throws {
        self.answer = answer
        self.dieAfter = dieAfter
        let descriptor = socket(AF_INET, streamSocketType, 0)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { self.serve() }.start()
    }

    /// Stops listening and shuts every open connection.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.lock()
            let open = !stopped
            if open { connections.insert(connection) }
            lock.unlock()
            guard open else {
                close(connection)
                return
            }
            Thread {
                self.handle(connection)
                self.lock.lock()
                self.connections.remove(connection)
                self.lock.unlock()
                close(connection)
            }.start()
        }
    }

    /// Answers requests on one connection until the client closes it or the server "dies".
    private func handle(_ connection: Int32) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard let end = Self.headerEnd(pending) else {
                let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                pending += buffer[0..<count]
                continue
            }
            let head = String(decoding: pending[0..<end], as: UTF8.self)
            let length =
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            while pending.count < end + 4 + length {
                let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                pending += buffer[0..<count]
            }
            pending.removeFirst(end + 4 + length)
            if head.hasPrefix("GET /healthz") {
                // A dead server answers nothing, health checks included, however slowly its other threads
                // close their connections on a loaded machine.
                lock.lock()
                let dead = stopped || dieAfter.map { served > $0 } ?? false
                lock.unlock()
                if dead { return }
                send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                continue
            }
            lock.lock()
            served += 1
            let dies = dieAfter.map { served > $0 } ?? false
            lock.unlock()
            if dies {
                stop()
                return
            }
            send(connection, answer)
        }
    }

    private func send(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { sendBytes(connection, $0.baseAddress, $0.count, noSignal) }
    }

    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// An HTTP response with a JSON body.
    static func response(_ status: Int, _ body: String) -> String {
        "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
}

/// `send(2)`, under a name the method above does not shadow.
private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
        Glibc.send(socket, bytes, count, flags)
    #else
        Darwin.send(socket, bytes, count, flags)
    #endif
}
