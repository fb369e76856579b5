import Foundation
import Realtime
import TestSupport
import Testing

/// The graphql-ws library's protocol (`graphql-transport-ws`) over a real WebSocket on `/graphql`: the
/// handshake, ping/pong, a subscription's life, queries and errors over the socket, and the close codes the
/// protocol prescribes for every misuse.
@Suite("Real-time: graphql-transport-ws protocol")
struct RealtimeGraphQLWSTests {
    /// The protocol's subprotocol.
    static let subprotocol = "graphql-transport-ws"

    /// A value as compact JSON text with sorted keys, for exact comparisons with readable failures.
    static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A connection to `server`'s `/graphql` offering `subprotocols`.
    static func connect(_ server: LiveServer, subprotocols: [String] = [subprotocol], headers: [String: String] = [:]) -> RealtimeTestClient {
        RealtimeTestClient.connect("ws://127.0.0.1:\(server.url.port!)/graphql", subprotocols: subprotocols, headers: headers)
    }

    /// A server with real-time delivery and a connection acknowledged with its key.
    static func acknowledged(_ settings: RealtimeSettings = RealtimeSettings()) async throws -> (LiveServer, RealtimeTestClient) {
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        let socket = connect(server)
        socket.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
        do {
            let ack = try await socket.next()
            #expect(Self.json(ack) == #"{"type":"connection_ack"}"#)
        } catch {
            socket.close()
            server.stop()
            throw error
        }
        return (server, socket)
    }

    /// Subscribes `id` to `query`, then pings: messages are handled in order, so the pong means the
    /// subscription is in place (the protocol has no acknowledgement of its own).
    static func subscribe(_ socket: RealtimeTestClient, _ id: String, _ query: String, variables: [String: Any]? = nil) async throws {
        var payload: [String: Any] = ["query": query]
        if let variables { payload["variables"] = variables }
        socket.send(json: ["id": id, "type": "subscribe", "payload": payload])
        socket.send(json: ["type": "ping"])
        let pong = try await socket.next()
        try #require(pong["type"] as? String == "pong", "\(pong)")
    }

