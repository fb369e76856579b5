import Foundation
import Realtime
import Testing

/// Errors and limits of AppSync's real-time protocol (`graphql-ws`) over a real WebSocket: what a client that
/// breaks the protocol is told (every error entry with an `errorType` and a `message`, as amplify-swift needs),
/// the per-connection subscription limit, `stop` edge cases, the legacy Apollo form of `start`, and the
/// connection's clock (keep-alives, the `connection_init` deadline, shutdown).
@Suite("Real-time: AppSync errors and limits")
struct RealtimeAppSyncErrorTests {
    static let subscription = "subscription { onCreateTeam { mantra } }"

    /// A connection authorized by an `x-api-key` upgrade header, acknowledged.
    static func connected(_ server: LiveServer) async throws -> RealtimeTestClient {
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        try await socket.initialize()
        return socket
    }

    /// The error entries of an `error` message, after expecting that it is one, for `id` (nil: it has no id),
    /// and that every entry has a non-empty `errorType` and `message`.
    @discardableResult
    static func errors(_ message: [String: Any], id: String?, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        #expect(message["type"] as? String == "error", "\(message)", sourceLocation: sourceLocation)
        if let id {
            #expect(message["id"] as? String == id, "\(message)", sourceLocation: sourceLocation)
        } else {
            #expect(message["id"] == nil, "\(message)", sourceLocation: sourceLocation)
        }
        let errors = value(message, "payload", "errors") as? [[String: Any]] ?? []
        #expect(!errors.isEmpty, "\(message)", sourceLocation: sourceLocation)
        for error in errors {
            #expect((error["errorType"] as? String)?.isEmpty == false, "\(message)", sourceLocation: sourceLocation)
            #expect((error["message"] as? String)?.isEmpty == false, "\(message)", sourceLocation: sourceLocation)
        }
        return errors
    }

    /// Expects no message (keep-alives aside) within a second.
    static func expectSilence(_ socket: RealtimeTestClient, sourceLocation: SourceLocation = #_sourceLocation) async {
        await #expect(throws: RealtimeTestError.self, sourceLocation: sourceLocation) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("start before connection_init: error for its id (UnauthorizedException); connection_init still works after it")
    func startBeforeInit() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        socket.start("early", query: Self.subscription)
        let errors = Self.errors(try await socket.next(), id: "early")
        #expect(errors.map { $0["errorType"] as? String } == ["UnauthorizedException"])
        try await socket.initialize()
        socket.start("early", query: Self.subscription)
        #expect(try await socket.next("start_ack")["id"] as? String == "early")
    }

