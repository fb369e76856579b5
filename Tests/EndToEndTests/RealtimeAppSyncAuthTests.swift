import Foundation
import Realtime
import Store
import Testing

/// Connection and subscription authorization on AppSync's real-time protocol (`graphql-ws`) over a real
/// WebSocket: the API key in every place and encoding AppSync clients send it (the `header` query parameter,
/// a `header-…` subprotocol, an `x-api-key` upgrade header), the subprotocol the upgrade answers, and how a
/// missing, wrong or revoked key is refused (`connection_error`, then a close).
@Suite("Real-time: AppSync authorization")
struct RealtimeAppSyncAuthTests {
    /// The JSON authorization object of a client with `key` (sorted keys, so the same host gives the same text).
    static func authorization(key: String, host: String = "127.0.0.1", keyName: String = "x-api-key") -> Data {
        try! JSONSerialization.data(withJSONObject: ["host": host, keyName: key, "x-amz-date": "20260101T000000Z"], options: [.sortedKeys])
    }

    /// The first authorization object (varying its host) whose standard base64 satisfies `holds`. Base64 of
    /// ASCII has a `+` or `/` only where a `>`, `~` or `?` is the third byte of a group of three, so the hosts
    /// hold a `?` and a `>` at varying offsets (the server does not check the host), and vary the length so that
    /// some texts need padding.
    static func authorization(key: String, keyName: String = "x-api-key", where holds: (String) -> Bool) throws -> Data {
        for index in 0..<27 {
            let pads = [index % 3, index / 3 % 3, index / 9 % 3].map { String(repeating: "x", count: $0) }
            let json = authorization(key: key, host: pads[0] + "?" + pads[1] + ">" + pads[2] + ".example.com", keyName: keyName)
            if holds(json.base64EncodedString()) { return json }
        }
        throw RealtimeTestError("no host gives a base64 text with the wanted characters")
    }

    /// Base64url without padding, as amplify-js 6.6+ and amplify-flutter put it into a `header-…` subprotocol.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// `text` percent-encoded except for letters and digits (as Android's `appendQueryParameter` does).
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// Connects with `url`, `subprotocols` and `headers`, sends `connection_init` and returns the answer.
    static func answer(
        to url: String, subprotocols: [String] = ["graphql-ws"], headers: [String: String] = [:], initMessage: [String: Any] = ["type": "connection_init"]
    ) async throws -> (socket: RealtimeTestClient, answer: [String: Any]) {
        let socket = RealtimeTestClient.connect(url, subprotocols: subprotocols, headers: headers)
        socket.send(json: initMessage)
        return (socket, try await socket.next())
    }

    /// Expects `message` to be AppSync's `connection_error` for a refused key, exactly.
    static func expectUnauthorized(_ message: [String: Any], _ comment: Comment? = nil) {
        #expect(message["type"] as? String == "connection_error", comment)
        #expect(Set(message.keys) == ["type", "payload"], comment)
        let errors = value(message, "payload", "errors") as? [[String: Any]]
        #expect(errors?.count == 1, comment)
        let error = errors?.first ?? [:]
        #expect(Set(error.keys) == ["errorType", "message", "errorCode"], comment)
        #expect(error["errorType"] as? String == "UnauthorizedException", comment)
        #expect((error["message"] as? String)?.isEmpty == false, comment)
        #expect(error["errorCode"] as? Int == 401, comment)
    }

