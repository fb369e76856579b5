import Foundation
import JSON
import Realtime
import TestSupport
import Testing

/// Signed-in users on real-time connections, on `serve --auth-default userPools … --auth-additional apiKey`: the
/// token travels where AppSync clients put it (the `header` query parameter, a `header-…` subprotocol, an
/// `Authorization` upgrade header, a start's `extensions.authorization`, a graphql-ws `connection_init` payload)
/// and is refused as a bad API key is; a subscription ends when the token it runs under expires.
@Suite("Real-time: signed-in users")
struct RealtimeSignedInUserTests {
    static func start(extra: [String] = []) async throws -> SignedInServe {
        try await SignedInServe.start { folder in
            ["--auth-default", "userPools"] + SignedInServe.userPoolArguments
                + ["--jwks-file", SignedInServe.jwksFile(in: folder).path, "--auth-additional", "apiKey"] + extra
        }
    }

    /// The AppSync real-time URL of `server`, with `token` in the `header` query parameter (none: no parameter).
    static func url(_ server: SignedInServe, token: String?) -> String {
        let base = "ws://127.0.0.1:\(server.serve.port)/graphql/realtime"
        guard let token else { return base }
        let header = try! JSONSerialization.data(withJSONObject: ["host": "127.0.0.1:\(server.serve.port)", "Authorization": token], options: [.sortedKeys])
        return base + "?header=" + RealtimeAppSyncAuthTests.percentEncoded(header.base64EncodedString()) + "&payload=e30="
    }

    @Test("a token in the header query parameter, a header- subprotocol or an Authorization upgrade header acks, and its subscription gets events")
    func acknowledged() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let token = try server.token()
        let object = try JSONSerialization.data(withJSONObject: ["host": "api.example.com", "Authorization": token])
        let connections = [
            RealtimeTestClient.connect(Self.url(server, token: token)),
            RealtimeTestClient.connect(Self.url(server, token: nil), subprotocols: ["graphql-ws", "header-" + RealtimeAppSyncAuthTests.base64URL(object)]),
            RealtimeTestClient.connect(Self.url(server, token: nil), headers: ["Authorization": "Bearer \(token)"]),
        ]
        defer { for socket in connections { socket.close() } }
        for (index, socket) in connections.enumerated() {
            try await socket.initialize()
            try await RealtimeDeliveryTests.subscribe(socket, "s\(index)", "subscription { onCreateTeam { mantra } }")
        }
        let created = try await server.post(#"mutation { createTeam(input: {mantra: "signed in"}) { id } }"#, headers: ["Authorization": token])
        #expect(created.status == 200, "\(created.text)")
        for (index, socket) in connections.enumerated() {
            let event = try await socket.next("data")
            #expect(event["id"] as? String == "s\(index)")
            #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "signed in", "\(event)")
        }
    }

    @Test("a bad or expired token: connection_error UnauthorizedException 401, then a close; the reason only in the log")
    func refused() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let expired = try server.token([("exp", .int(Int(Date().timeIntervalSince1970) - 3600))])
        for (token, reason) in [("not-a-token", "reason=malformed token"), (expired, "reason=expired")] {
            let (socket, answer) = try await RealtimeAppSyncAuthTests.answer(to: Self.url(server, token: token))
            defer { socket.close() }
            RealtimeAppSyncAuthTests.expectUnauthorized(answer, "\(reason)")
            #expect(try await socket.closeCode() == RealtimeCloseCode.normal)
            let lines = server.serve.logText.split(separator: "\n").filter { $0.contains("real-time connection refused") }
            #expect(lines.contains { $0.contains(reason) }, "\(server.serve.logText)")
        }
    }

    @Test("a start's extensions.authorization may carry a token: a valid one runs, a bad one gets an UnauthorizedException error for its id")
    func startAuthorization() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(Self.url(server, token: nil), headers: ["x-api-key": try server.serve.apiKey()])
        defer { socket.close() }
        try await socket.initialize()
        socket.start("bad", query: "subscription { onCreateTeam { id } }", authorization: ["host": "h", "Authorization": "Bearer not-a-token"])
        let error = try await socket.next("error")
        #expect(error["id"] as? String == "bad")
        #expect(value(error, "payload", "errors", 0, "errorType") as? String == "UnauthorizedException", "\(error)")
        socket.start("good", query: "subscription { onCreateTeam { id } }", authorization: ["host": "h", "Authorization": try server.token()])
        let ack = try await socket.next("start_ack")
        #expect(ack["id"] as? String == "good")
    }

    @Test("graphql-transport-ws: a token in connection_init's payload acks and a query runs; a bad one closes with 4403")
    func graphQLTransportWS() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let url = "ws://127.0.0.1:\(server.serve.port)/graphql"
        let socket = RealtimeTestClient.connect(url, subprotocols: [RealtimeGraphQLWSTests.subprotocol])
        defer { socket.close() }
        socket.send(json: ["type": "connection_init", "payload": ["Authorization": "Bearer " + (try server.token())]])
        #expect(RealtimeGraphQLWSTests.json(try await socket.next()) == #"{"type":"connection_ack"}"#)
        socket.send(json: ["id": "q", "type": "subscribe", "payload": ["query": "{ listTeams { items { id } } }"]])
        let next = try await socket.next("next")
        #expect(value(next, "payload", "data", "listTeams", "items") as? [Any] != nil, "\(next)")
        let refused = RealtimeTestClient.connect(url, subprotocols: [RealtimeGraphQLWSTests.subprotocol])
        defer { refused.close() }
        refused.send(json: ["type": "connection_init", "payload": ["Authorization": "Bearer not-a-token"]])
        #expect(try await refused.closeCode() == RealtimeCloseCode.forbidden)
    }

    @Test("when the connection's token expires, its subscription ends with UnauthorizedException and new starts are refused")
    func expiry() async throws {
        // No clock skew: the token stops being accepted at its exp, 30 s from now (time enough to subscribe on a
        // loaded machine); the server checks open connections every 5 s.
        let server = try await Self.start(extra: ["--token-clock-skew", "0"])
        defer { server.stop() }
        let token = try server.token([("exp", .int(Int(Date().timeIntervalSince1970) + 30))])
        let socket = RealtimeTestClient.connect(Self.url(server, token: token))
        defer { socket.close() }
        try await socket.initialize()
        try await RealtimeDeliveryTests.subscribe(socket, "s", "subscription { onCreateTeam { id } }")
        let ended = try await socket.next("error", timeout: .seconds(120))
        #expect(ended["id"] as? String == "s")
        #expect(value(ended, "payload", "errors", 0, "errorType") as? String == "UnauthorizedException", "\(ended)")
        #expect(value(ended, "payload", "errors", 0, "message") as? String == "The token has expired.", "\(ended)")
        socket.start("later", query: "subscription { onCreateTeam { id } }")
        let refused = try await socket.next("error")
        #expect(refused["id"] as? String == "later")
        #expect(value(refused, "payload", "errors", 0, "errorType") as? String == "UnauthorizedException", "\(refused)")
    }
}
