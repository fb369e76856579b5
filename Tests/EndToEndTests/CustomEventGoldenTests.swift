import Execution
import Foundation
import Functions
import JSON
import ModelIR
import TestSupport
import Testing

/// What leaves the server for a handler, as golden files: the event a root field's function receives, the event a
/// field resolver's function receives, and the calls `@http` fields make. Values that change per run (the key, the
/// request id, ports, times) are replaced by their names.
@Suite("Custom operations: the events and calls handlers receive")
struct CustomEventGoldenTests {
    /// `value` as pretty JSON with sorted keys, the run's own values replaced.
    static func text(_ value: JSONValue, replacing: [String: String]) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(JSONText.encode(value).utf8), options: [.fragmentsAllowed]),
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        var text = String(decoding: data, as: UTF8.self)
        for (actual, name) in replacing { text = text.replacingOccurrences(of: actual, with: name) }
        let timestamp = try Regex(#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"#)
        return text.replacing(timestamp, with: "<timestamp>") + "\n"
    }

    /// The recorded event with the request's volatile headers named.
    static func normalised(_ event: JSONValue, server: LiveServer) throws -> String {
        guard case .object(var members) = event else { return "" }
        if let index = members.firstIndex(where: { $0.0 == "request" }), case .object(var request) = members[index].1,
            let headersIndex = request.firstIndex(where: { $0.0 == "headers" }), case .object(let headers) = request[headersIndex].1
        {
            let volatile: Set<String> = ["host", "x-request-id", "content-length", "user-agent", "accept-encoding", "accept-language", "connection"]
            request[headersIndex].1 = .object(headers.map { volatile.contains($0.0) ? ($0.0, .string("<\($0.0)>")) : $0 })
            members[index].1 = .object(request)
        }
        return try text(.object(members), replacing: [server.key: "<api key>"])
    }

    @Test("a root field's function event: a query with variables, an API key caller")
    func rootFieldEvent() async throws {
        let (server, functions) = try await CustomFunctionOperationTests.start()
        defer { server.stop(); functions.stop() }
        _ = try await server.graphQL("query Echo($m: String!) { echo(message: $m, mood: GRUMPY) }", variables: ["m": "hello"])
        let event = try #require(await functions.calls.events("echo").first)
        if let difference = Golden.check(try Self.normalised(event, server: server), named: "function-event.json") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("a field resolver's event: the record as source, the field's arguments, the model as typeName")
    func fieldResolverEvent() async throws {
        let (server, functions) = try await CustomFieldResolverTests.start()
        defer { server.stop(); functions.stop() }
        _ = try await server.graphQL(#"{ getAuthor(id: "a1") { greeting(language: "fr") } }"#)
        let event = try #require(await functions.calls.events("greet").first)
        if let difference = Golden.check(try Self.normalised(event, server: server), named: "field-resolver-event.json") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("the calls @http fields make: method, URL with path and query, headers in order, body")
    func httpCalls() throws {
        let handlers: [(String, HTTPHandler, JSONValue)] = [
            (
                "GET with a path parameter and a list in the query",
                HTTPHandler(method: "GET", url: "https://api.example.com/v1/users/:id/posts?page=1"),
                .object([("params", .object([("id", .string("a/b c"))])), ("query", .object([("tag", .list([.string("x"), .string("y&z")])), ("n", .int(3))]))])
            ),
            (
                "POST with a body and directive headers",
                HTTPHandler(method: "POST", url: "https://api.example.com/v1/posts", headers: [HTTPHeaderPair(key: "X-Token", value: "t")], requiredArguments: ["title"]),
                .object([("body", .object([("title", .string("T")), ("draft", .boolean(true))]))])
            ),
            (
                "DELETE: no query, no body",
                HTTPHandler(method: "DELETE", url: "https://api.example.com/v1/posts/:id"),
                .object([("params", .object([("id", .string("7"))])), ("query", .object([("soft", .boolean(true))]))])
            ),
        ]
        let client = [("Host", "mg.example.com"), ("x-api-key", "<key>"), ("Content-Length", "120"), ("Accept-Encoding", "gzip"), ("X-Trace", "abc")]
        var text = ""
        for (title, handler, arguments) in handlers {
            let call = try HTTPResolverCall.build(handler, arguments: arguments, clientHeaders: client).get()
            text += "# \(title)\n\(call.method) \(call.url)\n" + call.headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n\n\(call.body ?? "(no body)")\n\n"
        }
        if let difference = Golden.check(text, named: "http-calls.txt") { Issue.record(Comment(rawValue: difference)) }
        let missing = HTTPResolverCall.build(handlers[1].1, arguments: .object([("query", .object([("draft", .boolean(true))]))]), clientHeaders: [])
        #expect(throws: HTTPCallError.self) { try missing.get() }
    }
}
