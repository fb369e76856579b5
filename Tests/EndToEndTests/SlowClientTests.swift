import Foundation
import Server
import Testing

/// Clients that trickle bytes, over raw TCP: the server closes their connections on its read deadlines.
@Suite("Slow clients")
struct SlowClientTests {
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A server whose request heads and bodies must arrive within these many seconds.
    static func server(headTimeout: Int64, bodyTimeout: Int64) async throws -> LiveServer {
        try await LiveServer.start(
            schema: "schema",
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, requestHeadTimeout: .seconds(headTimeout), requestBodyTimeout: .seconds(bodyTimeout)))
    }

    /// Opens a connection, waits `delay`, sends a request head announcing 100 bytes of body and one byte of it;
    /// the seconds from the head until the server closed the connection.
    static func secondsUntilClosed(stallingBodyOn server: LiveServer, after delay: Duration = .zero) async throws -> Double {
        let stalled = try RawConnection(port: server.url.port!)
        try await Task.sleep(for: delay)
        stalled.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-api-key: \(server.key)\r\n\r\n{")
        let start = ContinuousClock.now
        _ = await stalled.readToEnd()
        return seconds(since: start)
    }

    @Test("a head trickled byte by byte, a body that stops, and an idle keep-alive connection are closed on time")
    func deadlines() async throws {
        let server = try await Self.server(headTimeout: 1, bodyTimeout: 1)
        defer { server.stop() }
        let port = server.url.port!
        let trickle = try RawConnection(port: port)
        let start = ContinuousClock.now
        // A head that would take a minute to trickle in: the server must close the connection long before.
        let head = "POST /graphql HTTP/1.1\r\nHost: x\r\nX-Padding: " + String(repeating: "a", count: 600)
        var (sent, refused) = (0, false)
        for byte in head.map(String.init) {
            guard trickle.send(byte) else {
                refused = true
                break
            }
            sent += 1
            try await Task.sleep(for: .milliseconds(100))
            if Self.seconds(since: start) > 40 { break }
        }
        // Generous bounds (the deadline is 1 s): the whole suite runs at once on two cores.
        #expect(refused, "the server kept reading a trickled head for \(Self.seconds(since: start)) s (\(sent) bytes)")
        #expect(Self.seconds(since: start) < 20, "a trickled head held the connection for \(Self.seconds(since: start)) s (\(sent) bytes)")
        #expect(await trickle.readToEnd().isEmpty)

        #expect(try await Self.secondsUntilClosed(stallingBodyOn: server) < 20)

        let idle = try RawConnection(port: port)
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let idleStart = ContinuousClock.now
        let answer = await idle.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(Self.seconds(since: idleStart) > 0.8 && Self.seconds(since: idleStart) < 20)
    }

    @Test("a keep-alive connection that keeps asking stays open past the head deadline, and a body deadline shorter than the head's still closes on time")
    func deadlinesMoveWithRequests() async throws {
        let server = try await Self.server(headTimeout: 6, bodyTimeout: 1)
        defer { server.stop() }
        // Requests 0.5 s apart for 8 s: each response moves the 6 s head deadline, so the connection is never closed.
        let busy = try RawConnection(port: server.url.port!)
        let start = ContinuousClock.now
        var (answered, closed) = (0, false)
        while Self.seconds(since: start) < 8 {
            #expect(busy.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
            let answer = await busy.read(until: "\r\n\r\nok")
            guard answer.hasPrefix("HTTP/1.1 200"), answer.hasSuffix("ok") else {
                closed = true
                break
            }
            answered += 1
            try await Task.sleep(for: .milliseconds(500))
        }
        // How many answers fit in 8 s depends on the machine's load; what counts is that none was refused, past
        // the 6 s a deadline that did not move would have allowed.
        #expect(!closed && answered >= 2, "the connection was closed after \(answered) answers in \(Self.seconds(since: start)) s")

        // The head deadline (6 s) is armed first; the body's (1 s) is due sooner and must not wait for it.
        let stalled = try await Self.secondsUntilClosed(stallingBodyOn: server, after: .milliseconds(500))
        // Generous against a loaded machine, yet below the 5.5 s a timer waiting for the head deadline would take.
        #expect(stalled > 0.8 && stalled < 5)
    }
}