    /// The 101 (or refusal) head of a raw upgrade request to `path` offering `subprotocols` (none: no header).
    static func rawUpgrade(port: Int, path: String = "/graphql/realtime", subprotocols: String?, extraHeaders: String = "") async throws -> String {
        let connection = try RawConnection(port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocols { request += "Sec-WebSocket-Protocol: \(subprotocols)\r\n" }
        request += extraHeaders + "\r\n"
        #expect(connection.send(request))
        let answer = await connection.read(until: "\r\n\r\n")
        return answer.components(separatedBy: "\r\n\r\n")[0]
    }

    /// The values of header `name` (any case) in a response head.
    static func headerValues(_ name: String, in head: String) -> [String] {
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("the header query parameter: standard base64 (escaped or not), base64url unpadded, Android's line breaks, a literal + read as a space")
    func headerQueryParameter() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        // Standard base64 with '/', '+' and padding, so that the alphabet and the padding both matter.
        let padded = try Self.authorization(key: server.key) { $0.contains("/") && $0.contains("+") && $0.hasSuffix("=") }
        let standard = padded.base64EncodedString()
        let unpadded = Self.base64URL(padded)
        try #require(unpadded.contains("-") || unpadded.contains("_"))
        // Android's Base64.DEFAULT: a line break every 76 characters and one at the end.
        let android = Self.authorization(key: server.key).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + "\n"
        try #require(android.filter { $0 == "\n" }.count >= 2)
        // A '+' sent as is, which form decoding turns into a space.
        let plus = try Self.authorization(key: server.key) { $0.contains("+") }.base64EncodedString()
        try #require(plus.contains("+"))
        let variants: [(String, String)] = [
            ("standard, percent-encoded", Self.percentEncoded(standard)),
            ("standard with a literal / and =", standard.replacingOccurrences(of: "+", with: "%2B")),
            ("base64url without padding", unpadded),
            ("Android line breaks, percent-encoded", Self.percentEncoded(android)),
            ("a literal +", plus),
        ]
        for (name, parameter) in variants {
            let (socket, answer) = try await Self.answer(to: server.realtimeURL + "?header=" + parameter + "&payload=e30=")
            defer { socket.close() }
            #expect(answer["type"] as? String == "connection_ack", "\(name): \(answer)")
            #expect(value(answer, "payload", "connectionTimeoutMs") as? Int == 300_000, "\(name)")
        }
    }

    @Test("a header-<base64url> subprotocol beside graphql-ws, with x-api-key or Flutter's X-Api-Key; a plain x-api-key upgrade header")
    func subprotocolAndHeader() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        for keyName in ["x-api-key", "X-Api-Key"] {
            let token = "header-" + Self.base64URL(Self.authorization(key: server.key, host: "api.example.com:8443", keyName: keyName))
            let (socket, answer) = try await Self.answer(to: server.realtimeURL + "?payload=e30=", subprotocols: ["graphql-ws", token])
            defer { socket.close() }
            #expect(answer["type"] as? String == "connection_ack", "\(keyName): \(answer)")
        }
        // X-Api-Key inside the header query parameter's object too.
        let capitalised = Self.percentEncoded(Self.authorization(key: server.key, keyName: "X-Api-Key").base64EncodedString())
        let (queried, queriedAnswer) = try await Self.answer(to: server.realtimeURL + "?header=" + capitalised)
        defer { queried.close() }
        #expect(queriedAnswer["type"] as? String == "connection_ack", "\(queriedAnswer)")
        let (headed, headedAnswer) = try await Self.answer(to: server.realtimeURL, headers: ["x-api-key": server.key])
        defer { headed.close() }
        #expect(headedAnswer["type"] as? String == "connection_ack", "\(headedAnswer)")
        // The key found at the upgrade works for subscriptions, not just the handshake.
        headed.start("s1", query: "subscription { onCreateTeam { mantra } }")
        #expect(try await headed.next("start_ack")["id"] as? String == "s1")
    }

