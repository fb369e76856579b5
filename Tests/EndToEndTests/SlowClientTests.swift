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

    @Test("a head trickled byte by byte, a body that stops, and an idle keep-alive connection are closed on time")
    func deadlines() async throws {
        let server = try await LiveServer.start(
            schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, requestHeadTimeout: .seconds(1), requestBodyTimeout: .seconds(1))
        )
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

        let stalled = try RawConnection(port: port)
        stalled.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-api-key: \(server.key)\r\n\r\n{\"query\":")
        let stalledStart = ContinuousClock.now
        _ = await stalled.readToEnd()
        #expect(Self.seconds(since: stalledStart) < 20)

        let idle = try RawConnection(port: port)
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let idleStart = ContinuousClock.now
        let answer = await idle.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(Self.seconds(since: idleStart) > 0.8 && Self.seconds(since: idleStart) < 20)
    }
}
