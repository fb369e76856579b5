import Foundation
import Realtime
import Testing

/// AppSync's real-time protocol over a real WebSocket: the handshake, a subscription's life, and what it
/// delivers.
@Suite("Real-time: AppSync protocol")
struct RealtimeAppSyncTests {
    /// The `header` query parameter AppSync clients send: base64 of the authorization object.
    static func headerParameter(key: String) -> String {
        let json = try! JSONSerialization.data(withJSONObject: ["host": "127.0.0.1", "x-api-key": key])
        return json.base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test("handshake, start_ack, an event with the subscriber's own selection (not the mutation's), stop → complete")
    func lifecycle() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL + "?header=" + Self.headerParameter(key: server.key) + "&payload=e30=")
        defer { socket.close() }
        socket.send(json: ["type": "connection_init"])
        let ack = try await socket.next("connection_ack")
        #expect((ack["payload"] as? [String: Any])?["connectionTimeoutMs"] as? Int == 300_000)
        let keepAlive = try await socket.next(skippingKeepAlives: false)
        #expect(keepAlive["type"] as? String == "ka")
        socket.start("s1", query: "subscription { onCreateTeam { id mantra size __typename } }")
        let started = try await socket.next("start_ack")
        #expect(started["id"] as? String == "s1")
        // The mutation selects only the id; the subscriber still gets every field it asked for.
        let created = try await server.graphQL(#"mutation { createTeam(input: {mantra: "live", size: 3}) { id } }"#)
        let id = try #require(value(created, "data", "createTeam", "id") as? String)
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "s1")
        #expect(value(event, "payload", "data", "onCreateTeam", "id") as? String == id)
        #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "live")
        #expect(value(event, "payload", "data", "onCreateTeam", "size") as? Int == 3)
        #expect(value(event, "payload", "data", "onCreateTeam", "__typename") as? String == "Team")
        socket.send(json: ["id": "s1", "type": "stop"])
        let complete = try await socket.next("complete")
        #expect(complete["id"] as? String == "s1")
        // Nothing more for s1 after its complete.
        _ = try await server.graphQL(#"mutation { createTeam(input: {mantra: "after"}) { id } }"#)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }
}