    @Test("a second start with an active id: DuplicatedOperationError; the first keeps delivering, once")
    func duplicateID() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        socket.start("dup", query: Self.subscription)
        _ = try await socket.next("start_ack")
        socket.start("dup", query: "subscription { onCreateTeam { id } }")
        let errors = Self.errors(try await socket.next(), id: "dup")
        #expect(errors.map { $0["errorType"] as? String } == ["DuplicatedOperationError"])
        try await server.seed(#"mutation { createTeam(input: {mantra: "once"}) { id } }"#)
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "dup")
        #expect(value(event, "payload", "data", "onCreateTeam") as? [String: String] == ["mantra": "once"])
        await Self.expectSilence(socket)
    }

    @Test("maximumSubscriptions 3: three start_acks, the 4th gets MaxSubscriptionsReachedError; a stop frees a place")
    func subscriptionLimit() async throws {
        var settings = RealtimeSettings()
        settings.maximumSubscriptions = 3
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        for index in 1...3 {
            socket.start("s\(index)", query: Self.subscription)
            #expect(try await socket.next("start_ack")["id"] as? String == "s\(index)")
        }
        socket.start("s4", query: Self.subscription)
        let errors = Self.errors(try await socket.next(), id: "s4")
        #expect(errors.map { $0["errorType"] as? String } == ["MaxSubscriptionsReachedError"])
        socket.send(json: ["type": "stop", "id": "s1"])
        #expect(try await socket.next("complete")["id"] as? String == "s1")
        socket.start("s5", query: Self.subscription)
        #expect(try await socket.next("start_ack")["id"] as? String == "s5")
    }

    @Test("a query or a mutation in start: UnsupportedOperation, and the mutation does not run")
    func queriesAndMutationsRefused() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        let documents = ["query { listTeams { items { id } } }", #"mutation { createTeam(input: {mantra: "over the socket"}) { id } }"#]
        for (index, document) in documents.enumerated() {
            socket.start("op\(index)", query: document)
            let errors = Self.errors(try await socket.next(), id: "op\(index)")
            #expect(errors.map { $0["errorType"] as? String } == ["UnsupportedOperation"], "\(document)")
        }
        let teams = try await server.graphQL("query { listTeams { items { mantra } } }")
        #expect((value(teams, "data", "listTeams", "items") as? [Any])?.count == 0)
    }

    @Test("an invalid subscription document (unknown field, syntax error) or payload: error for its id, every entry typed")
    func invalidDocuments() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        // Each document with a word its error message must name.
        let documents = [
            ("subscription { onCreateTeam { id noSuchField } }", "noSuchField"), ("subscription { onCreateTeam { id ", "Syntax Error"),
            ("subscription { noSuchSubscription { id } }", "noSuchSubscription"),
        ]
        for (index, (document, named)) in documents.enumerated() {
            socket.start("bad\(index)", query: document)
            let errors = Self.errors(try await socket.next(), id: "bad\(index)")
            #expect(errors.contains { ($0["message"] as? String)?.contains(named) == true }, "\(document): \(errors)")
        }
        // A payload whose data is not a JSON request.
        for (index, data) in ["not json", #"{"variables":{}}"#, "[]"].enumerated() {
            socket.send(json: ["type": "start", "id": "payload\(index)", "payload": ["data": data]])
            Self.errors(try await socket.next(), id: "payload\(index)")
        }
        // The id of a refused start is free: the connection goes on working.
        socket.start("bad0", query: Self.subscription)
        #expect(try await socket.next("start_ack")["id"] as? String == "bad0")
    }

    @Test("DataStore's selective sync with `not`: the refusal names the field in AppSync's words, which DataStore matches to subscribe without the filter")
    func filterWithNot() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        let document = "subscription($filter: ModelSubscriptionTeamFilterInput) { onCreateTeam(filter: $filter) { id mantra } }"
        socket.start("filtered", query: document, variables: ["filter": ["not": ["mantra": ["eq": "Go"]]]])
        let message = try await socket.next()
        let errors = Self.errors(message, id: "filtered")
        #expect(
            errors.first?["message"] as? String
                == "The variables input contains a field name 'not' that is not defined for input object type 'ModelSubscriptionTeamFilterInput' ",
            "\(errors)")
        // DataStore searches the payload's JSON text for this prefix.
        let payload = String(decoding: try JSONSerialization.data(withJSONObject: message["payload"] ?? [:]), as: UTF8.self)
        #expect(payload.contains("The variables input contains a field name 'not'"), "\(payload)")
        // Its fallback, the same subscription without the filter, is accepted.
        socket.start("unfiltered", query: document)
        #expect(try await socket.next("start_ack")["id"] as? String == "unfiltered")
    }

    @Test("an unknown message type, text that is not JSON, JSON without a type, a start without an id: error without an id; the connection stays open")
    func malformedMessages() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        let texts = [
            #"{"type":"bogus"}"#, #"{"type":"subscribe","id":"x1","payload":{"query":"subscription { onCreateTeam { id } }"}}"#, "not json at all", "[1,2]", #"{"id":"x2"}"#,
            // A start without an id cannot be answered for one.
            #"{"type":"start","payload":{"data":"{\"query\":\"subscription { onCreateTeam { id } }\"}"}}"#,
        ]
        for text in texts {
            socket.send(text)
            Self.errors(try await socket.next(), id: nil)
        }
        socket.start("after", query: Self.subscription)
        #expect(try await socket.next("start_ack")["id"] as? String == "after")
    }

    @Test("stop of an unknown id sends nothing; stop twice sends one complete")
    func stops() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        socket.send(json: ["type": "stop", "id": "never-started"])
        await Self.expectSilence(socket)
        socket.start("twice", query: Self.subscription)
        _ = try await socket.next("start_ack")
        socket.send(json: ["type": "stop", "id": "twice"])
        socket.send(json: ["type": "stop", "id": "twice"])
        let complete = try await socket.next("complete")
        #expect(complete["id"] as? String == "twice")
        #expect(Set(complete.keys) == ["type", "id"])
        await Self.expectSilence(socket)
    }

    @Test("legacy Apollo: a start whose payload is the request object gets no start_ack, but its events (variables honoured)")
    func legacyApollo() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await Self.connected(server)
        defer { socket.close() }
        let query = "subscription Legacy($filter: ModelSubscriptionTeamFilterInput) { onCreateTeam(filter: $filter) { mantra } }"
        socket.send(json: ["type": "start", "id": "apollo", "payload": ["query": query, "variables": ["filter": ["mantra": ["eq": "legacy"]]], "operationName": "Legacy"]])
        // Messages are handled in order: the answer to this one comes after whatever the start produced.
        socket.send(json: ["type": "barrier"])
        Self.errors(try await socket.next(), id: nil)
        try await server.seed(#"mutation { createTeam(input: {mantra: "filtered out"}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {mantra: "legacy"}) { id } }"#)
        let event = try await socket.next()
        #expect(event["type"] as? String == "data")
        #expect(event["id"] as? String == "apollo")
        #expect(value(event, "payload", "data", "onCreateTeam") as? [String: String] == ["mantra": "legacy"])
    }

    @Test("keepAliveInterval 300 ms: a ka right after the ack, then several more, timed from the ack (not from the init deadline)")
    func keepAlives() async throws {
        var settings = RealtimeSettings()
        settings.keepAliveInterval = .milliseconds(300)
        // A connection_init deadline far beyond the test: keep-alives that waited for it would never come.
        settings.initTimeout = .seconds(3600)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        socket.send(json: ["type": "connection_init"])
        #expect(try await socket.next(skippingKeepAlives: false)["type"] as? String == "connection_ack")
        for _ in 0..<4 {
            let message = try await socket.next(skippingKeepAlives: false)
            #expect(message["type"] as? String == "ka")
            #expect(Set(message.keys) == ["type"])
        }
    }

    @Test("initTimeout 300 ms without connection_init: closed with 4408, nothing sent before")
    func initTimeout() async throws {
        var settings = RealtimeSettings()
        settings.initTimeout = .milliseconds(300)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        #expect(try await socket.closeCode() == 4408)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(skippingKeepAlives: false) }
    }

    @Test("server shutdown closes an open AppSync connection with 1011")
    func shutdown() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        let socket = try await Self.connected(server)
        socket.start("open", query: Self.subscription)
        _ = try await socket.next("start_ack")
        server.stop()
        #expect(try await socket.closeCode() == 1011)
    }
}
