#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 answer as received.
public struct HTTPAnswer: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [(String, String)]
    /// The body, de-chunked.
    public var body: [UInt8]

    /// An answer.
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (lowercase).
    public func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
}

/// Why no answer arrived: the connection was refused or reset, the answer did not come in time, or it was not
/// HTTP.
public struct HTTPFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in a few words.
    public var description: String
    /// Whether anything of an answer had arrived.
    var receivedAnything = false
    /// Whether time ran out (rather than the connection failing).
    var timedOut = false
}

/// A blocking HTTP/1.1 client over one TCP connection kept alive between requests. It sends the bytes it is given
/// exactly (no URL or header normalisation), which is why the fuzzer does not use URLSession.
public final class HTTPConnection {
    private let host: String
    private let port: Int
    private var socket: Int32 = -1
    private var pending: [UInt8] = []

    /// A client for `host:port`; it connects on first use.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    deinit { close() }

    /// Closes the connection (the next request opens a new one).
    public func close() {
        if socket >= 0 {
            _ = closeDescriptor(socket)
            socket = -1
        }
        pending = []
    }

    /// Sends one request and reads its answer within `timeout` seconds. A kept-alive connection the server had
    /// closed while idle (closed or reset before any answer, not a timeout) is retried once on a new connection;
    /// every other failure is reported.
    public func send(_ request: FuzzRequest, host hostHeader: String, timeout: Double) -> Result<HTTPAnswer, HTTPFailure> {
        let reused = socket >= 0
        let first = attempt(request, hostHeader: hostHeader, timeout: timeout)
        if case .failure(let failure) = first, reused, !failure.receivedAnything, !failure.timedOut {
            close()
            let second = attempt(request, hostHeader: hostHeader, timeout: timeout)
            // When the new connection fails too, the first failure is what the request did (a crash resets the
            // kept-alive connection; the retry only finds the port closed).
            if case .failure(let again) = second {
                return .failure(HTTPFailure(description: "\(failure.description); then on a new connection: \(again.description)"))
            }
            return second
        }
        return first
    }

    private func attempt(_ request: FuzzRequest, hostHeader: String, timeout: Double) -> Result<HTTPAnswer, HTTPFailure> {
        let deadline = Self.now() + timeout
        if socket < 0 {
            switch openSocket() {
            case .failure(let failure): return .failure(failure)
            case .success(let descriptor): socket = descriptor
            }
        }
        var head = "\(request.method) \(request.target) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        if request.method != "GET" || !request.body.isEmpty { head += "Content-Length: \(request.body.count)\r\n" }
        head += "\r\n"
        // A write that fails (the server answered early, e.g. 413, and stopped reading) is not yet a failure: the
        // answer may be waiting to be read.
        let written = writeAll(Array(head.utf8) + request.body, deadline: deadline)
        let answer = readAnswer(deadline: deadline, head: request.method == "HEAD")
        switch answer {
        case .success(let response):
            let connection = response.header("connection")?.lowercased()
            if connection == "close" || !written { close() }
            return .success(response)
        case .failure(var failure):
            close()
            if !written && !failure.receivedAnything { failure.description = "connection closed while the request was being sent, with no answer" }
            return .failure(failure)
        }
    }

    private func openSocket() -> Result<Int32, HTTPFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            return .failure(HTTPFailure(description: "cannot resolve \(host)"))
        }
        defer { freeaddrinfo(list) }
        let descriptor = streamSocket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return .failure(HTTPFailure(description: "socket() failed")) }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        guard connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let reason = errno == ECONNREFUSED ? "connection refused" : "connect failed (errno \(errno))"
            _ = closeDescriptor(descriptor)
            return .failure(HTTPFailure(description: reason))
        }
        return .success(descriptor)
    }

    private func writeAll(_ bytes: [UInt8], deadline: Double) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard waitFor(events: Int16(POLLOUT), deadline: deadline) else { return false }
            let count = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.send(socket, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(socket, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if count <= 0 {
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Waits until the socket is ready for `events` or the deadline passes.
    private func waitFor(events: Int16, deadline: Double) -> Bool {
        while true {
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Reads more bytes into `pending`; a failure says whether the peer closed, reset, or time ran out.
    private func fill(deadline: Double, receivedAnything: Bool) -> HTTPFailure? {
        guard waitFor(events: Int16(POLLIN), deadline: deadline) else {
            return HTTPFailure(description: "no answer within the timeout", receivedAnything: receivedAnything, timedOut: true)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            pending += buffer[0..<count]
            return nil
        }
        if count == 0 { return HTTPFailure(description: "connection closed without a complete answer", receivedAnything: receivedAnything) }
        if errno == EINTR || errno == EAGAIN { return nil }
        return HTTPFailure(description: errno == ECONNRESET ? "connection reset" : "read failed (errno \(errno))", receivedAnything: receivedAnything)
    }

    private func readAnswer(deadline: Double, head: Bool) -> Result<HTTPAnswer, HTTPFailure> {
        var parser = HTTPAnswerParser()
        while true {
            switch parser.consume(&pending, head: head) {
            case .complete(let answer): return .success(answer)
            case .malformed(let reason): return .failure(HTTPFailure(description: "not an HTTP answer: \(reason)", receivedAnything: true))
            case .needMore(let untilClose):
                if let failure = fill(deadline: deadline, receivedAnything: parser.started || !pending.isEmpty) {
                    if untilClose, failure.description.hasPrefix("connection closed"), let answer = parser.finishAtClose(&pending) {
                        return .success(answer)
                    }
                    return .failure(failure)
                }
            }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

#if canImport(Glibc)
    private func streamSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 { Glibc.socket(family, type, proto) }
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#else
    private func streamSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 { Darwin.socket(family, type, proto) }
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
