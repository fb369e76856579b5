import Foundation
import Server
import Testing

/// Headers a request repeats are read as HTTP combines them (joined with commas), not by their first copy.
@Suite("Repeated request headers")
struct RepeatedHeaderTests {
    static func answer(_ server: LiveServer, headers: [String]) async throws -> String {
        let connection = try RawConnection(port: server.url.port!)
        let body = #"{"query":"{ __typename }"}"#
        let head = (["POST /graphql HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers)
            .joined(separator: "\r\n")
        #expect(connection.send(head + "\r\n\r\n" + body))
        return await connection.readToEnd()
    }

    @Test("one API key header is read as it is; the same key sent twice is one value, 'key, key', which is no key")
    func repeatedAPIKey() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let once = try await Self.answer(server, headers: ["x-api-key: \(server.key)"])
        #expect(once.hasPrefix("HTTP/1.1 200") && once.contains(#"{"data":{"__typename":"Query"}}"#), "\(once)")
        let twice = try await Self.answer(server, headers: ["x-api-key: \(server.key)", "x-api-key: \(server.key)"])
        #expect(twice.hasPrefix("HTTP/1.1 401") && twice.contains("UnauthorizedException"), "\(twice)")
    }
}
