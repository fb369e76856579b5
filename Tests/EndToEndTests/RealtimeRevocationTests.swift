import Foundation
import Postgres
import Realtime
import Store
import Testing

/// An API key revoked (or expired) while subscriptions run under it: the server checks the keys of open
/// connections every few seconds and ends what runs under a key that is no longer valid, with an
/// `UnauthorizedException` error for each subscription (graphql-ws connections are closed with 4403).
@Suite("Real-time: revoked and expired keys")
struct RealtimeRevocationTests {
    /// Revocation reaches subscriptions within the server's key-check interval plus its key cache's lifetime
    /// (10 s); the deadline leaves room for a loaded 2-core machine running the whole suite, where 30 s was seen
    /// to be too short.
    static let revocationDeadline: Duration = .seconds(90)

    /// A new key for `server`, and its id (the middle part of `mg_<id>_<secret>`).
    static func newKey(_ server: LiveServer, lifetime: TimeInterval = APIKeyStore.defaultLifetime) async throws -> (key: String, id: String) {
        let key = try await APIKeyStore(client: server.client).create(description: "revocation test", lifetime: lifetime)
        let parts = key.split(separator: "_")
        try #require(parts.count == 3 && parts[0] == "mg", "unexpected key shape \(key)")
        #expect(APIKeyStore.publicID(of: key) == String(parts[1]))
        return (key, String(parts[1]))
    }

    /// An AppSync connection acknowledged with `key`, with `ids` subscribed to onCreateTeam.
    static func subscribed(_ server: LiveServer, key: String, ids: [String]) async throws -> RealtimeTestClient {
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": key])
        try await socket.initialize()
        for id in ids { try await RealtimeDeliveryTests.subscribe(socket, id, "subscription { onCreateTeam { mantra } }") }
        return socket
    }

    /// Reads `count` messages within the revocation deadline; each must be an `error` with an
    /// UnauthorizedException. Returns their ids.
    static func unauthorizedErrors(_ socket: RealtimeTestClient, count: Int) async throws -> [String] {
        var ids: [String] = []
        for _ in 0..<count {
            let error = try await socket.next("error", timeout: revocationDeadline)
            #expect(value(error, "payload", "errors", 0, "errorType") as? String == "UnauthorizedException", "\(error)")
            ids.append(try #require(error["id"] as? String))
        }
        return ids
    }

    @Test("revoking the connection's key ends each of its subscriptions with UnauthorizedException; later events and starts are refused")
    func revokedConnectionKey() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let (key, id) = try await Self.newKey(server)
        let socket = try await Self.subscribed(server, key: key, ids: ["a", "b"])
        defer { socket.close() }
        // The key works until it is revoked.
        try await server.seed(#"mutation { createTeam(input: {mantra: "before"}) { id } }"#)
        for _ in 0..<2 { _ = try await socket.next("data") }
        #expect(try await APIKeyStore(client: server.client).revoke(id: id))
        #expect(try await Self.unauthorizedErrors(socket, count: 2).sorted() == ["a", "b"])
        try await server.seed(#"mutation { createTeam(input: {mantra: "after"}) { id } }"#)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
        // The connection is no longer acknowledged: a new start is refused.
        socket.start("c", query: "subscription { onCreateTeam { mantra } }")
        #expect(try await Self.unauthorizedErrors(socket, count: 1) == ["c"])
    }

    @Test("a revocation made by another process reaches subscriptions and requests at once, long before the periodic check or the key cache would notice")
    func announcedRevocation() async throws {
        var settings = RealtimeSettings()
        settings.keyCheckInterval = .seconds(3600)
        let server = try await LiveServer.start(schema: "schema", realtime: settings, keyCacheLifetime: 3600)
        defer { server.stop() }
        let (key, id) = try await Self.newKey(server)
        let socket = try await Self.subscribed(server, key: key, ids: ["a"])
        defer { socket.close() }
        let query = try JSONSerialization.data(withJSONObject: ["query": "{ listTeams { items { id } } }"])
        // The key is cached now, for an hour.
        #expect(try await server.post(body: query, key: key).0 == 200)
        // Revoked through a store of its own, as `modelgraph keys revoke` does from another process.
        #expect(try await APIKeyStore(client: server.client).revoke(id: id))
        #expect(try await Self.unauthorizedErrors(socket, count: 1) == ["a"])
        #expect(try await server.post(body: query, key: key).0 == 401)
        #expect(try await server.post(body: query, key: server.key).0 == 200)
    }

    @Test("a subscription started with another key in extensions.authorization ends when that key is revoked; the others run on")
    func revokedSubscriptionKey() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let (other, id) = try await Self.newKey(server)
        let socket = try await Self.subscribed(server, key: server.key, ids: ["own"])
        defer { socket.close() }
        socket.start("borrowed", query: "subscription { onCreateTeam { mantra } }", authorization: ["x-api-key": other, "host": "127.0.0.1"])
        _ = try await socket.next("start_ack")
        #expect(try await APIKeyStore(client: server.client).revoke(id: id))
        #expect(try await Self.unauthorizedErrors(socket, count: 1) == ["borrowed"])
        try await server.seed(#"mutation { createTeam(input: {mantra: "still here"}) { id } }"#)
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "own")
        #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "still here")
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("a key that expires ends its subscriptions the same way")
    func expiredKey() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        // A long-lived key whose expiry is moved into the past once it is subscribed: a short lifetime could end
        // before a loaded machine has connected and subscribed.
        let (key, id) = try await Self.newKey(server)
        let socket = try await Self.subscribed(server, key: key, ids: ["short"])
        defer { socket.close() }
        _ = try await server.client.query("UPDATE modelgraph.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [id])
        #expect(try await Self.unauthorizedErrors(socket, count: 1) == ["short"])
    }

    @Test("graphql-transport-ws: revoking the connection's key ends the subscription with an error, then closes with 4403")
    func revokedOnGraphQLWS() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let (key, id) = try await Self.newKey(server)
        let socket = RealtimeTestClient.connect(server.realtimeURL, subprotocols: ["graphql-transport-ws"], headers: ["x-api-key": key])
        defer { socket.close() }
        socket.send(json: ["type": "connection_init"])
        _ = try await socket.next("connection_ack")
        // The pong says the subscription is in place before the write (graphql-ws acknowledges no subscribe).
        try await RealtimeGraphQLWSTests.subscribe(socket, "s", "subscription { onCreateTeam { mantra } }")
        try await server.seed(#"mutation { createTeam(input: {mantra: "before"}) { id } }"#)
        #expect(value(try await socket.next("next"), "payload", "data", "onCreateTeam", "mantra") as? String == "before")
        #expect(try await APIKeyStore(client: server.client).revoke(id: id))
        let error = try await socket.next("error", timeout: Self.revocationDeadline)
        #expect(error["id"] as? String == "s")
        #expect(value(error, "payload", 0, "errorType") as? String == "UnauthorizedException", "\(error)")
        #expect(try await socket.closeCode(timeout: Self.revocationDeadline) == 4403)
    }
}
