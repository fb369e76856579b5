import Foundation
import Functions
import JSON
import Realtime
import TestSupport
import Testing

/// Custom subscriptions (`@aws_subscribe(mutations:)`) delivered over both real-time protocols: the answers of a
/// function's mutation, a SQL statement's and a model's generated mutations, filtered by the subscription's
/// arguments, completed against the subscriber's selection, across servers, under the subscription's rules.
@Suite("Custom operations: subscriptions")
struct CustomSubscriptionTests {
    /// The function server's script: `send` answers a message with the given room and text (and no likes),
    /// `gate` refuses subscribers to the room "closed".
    static func script(_ name: String, _ event: JSONValue) async -> FunctionServer.Reply {
        let arguments = event["arguments"] ?? .null
        switch name {
        case "send":
            return .json(JSONText.encode(.object([("room", arguments["room"] ?? .null), ("text", arguments["text"] ?? .null), ("author", .string("fn"))])))
        case "gate":
            if arguments["room"] == .string("closed") { return .lambdaError(type: "RoomClosed", message: "This room is closed.") }
            return .json("{}")
        default: return .status(404, "no such function")
        }
    }

    /// A server of the fixture on `database` (a new one when nil), calling `functions`.
    static func server(_ functions: FunctionServer, database: String? = nil, realtime: RealtimeSettings = RealtimeSettings()) async throws -> LiveServer {
        let invoker = HTTPFunctions(endpoints: ["send": functions.url("send"), "gate": functions.url("gate")])
        return try await LiveServer.start(schema: "custom-subscriptions", conninfo: database, realtime: realtime, functions: invoker)
    }

    /// An AppSync-protocol socket on `server`, initialised.
    static func socket(_ server: LiveServer) async throws -> RealtimeTestClient {
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        try await socket.initialize()
        return socket
    }

    /// Starts `query` under `id` on an AppSync socket and waits for its acknowledgement.
    static func subscribe(_ socket: RealtimeTestClient, _ id: String, _ query: String, variables: [String: Any]? = nil) async throws {
        socket.start(id, query: query, variables: variables)
        let ack = try await socket.next()
        try #require(ack["type"] as? String == "start_ack" && ack["id"] as? String == id, "\(ack)")
    }