    @Test("connection_init with the key in its payload → exactly {\"type\":\"connection_ack\"}; ping → pong")
    func handshakeAndPing() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        socket.send(json: ["type": "ping"])
        #expect(Self.json(try await socket.next()) == #"{"type":"pong"}"#)
        // A ping with a payload gets a pong too, and an unsolicited pong gets nothing.
        socket.send(json: ["type": "pong"])
        socket.send(json: ["type": "ping", "payload": ["at": 1]])
        #expect(try await socket.next()["type"] as? String == "pong")
    }

    @Test("subscribe → next with the subscriber's selection; complete from the client → no more next for it")
    func subscriptionLifecycle() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        try await Self.subscribe(socket, "a", "subscription { onCreateTeam { id mantra size __typename } }")
        try await Self.subscribe(socket, "b", "subscription { onCreateTeam { id } }")
        let created = try await server.graphQL(#"mutation { createTeam(input: {mantra: "one", size: 2}) { id } }"#)
        let id = try #require(value(created, "data", "createTeam", "id") as? String)
        var events: [String: String] = [:]
        for _ in 0..<2 {
            let event = try await socket.next("next")
            events[event["id"] as? String ?? "?"] = Self.json(event["payload"] ?? NSNull())
        }
        #expect(events["a"] == Self.json(["data": ["onCreateTeam": ["id": id, "mantra": "one", "size": 2, "__typename": "Team"]]]))
        #expect(events["b"] == Self.json(["data": ["onCreateTeam": ["id": id]]]))
        socket.send(json: ["id": "a", "type": "complete"])
        socket.send(json: ["type": "ping"])
        // The server answers a client's complete with nothing: the pong comes next.
        #expect(try await socket.next()["type"] as? String == "pong")
        let second = try await server.graphQL(#"mutation { createTeam(input: {mantra: "two"}) { id } }"#)
        let secondID = try #require(value(second, "data", "createTeam", "id") as? String)
        let event = try await socket.next("next")
        #expect(event["id"] as? String == "b")
        #expect(value(event, "payload", "data", "onCreateTeam", "id") as? String == secondID)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
        // The id is free again once completed.
        try await Self.subscribe(socket, "a", "subscription { onCreateTeam { mantra } }")
        _ = try await server.graphQL(#"mutation { createTeam(input: {mantra: "three"}) { id } }"#)
        var again: [String: String] = [:]
        for _ in 0..<2 {
            let event = try await socket.next("next")
            again[event["id"] as? String ?? "?"] = Self.json(event["payload"] ?? NSNull())
        }
        #expect(again["a"] == #"{"data":{"onCreateTeam":{"mantra":"three"}}}"#)
    }

    @Test("a query sent as subscribe → one next with its data, then complete")
    func queryOverSocket() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        let created = try await server.graphQL(#"mutation { createTeam(input: {mantra: "listed"}) { id } }"#)
        let id = try #require(value(created, "data", "createTeam", "id") as? String)
        socket.send(json: ["id": "q", "type": "subscribe", "payload": ["query": "query { listTeams { items { id mantra } } }"]])
        let next = try await socket.next("next")
        #expect(
            Self.json(next)
                == Self.json(
                    ["type": "next", "id": "q", "payload": ["data": ["listTeams": ["items": [["id": id, "mantra": "listed"]]]]]]))
        #expect(Self.json(try await socket.next()) == #"{"id":"q","type":"complete"}"#)
        // A mutation too: its record exists afterwards.
        let mutation = #"mutation M($input: CreateTeamInput!) { createTeam(input: $input) { mantra } }"#
        socket.send(json: ["id": "m", "type": "subscribe", "payload": ["query": mutation, "variables": ["input": ["mantra": "by socket"]], "operationName": "M"]])
        let written = try await socket.next("next")
        #expect(value(written, "payload", "data", "createTeam", "mantra") as? String == "by socket")
        #expect(try await socket.next("complete")["id"] as? String == "m")
        let listed = try await server.graphQL("query { listTeams { items { mantra } } }")
        #expect(Set((value(listed, "data", "listTeams", "items") as? [[String: Any]] ?? []).compactMap { $0["mantra"] as? String }) == ["listed", "by socket"])
    }

    @Test("an invalid subscription → error whose payload is an array of errors with messages, and the id stays usable")
    func invalidSubscription() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        for query in ["subscription { onCreateNothing { id } }", "subscription { onCreateTeam { id nope } }", "subscription {"] {
            socket.send(json: ["id": "bad", "type": "subscribe", "payload": ["query": query]])
            let error = try await socket.next("error")
            #expect(error["id"] as? String == "bad")
            let errors = try #require(error["payload"] as? [[String: Any]], "\(error)")
            #expect(!errors.isEmpty)
            for entry in errors { #expect(!((entry["message"] as? String) ?? "").isEmpty, "\(entry)") }
        }
        // No complete follows an error, and the same id subscribes normally afterwards.
        try await Self.subscribe(socket, "bad", "subscription { onCreateTeam { mantra } }")
        _ = try await server.graphQL(#"mutation { createTeam(input: {mantra: "fine"}) { id } }"#)
        let event = try await socket.next()
        #expect(Self.json(event) == #"{"id":"bad","payload":{"data":{"onCreateTeam":{"mantra":"fine"}}},"type":"next"}"#)
    }

    @Test("a subscribe before connection_ack → close 4401")
    func subscribeBeforeAck() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = Self.connect(server)
        defer { socket.close() }
        socket.send(json: ["id": "early", "type": "subscribe", "payload": ["query": "subscription { onCreateTeam { id } }"]])
        #expect(try await socket.closeCode() == RealtimeCloseCode.unauthorized)
    }

    @Test("a bad key in connection_init → close 4403, and no key at all → 4403")
    func badKey() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        for payload in [["x-api-key": "da2-not-a-key"], nil] as [[String: Any]?] {
            let socket = Self.connect(server)
            defer { socket.close() }
            var message: [String: Any] = ["type": "connection_init"]
            if let payload { message["payload"] = payload }
            socket.send(json: message)
            #expect(try await socket.closeCode() == RealtimeCloseCode.forbidden, "payload \(String(describing: payload))")
        }
    }

    @Test("the key in an x-api-key header on the upgrade acknowledges a connection_init without payload")
    func keyInUpgradeHeader() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = Self.connect(server, headers: ["x-api-key": server.key])
        defer { socket.close() }
        socket.send(json: ["type": "connection_init"])
        #expect(Self.json(try await socket.next()) == #"{"type":"connection_ack"}"#)
    }

    @Test("a second connection_init → close 4429")
    func secondInit() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        socket.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
        #expect(try await socket.closeCode() == RealtimeCloseCode.tooManyInits)
    }

    @Test("a subscribe with the id of a running subscription → close 4409")
    func duplicateID() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { server.stop() }
        defer { socket.close() }
        try await Self.subscribe(socket, "same", "subscription { onCreateTeam { id } }")
        socket.send(json: ["id": "same", "type": "subscribe", "payload": ["query": "subscription { onCreateMember { id } }"]])
        #expect(try await socket.closeCode() == RealtimeCloseCode.duplicateID)
    }

    @Test("an unknown message type, or AppSync's start on this protocol → close 4400")
    func unknownType() async throws {
        let (server, first) = try await Self.acknowledged()
        defer { server.stop() }
        defer { first.close() }
        first.send(json: ["type": "hello"])
        #expect(try await first.closeCode() == RealtimeCloseCode.badMessage)
        let second = Self.connect(server)
        defer { second.close() }
        second.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
        _ = try await second.next("connection_ack")
        second.send(json: ["id": "1", "type": "start", "payload": ["data": #"{"query":"subscription { onCreateTeam { id } }"}"#]])
        #expect(try await second.closeCode() == RealtimeCloseCode.badMessage)
    }

    @Test("no connection_init within the init timeout → close 4408")
    func initTimeout() async throws {
        var settings = RealtimeSettings()
        settings.initTimeout = .milliseconds(300)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let socket = Self.connect(server)
        defer { socket.close() }
        #expect(try await socket.closeCode() == RealtimeCloseCode.initTimeout)
    }

    @Test("modelgraph serve stopped with SIGTERM closes every graphql-transport-ws connection with 1012 (Service Restart), then exits 0")
    func gracefulShutdown() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, key, log) = try await ShutdownTests.serve(database: database, folder: folder)
        defer { if process.isRunning { process.terminate() } }
        var sockets: [RealtimeTestClient] = []
        defer { for socket in sockets { socket.close() } }
        for index in 0..<3 {
            let socket = RealtimeTestClient.connect("ws://127.0.0.1:\(port)/graphql", subprotocols: [Self.subprotocol])
            sockets.append(socket)
            socket.send(json: ["type": "connection_init", "payload": ["x-api-key": key]])
            _ = try await socket.next("connection_ack")
            try await Self.subscribe(socket, "s\(index)", "subscription { onCreateTeam { id } }")
        }
        process.terminate()
        for socket in sockets {
            let code = try await socket.closeCode()
            #expect(code == RealtimeCloseCode.serviceRestart)
        }
        for _ in 0..<300 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        try #require(!process.isRunning, "serve did not exit: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        #expect(process.terminationStatus == 0)
    }

    @Test("LiveServer.stop() (the server's task cancelled, not a graceful shutdown) closes the connection with 1012")
    func cancelledServer() async throws {
        let (server, socket) = try await Self.acknowledged()
        defer { socket.close() }
        try await Self.subscribe(socket, "s", "subscription { onCreateTeam { id } }")
        server.stop()
        let code = try await socket.closeCode()
        if code == RealtimeCloseCode.normal {
            // The cancellation can reach the connection's handler before the real-time service's: the session
            // then ends as if the client had left.
            withKnownIssue("a cancelled RealtimeSession.run closes with 1000, not the restart code, when it wins the race with hub.shutDown()", isIntermittent: true) {
                #expect(code == RealtimeCloseCode.serviceRestart)
            }
        } else {
            #expect(code == RealtimeCloseCode.serviceRestart)
        }
    }

    @Test("offering both graphql-ws and graphql-transport-ws picks graphql-transport-ws: a bare connection_ack, and ping → pong")
    func bothOffered() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        for offered in [["graphql-ws", Self.subprotocol], [Self.subprotocol, "graphql-ws"]] {
            let socket = Self.connect(server, subprotocols: offered)
            defer { socket.close() }
            socket.send(json: ["type": "connection_init", "payload": ["x-api-key": server.key]])
            // AppSync's protocol would add {"connectionTimeoutMs":…} and a ka, and refuse ping with an error.
            #expect(Self.json(try await socket.next(skippingKeepAlives: false)) == #"{"type":"connection_ack"}"#, "\(offered)")
            socket.send(json: ["type": "ping"])
            #expect(Self.json(try await socket.next(skippingKeepAlives: false)) == #"{"type":"pong"}"#, "\(offered)")
        }
    }
}