    @Test("the upgrade answers Sec-WebSocket-Protocol: graphql-ws exactly, even when a header-… token was offered")
    func answeredSubprotocol() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let token = "header-" + Self.base64URL(Self.authorization(key: server.key))
        for offered in ["graphql-ws, \(token)", "\(token), graphql-ws", "graphql-ws"] {
            let head = try await Self.rawUpgrade(port: server.url.port!, subprotocols: offered)
            #expect(head.hasPrefix("HTTP/1.1 101"), "\(offered): \(head)")
            #expect(Self.headerValues("Sec-WebSocket-Protocol", in: head) == ["graphql-ws"], "\(offered): \(head)")
            // RFC 6455: base64(SHA-1(key + GUID)) of the sample nonce.
            #expect(Self.headerValues("Sec-WebSocket-Accept", in: head) == ["s3pPLMBiTxaQ9kYGzzhZRbK+xOo="], "\(head)")
        }
    }

    @Test("an upgrade offering no subprotocol, or none spoken here, is refused with HTTP 400")
    func unknownSubprotocolRefused() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let token = "header-" + Self.base64URL(Self.authorization(key: server.key))
        for offered in [nil, "mqtt", "graphql-wss, \(token)", "aws-appsync-event-ws"] as [String?] {
            let head = try await Self.rawUpgrade(port: server.url.port!, subprotocols: offered)
            #expect(head.hasPrefix("HTTP/1.1 400"), "\(offered ?? "no subprotocol"): \(head)")
            #expect(Self.headerValues("Sec-WebSocket-Accept", in: head).isEmpty, "\(head)")
        }
    }

    @Test("no key, an unknown key, a malformed key: connection_error UnauthorizedException 401 after connection_init, then a close")
    func refusedKeys() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let parts = server.key.split(separator: "_")
        let wrongSecret = "mg_\(parts[1])_" + String(repeating: "x", count: parts[2].count)
        let cases: [(String, String, [String: String])] = [
            ("no key", server.realtimeURL + "?payload=e30=", [:]),
            ("wrong secret in header", server.realtimeURL + "?header=" + Self.percentEncoded(Self.authorization(key: wrongSecret).base64EncodedString()), [:]),
            ("unknown id in x-api-key", server.realtimeURL, ["x-api-key": "mg_00000000_" + String(repeating: "a", count: 32)]),
            ("not a key at all", server.realtimeURL, ["x-api-key": "da2-abcdefghijklmnopqrstuvwxyz"]),
            ("undecodable header", server.realtimeURL + "?header=%25%25%25", [:]),
        ]
        for (name, url, headers) in cases {
            let (socket, answer) = try await Self.answer(to: url, headers: headers)
            Self.expectUnauthorized(answer, "\(name): \(answer)")
            #expect(try await socket.closeCode() == 1000, "\(name)")
        }
    }

    @Test("a revoked key: connection_error UnauthorizedException 401, then a close")
    func revokedKey() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let store = APIKeyStore(client: server.client)
        let key = try await store.create(description: "revoked")
        #expect(try await store.revoke(id: try #require(APIKeyStore.publicID(of: key))))
        let (socket, answer) = try await Self.answer(to: server.realtimeURL, headers: ["x-api-key": key])
        Self.expectUnauthorized(answer, "\(answer)")
        #expect(try await socket.closeCode() == 1000)
    }

    @Test("connection_init with an id (Flutter) and with an empty payload (gql) both get connection_ack")
    func initVariants() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let messages: [[String: Any]] = [
            ["type": "connection_init", "id": "5f0c5f3e-8e0e-4e0e-9d0e-0c0e0e0e0e0e"],
            ["type": "connection_init", "payload": [String: Any]()],
        ]
        for message in messages {
            let (socket, answer) = try await Self.answer(to: server.realtimeURL, headers: ["x-api-key": server.key], initMessage: message)
            defer { socket.close() }
            #expect(answer["type"] as? String == "connection_ack", "\(message): \(answer)")
            #expect(value(answer, "payload", "connectionTimeoutMs") as? Int == 300_000)
            socket.start("after-init", query: "subscription { onDeleteTeam { id } }")
            #expect(try await socket.next("start_ack")["id"] as? String == "after-init")
        }
    }

    @Test("a start carrying another valid key in extensions.authorization runs; an invalid one gets error UnauthorizedException for its id")
    func startAuthorization() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let other = try await APIKeyStore(client: server.client).create(description: "per start")
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        let query = "subscription { onCreateTeam { mantra } }"
        socket.start("bad", query: query, authorization: ["host": "127.0.0.1", "x-api-key": "mg_00000000_" + String(repeating: "b", count: 32)])
        let refused = try await socket.next("error")
        #expect(refused["id"] as? String == "bad")
        let errors = try #require(value(refused, "payload", "errors") as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["errorType"] as? String == "UnauthorizedException")
        #expect((errors.first?["message"] as? String)?.isEmpty == false)
        socket.start("good", query: query, authorization: ["host": "127.0.0.1", "x-amz-date": "20260101T000000Z", "x-api-key": other])
        #expect(try await socket.next("start_ack")["id"] as? String == "good")
        try await server.seed(#"mutation { createTeam(input: {mantra: "per-start key"}) { id } }"#)
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "good")
        #expect(value(event, "payload", "data", "onCreateTeam", "mantra") as? String == "per-start key")
        // The refused start left nothing running: the one event above is the only one.
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }
}