    @Test("a function's and a SQL statement's answers reach subscribers whose arguments they match, in order, with the subscriber's selection; values carrying SQL arrive as sent")
    func delivered() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let server = try await Self.server(functions)
        defer { server.stop(); functions.stop() }
        let socket = try await Self.socket(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "lobby", #"subscription { onMessage(room: "lobby") { room text likes __typename } }"#)
        try await Self.subscribe(socket, "all", "subscription Everything { every: onMessage { text author } }")
        try await Self.subscribe(socket, "sql", "subscription($a: String) { onMessage(author: $a) { text } }", variables: ["a": "sql"])
        let hostile = #"'; DROP TABLE "Note"; --"#
        try await server.seed(#"mutation { sendMessage(room: "lobby", text: "hello") { room text author } }"#)
        try await server.seed(#"mutation { sendMessage(room: "kitchen", text: "soup") { room text author } }"#)
        try await server.seed("mutation($t: String!) { postMessage(room: \"lobby\", text: $t) { room text author likes } }", variables: ["t": hostile])
        var received: [String: [String]] = [:]
        for _ in 0..<6 {
            let event = try await socket.next("data")
            let id = try #require(event["id"] as? String)
            received[id, default: []].append(RealtimeGraphQLWSTests.json(try #require(value(event, "payload"))))
        }
        #expect(
            received["lobby"] == [
                #"{"data":{"onMessage":{"__typename":"Message","likes":null,"room":"lobby","text":"hello"}}}"#,
                #"{"data":{"onMessage":{"__typename":"Message","likes":0,"room":"lobby","text":"'; DROP TABLE \"Note\"; --"}}}"#,
            ])
        #expect(
            received["all"] == [
                #"{"data":{"every":{"author":"fn","text":"hello"}}}"#, #"{"data":{"every":{"author":"fn","text":"soup"}}}"#,
                #"{"data":{"every":{"author":"sql","text":"'; DROP TABLE \"Note\"; --"}}}"#,
            ])
        #expect(received["sql"] == [#"{"data":{"onMessage":{"text":"'; DROP TABLE \"Note\"; --"}}}"#])
        #expect(try await server.graphQL("{ listNotes { items { id } } }")["errors"] == nil)
        // A failed mutation publishes nothing.
        let failed = try await server.graphQL(#"mutation { sendMessage(room: "lobby") { room } }"#)
        #expect(failed["errors"] != nil)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("a field the mutation did not select arrives null, and a required one the subscriber asks for is an error beside the event")
    func mutationSelection() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let server = try await Self.server(functions)
        defer { server.stop(); functions.stop() }
        let socket = try await Self.socket(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "s", "subscription { onMessage { room author } }")
        try await Self.subscribe(socket, "t", "subscription { onMessage { text } }")
        try await server.seed(#"mutation { sendMessage(room: "r", text: "x") { room } }"#)
        let first = try await socket.next("data")
        let second = try await socket.next("data")
        let byID = Dictionary(uniqueKeysWithValues: [first, second].map { ($0["id"] as? String ?? "", $0) })
        #expect(RealtimeGraphQLWSTests.json(value(byID["s"], "payload") ?? "") == #"{"data":{"onMessage":{"author":null,"room":"r"}}}"#)
        #expect(value(byID["t"], "payload", "data", "onMessage") is NSNull)
        let message = value(byID["t"], "payload", "errors", 0, "message") as? String
        #expect(message?.contains("Cannot return null for non-nullable type") == true, "\(byID)")
    }

    @Test("a model's generated mutations reach a custom subscription, filtered by a top-level field of their answer")
    func modelMutations() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let server = try await Self.server(functions)
        defer { server.stop(); functions.stop() }
        let socket = try await Self.socket(server)
        defer { socket.close() }
        try await Self.subscribe(socket, "n", #"subscription { onNote(title: "groceries") { id title done } }"#)
        try await server.seed(#"mutation { createNote(input: {id: "n1", title: "groceries"}) { id title done } }"#)
        try await server.seed(#"mutation { createNote(input: {id: "n2", title: "taxes"}) { id title done } }"#)
        try await server.seed(#"mutation { updateNote(input: {id: "n1", done: true}) { id title done } }"#)
        let created = try await socket.next("data")
        let updated = try await socket.next("data")
        #expect(RealtimeGraphQLWSTests.json(value(created, "payload") ?? "") == #"{"data":{"onNote":{"done":null,"id":"n1","title":"groceries"}}}"#)
        #expect(RealtimeGraphQLWSTests.json(value(updated, "payload") ?? "") == #"{"data":{"onNote":{"done":true,"id":"n1","title":"groceries"}}}"#)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("the subscription's own rules decide who subscribes, and its function is called at subscribe time: a Lambda error refuses the subscription")
    func rulesAndSubscribeFunction() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let server = try await Self.server(functions)
        defer { server.stop(); functions.stop() }
        let socket = try await Self.socket(server)
        defer { socket.close() }
        socket.start("staff", query: "subscription { onStaffMessage { text } }")
        let refused = RealtimeAppSyncErrorTests.errors(try await socket.next(), id: "staff")
        #expect(refused.first?["errorType"] as? String == "Unauthorized", "\(refused)")
        socket.start("closed", query: #"subscription { onGreeting(room: "closed") { text } }"#)
        let closed = RealtimeAppSyncErrorTests.errors(try await socket.next(), id: "closed")
        #expect(closed.first?["errorType"] as? String == "RoomClosed" && closed.first?["message"] as? String == "This room is closed.", "\(closed)")
        try await Self.subscribe(socket, "open", #"subscription { onGreeting(room: "open") { text } }"#)
        let event = try #require(await functions.calls.events("gate").last)
        #expect(event["typeName"] == .string("Subscription") && event["fieldName"] == .string("onGreeting"))
        #expect(event["arguments"] == .object([("room", .string("open"))]))
        try await server.seed(#"mutation { sendMessage(room: "open", text: "hi") { room text } }"#)
        #expect(value(try await socket.next("data"), "payload", "data", "onGreeting", "text") as? String == "hi")
    }

    @Test("a mutation answered on one server reaches graphql-ws and AppSync subscribers on another, through PostgreSQL")
    func acrossServers() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let database = try await TestDatabase.makeDatabase()
        let first = try await Self.server(functions, database: database)
        defer { first.stop(); functions.stop() }
        let second = try await Self.server(functions, database: database)
        defer { second.stop() }
        let appSync = try await Self.socket(second)
        defer { appSync.close() }
        try await Self.subscribe(appSync, "a", #"subscription { onMessage(room: "far") { text } }"#)
        let graphQLWS = RealtimeGraphQLWSTests.connect(second)
        defer { graphQLWS.close() }
        graphQLWS.send(json: ["type": "connection_init", "payload": ["x-api-key": second.key]])
        _ = try await graphQLWS.next("connection_ack")
        try await RealtimeGraphQLWSTests.subscribe(graphQLWS, "w", #"subscription { onMessage(room: "far") { room text } }"#)
        try await first.seed(#"mutation { sendMessage(room: "far", text: "over there") { room text } }"#)
        try await first.seed(#"mutation { postMessage(room: "far", text: "by sql") { room text } }"#)
        for expected in ["over there", "by sql"] {
            #expect(value(try await appSync.next("data"), "payload", "data", "onMessage", "text") as? String == expected)
            let next = try await graphQLWS.next("next")
            #expect(next["id"] as? String == "w" && value(next, "payload", "data", "onMessage", "text") as? String == expected, "\(next)")
        }
    }

    @Test("a client that reconnects within the resume window with the same subscription gets the answers it missed, in order, then live ones")
    func resumes() async throws {
        let functions = try await FunctionServer.start(Self.script)
        let server = try await Self.server(functions, realtime: RealtimeResumeTests.longWindow)
        defer { server.stop(); functions.stop() }
        let query = #"subscription { onMessage(room: "r") { text } }"#
        let first = try await Self.socket(server)
        try await Self.subscribe(first, "again", query)
        try await server.seed(#"mutation { sendMessage(room: "r", text: "seen") { room text } }"#)
        #expect(value(try await first.next("data"), "payload", "data", "onMessage", "text") as? String == "seen")
        first.close()
        _ = try? await first.closeCode()
        try await RealtimeResumeTests.waitUntilSetAside(server)
        try await server.seed(#"mutation { sendMessage(room: "r", text: "missed") { room text } }"#)
        try await server.seed(#"mutation { sendMessage(room: "elsewhere", text: "not for it") { room text } }"#)
        try await server.seed(#"mutation { postMessage(room: "r", text: "missed too") { room text } }"#)
        let second = try await Self.socket(server)
        defer { second.close() }
        try await Self.subscribe(second, "again", query)
        try await server.seed(#"mutation { sendMessage(room: "r", text: "live") { room text } }"#)
        var texts: [String] = []
        for _ in 0..<3 { texts.append(value(try await second.next("data"), "payload", "data", "onMessage", "text") as? String ?? "?") }
        #expect(texts == ["missed", "missed too", "live"])
    }
}
