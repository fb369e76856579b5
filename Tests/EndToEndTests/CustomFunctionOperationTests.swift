import Execution
import Foundation
import Functions
import JSON
import Testing

/// Custom operations answered by functions: a real HTTP function server started by the test receives AppSync's
/// resolver event and answers by script (answers, Lambda-style errors, slowness, garbage).
@Suite("Custom operations: function handlers")
struct CustomFunctionOperationTests {
    /// The function server's script: `echo` answers its event's arguments and info, `recommend` two post keys,
    /// `price` and `charge` a pipeline, `fail` a Lambda error, `slow` too late, `garbage` no JSON.
    static func script(_ name: String, _ event: JSONValue) async -> FunctionServer.Reply {
        switch name {
        case "echo": return .json(JSONText.encode(.object([("arguments", event["arguments"] ?? .null), ("info", event["info"] ?? .null)])))
        case "recommend": return .json(#"[{"id": "p2"}, {"id": "gone"}, {"id": "p1"}]"#)
        case "price":
            let lines = event["arguments"]?["cart"] ?? .list([])
            return .json(JSONText.encode(.object([("order", .string("o-1")), ("total", .float(12.5)), ("lines", lines)])))
        case "charge": return .json(JSONText.encode(event["prev"]?["result"] ?? .null))
        case "notify":
            // Holds its answer until the test lets it go: a caller that waited for it would still be waiting.
            await notifyRelease.wait(for: event["arguments"]?["message"]?.stringValue ?? "")
            return .json("{}")
        default: return .status(404, "no such function")
        }
    }

    static func start(
        script: @escaping @Sendable (String, JSONValue) async -> FunctionServer.Reply = script, limits: HTTPFunctions.Limits = HTTPFunctions.Limits()
    ) async throws -> (LiveServer, FunctionServer) {
        let functions = try await FunctionServer.start(script)
        let names = ["echo", "recommend", "price", "charge", "notify"]
        let invoker = HTTPFunctions(endpoints: Dictionary(uniqueKeysWithValues: names.map { ($0, functions.url($0)) }), limits: limits)
        let server = try await LiveServer.start(schema: "custom-operations", functions: invoker)
        try await server.seed(#"mutation { a: createPost(input: {id: "p1", title: "First"}) { id } b: createPost(input: {id: "p2", title: "Second"}) { id } }"#)
        return (server, functions)
    }

    @Test("the event: typeName and fieldName, the arguments checked and typed, identity null for an API key, the request's headers, info with the selection")
    func event() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQL(
            "query Echo($m: String!) { echo(message: $m, mood: GRUMPY) }", variables: ["m": #"'; DROP TABLE "Post"; --"#])
        #expect(answer["errors"] == nil, "\(answer)")
        let event = try #require(await functions.calls.events("echo").first)
        #expect(event["typeName"] == .string("Query") && event["fieldName"] == .string("echo"))
        #expect(event["arguments"] == .object([("message", .string(#"'; DROP TABLE "Post"; --"#)), ("mood", .string("GRUMPY"))]))
        #expect(event["identity"] == .null && event["source"] == .null)
        #expect(event["request"]?["headers"]?["x-api-key"] == .string(server.key))
        #expect(event["info"]?["fieldName"] == .string("echo") && event["info"]?["parentTypeName"] == .string("Query"))
        #expect(event["info"]?["variables"] == .object([("m", .string(#"'; DROP TABLE "Post"; --"#))]))
        #expect(event["prev"] == .object([("result", .object([]))]) && event["stash"] == .object([]))
        // The answer is AWSJSON: the function's JSON as text.
        let text = try #require((answer["data"] as? [String: Any])?["echo"] as? String)
        #expect(text.contains(#""mood":"GRUMPY""#))
    }

    @Test("a function that returns models: the records read by key with the selection, nested relationships, in the function's order, unknown keys dropped")
    func modelAnswer() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQLText("{ recommended(count: 2) { id title comments { items { id } } } }")
        #expect(answer.hasPrefix(#"{"data":{"recommended":[{"id":"p2","title":"Second","comments":{"items""#), "\(answer)")
        #expect(answer.contains(#"{"id":"p1","title":"First""#) && !answer.contains("gone"))
        let event = try #require(await functions.calls.events("recommend").first)
        #expect(event["info"]?["selectionSetList"] == .list(["id", "title", "comments", "comments/items", "comments/items/id"].map(JSONValue.string)))
    }

    @Test("a pipeline: each function receives the previous one's answer as prev.result; the last answer is shaped to the selection")
    func pipeline() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQLText(
            #"mutation { checkout(cart: [{sku: "a", quantity: 2}, {sku: "b"}]) { order total items: lines { sku quantity } __typename } }"#)
        #expect(
            answer
                == #"{"data":{"checkout":{"order":"o-1","total":12.5,"items":[{"sku":"a","quantity":2},{"sku":"b","quantity":1}],"__typename":"Receipt"}}}"#)
        let charge = try #require(await functions.calls.events("charge").first)
        #expect(charge["prev"]?["result"]?["order"] == .string("o-1"))
        let (prices, charges) = (await functions.calls.events("price").count, await functions.calls.events("charge").count)
        #expect(prices == 1 && charges == 1)
    }

    @Test("errors: a Lambda error keeps its type and message; a wrong answer is reported at its path and nulls the nearest nullable parent")
    func errors() async throws {
        let (server, functions) = try await Self.start(script: { name, event in
            switch name {
            case "echo": return .lambdaError(type: "NotFound", message: "no such thing")
            case "price": return .json(#"{"order": "o", "total": "lots", "lines": []}"#)
            default: return await Self.script(name, event)
            }
        })
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQL(#"{ echo(message: "x") titles }"#)
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors[0]["errorType"] as? String == "NotFound" && errors[0]["message"] as? String == "no such thing")
        #expect(((answer["data"] as? [String: Any])?["titles"] as? [String])?.count == 2)
        let shaped = try await server.graphQL(#"mutation { checkout(cart: []) { order total } }"#)
        let shapeErrors = try #require(shaped["errors"] as? [[String: Any]])
        #expect(shapeErrors.first?["path"] as? [String] == ["checkout", "total"])
        #expect((shaped["data"] as? [String: Any])?["checkout"] is NSNull)
    }

    @Test("a function that is down, too slow or answers garbage fails only its field; a mutation's call is sent once")
    func failures() async throws {
        let (server, functions) = try await Self.start(
            script: { name, event in
                switch name {
                case "echo": return .after(.seconds(2), .json("\"late\""))
                case "recommend": return .raw("<html>not json</html>")
                case "price": return .after(.seconds(2), .json("{}"))
                default: return await Self.script(name, event)
                }
            }, limits: HTTPFunctions.Limits(timeout: .milliseconds(500)))
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQL(#"{ echo(message: "x") recommended { id } titles }"#)
        let errors = try #require(answer["errors"] as? [[String: Any]])
        let messages = errors.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("did not answer within") } && messages.contains { $0.contains("other than JSON") }, "\(messages)")
        #expect(((answer["data"] as? [String: Any])?["titles"] as? [String])?.count == 2)
        _ = try await server.graphQL(#"mutation { checkout(cart: []) { order } }"#)
        try await Task.sleep(for: .seconds(2))
        #expect(await functions.calls.events("price").count == 1)
        #expect(await functions.calls.events("charge").isEmpty)
    }

    /// Lets the `notify` function answer.
    static let notifyRelease = Release()

    /// A latch the function server's script waits on (at most 20 s, so a failing test cannot hang the run).
    actor Release {
        private(set) var isOpen = false
        /// The messages whose function call has answered.
        private(set) var answered: Set<String> = []
        func open() { isOpen = true }
        func wait(for message: String) async {
            let deadline = ContinuousClock.now + .seconds(20)
            while !isOpen, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
            answered.insert(message)
        }
    }

    @Test("an async function: answered with EventInvocationResponse while the function is still running, the event delivered")
    func asyncFunction() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQLText(#"mutation { notify(message: "async-check") { success } }"#)
        #expect(answer == #"{"data":{"notify":{"success":true}}}"#)
        // The function has not answered yet: the mutation did not wait for it.
        #expect(await Self.notifyRelease.answered.contains("async-check") == false)
        await Self.notifyRelease.open()
        let deadline = ContinuousClock.now + .seconds(20)
        while await functions.calls.events("notify").isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(await functions.calls.events("notify").first?["arguments"] == .object([("message", .string("async-check"))]))
    }

    @Test("who may call: a group rule refuses an API-key caller before any function runs")
    func authorization() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQL("{ adminReport }")
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect(errors.first?["errorType"] as? String == "Unauthorized")
        #expect(await functions.calls.events("echo").isEmpty)
    }

    @Test("a function no --function maps: a clear error, nothing else lost")
    func unmapped() async throws {
        let server = try await LiveServer.start(schema: "custom-operations", functions: HTTPFunctions(endpoints: [:]))
        defer { server.stop() }
        let answer = try await server.graphQL(#"{ echo(message: "x") titles }"#)
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect((errors.first?["message"] as? String)?.contains("--function echo=URL") == true)
        #expect((answer["data"] as? [String: Any])?["titles"] is [Any])
    }
}
