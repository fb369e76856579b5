import Foundation
import Server
import Testing

/// Request bodies at the connection, over raw TCP: the `Expect: 100-continue` go-ahead, and bodies over the
/// size limit refused on their declared length and not read to their end.
@Suite("Request bodies: the 100-continue go-ahead and bodies over the limit")
struct BodyAdmissionTests {
    @Test("Expect: 100-continue gets the go-ahead at once when the body fits and a 413 without it when not; an oversized body is not read to its end")
    func admission() async throws {
        // Long read deadlines: a connection that closes within seconds was closed on purpose, not timed out.
        let server = try await LiveServer.start(
            schema: "schema",
            configuration: ServerConfiguration(
                host: "127.0.0.1", port: 0, maximumBodySize: 4096, requestHeadTimeout: .seconds(60), requestBodyTimeout: .seconds(60))
        )
        defer { server.stop() }
        let port = server.url.port!
        let body = #"{"query":"{ listTeams { items { id } } }"}"#
        func head(_ framing: String, expect: Bool) -> String {
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: \(server.key)\r\n\(framing)\r\n"
                + (expect ? "Expect: 100-continue\r\n" : "") + "\r\n"
        }

        // A body that fits: the go-ahead comes before any of it is sent, then the request is answered.
        let fits = try RawConnection(port: port)
        fits.send(head("Content-Length: \(body.utf8.count)", expect: true))
        let goAhead = await fits.read(until: "\r\n\r\n")
        #expect(goAhead.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(goAhead)")
        fits.send(body)
        let answer = await fits.read(until: "}}}")
        #expect(answer.contains("HTTP/1.1 200 OK"), "\(answer)")
        #expect(answer.contains(#"{"data":{"listTeams":{"items""#), "\(answer)")

        // Declared too large: no go-ahead; the 413 comes without the body being sent, then the connection closes.
        let declared = try RawConnection(port: port)
        var started = ContinuousClock.now
        declared.send(head("Content-Length: 5000", expect: true))
        let refused = await declared.readToEnd()
        #expect(SlowClientTests.seconds(since: started) < 8, "the connection stayed open")
        #expect(refused.hasPrefix("HTTP/1.1 413"), "\(refused)")
        #expect(!refused.contains("100 Continue"))
        #expect(refused.contains(#""errorType":"LimitExceeded""#))

        // A client that sends a too-large body without asking: answered and cut off, not read to its end.
        let streaming = try RawConnection(port: port)
        started = ContinuousClock.now
        streaming.send(head("Content-Length: 100000000", expect: false) + String(repeating: " ", count: 1000))
        let cut = await streaming.readToEnd()
        #expect(SlowClientTests.seconds(since: started) < 8, "the connection stayed open")
        #expect(cut.hasPrefix("HTTP/1.1 413"), "\(cut)")

        // A chunked body declares no length: refused once it passes the limit, and cut off the same way.
        let chunked = try RawConnection(port: port)
        started = ContinuousClock.now
        chunked.send(head("Transfer-Encoding: chunked", expect: false))
        for _ in 0..<6 { chunked.send("3e8\r\n" + String(repeating: " ", count: 1000) + "\r\n") }
        let chunkedAnswer = await chunked.readToEnd()
        #expect(SlowClientTests.seconds(since: started) < 8, "the connection stayed open")
        #expect(chunkedAnswer.hasPrefix("HTTP/1.1 413"), "\(chunkedAnswer)")
        #expect(chunkedAnswer.contains(#""errorType":"LimitExceeded""#))
    }
}
