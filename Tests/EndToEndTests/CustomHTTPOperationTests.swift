import Execution
import Foundation
import Functions
import JSON
import Testing

/// `@http` resolvers against a real HTTP endpoint started by the test: the call each form makes (method, path
/// parameters, query string, body, headers), and how answers and error statuses become the field's value.
@Suite("Custom operations: @http resolvers")
struct CustomHTTPOperationTests {
    /// The endpoint's script, by method and path.
    static func script(_ name: String, _ call: JSONValue) async -> FunctionServer.Reply {
        guard case .string(let method)? = call["method"], case .string(let path)? = call["path"] else { return .status(400, "?") }
        switch (method, path) {
        case ("GET", "/rest/articles"): return .json(#"[{"id": 1, "title": "first", "userId": 7}, {"id": 2, "title": "second", "userId": 7}]"#)
        case ("GET", "/rest/articles/42"): return .json(#"{"id": 42, "title": "the answer", "body": "b", "userId": 1}"#)
        case ("GET", "/rest/articles/404"): return .status(404, "no article 404")
        case ("GET", "/rest/articles/500"): return .status(500, #"{"message": "boom"}"#)
        case ("GET", "/rest/articles/77"): return .typed(200, "<article><id>77</id></article>", contentType: "application/xml")
        case ("GET", "/rest/articles/999"): return .after(.seconds(3), .json("{}"))
        case ("GET", "/rest/ping"): return .typed(200, "pong", contentType: "text/plain")
        case ("POST", "/rest/articles"):
            var fields: [(String, JSONValue)] = [("id", .int(100))]
            if case .object(let sent)? = call["body"] { fields += sent }
            return .typed(201, JSONText.encode(.object(fields)), contentType: "application/json")
        case ("PUT", _), ("PATCH", _): return .json(JSONText.encode(call["body"] ?? .null))
        case ("DELETE", _): return .typed(200, "deleted", contentType: "text/plain")
        default:
            if path.hasPrefix("/rest/sections/") { return .json("[]") }
            return .status(404, "no route")
        }
    }

    static func start(limits: HTTPFunctions.Limits = HTTPFunctions.Limits()) async throws -> (LiveServer, FunctionServer) {
        let endpoint = try await FunctionServer.start(Self.script)
        let server = try await LiveServer.start(
            schema: "custom-http", httpResolvers: HTTPResolvers(limits: limits),
            editing: { $0.replacingOccurrences(of: "http://127.0.0.1:9/", with: "http://127.0.0.1:\(endpoint.port)/") })
        return (server, endpoint)
    }

    @Test("GET: path parameters percent-encoded into their segment, query arguments as the query string, the client's headers then the directive's")
    func gets() async throws {
        let (server, endpoint) = try await Self.start()
        defer { server.stop(); endpoint.stop() }
        let one = try await server.graphQL(#"{ article(params: {id: "42"}) { id title } }"#)
        #expect(RealtimeGraphQLWSTests.json(one) == #"{"data":{"article":{"id":42,"title":"the answer"}}}"#)
        let list = try await server.graphQL(#"query($q: QueryArticlesQueryInput) { articles(query: $q) { id } }"#, variables: ["q": ["userId": 7, "tags": ["a b", "c&d=e"]]])
        #expect(RealtimeGraphQLWSTests.json(list) == #"{"data":{"articles":[{"id":1},{"id":2}]}}"#)
        let hostile = try await server.graphQL(#"{ search(params: {section: "../admin?x=1#y"}, query: {title: "it's"}) { id } }"#)
        #expect(hostile["errors"] == nil, "\(hostile)")
        let text = try await server.graphQL("{ ping }")
        #expect(RealtimeGraphQLWSTests.json(text) == #"{"data":{"ping":"pong"}}"#)
        let calls = await endpoint.calls.events("rest")
        try #require(calls.count == 4)
        #expect(calls[0]["method"] == .string("GET") && calls[0]["path"] == .string("/rest/articles/42") && calls[0]["query"] == .string(""))
        #expect(calls[1]["query"] == .string("userId=7&tags=a%20b&tags=c%26d%3De"))
        #expect(calls[2]["path"] == .string("/rest/sections/..%2Fadmin%3Fx%3D1%23y/search"))
        #expect(calls[2]["query"] == .string("v=2&title=it%27s"))
        #expect(calls[0]["headers"]?["x-api-key"] == .string(server.key))
        #expect(calls[0]["headers"]?["accept"] == .string("application/json"))
        #expect(calls[0]["headers"]?["content-type"] == nil && calls[0]["body"] == .null)
        #expect(calls[3]["headers"]?["x-probe"] == .string("1") && calls[0]["headers"]?["x-probe"] == nil)
    }

    @Test("POST, PUT, PATCH send the body argument as JSON (201 accepted for them); DELETE sends neither query nor body; a required argument in neither is refused before any call")
    func writes() async throws {
        let (server, endpoint) = try await Self.start()
        defer { server.stop(); endpoint.stop() }
        let created = try await server.graphQL(#"mutation { createArticle(body: {title: "T", userId: 3}) { id title userId } }"#)
        #expect(RealtimeGraphQLWSTests.json(created) == #"{"data":{"createArticle":{"id":100,"title":"T","userId":3}}}"#)
        let updated = try await server.graphQL(#"mutation { updateArticle(params: {id: "5"}, query: {title: "Q"}, body: {body: "new"}) { title body } }"#)
        #expect(RealtimeGraphQLWSTests.json(updated) == #"{"data":{"updateArticle":{"body":"new","title":null}}}"#)
        let deleted = try await server.graphQL(#"mutation { deleteArticle(params: {id: "5"}) }"#)
        #expect(RealtimeGraphQLWSTests.json(deleted) == #"{"data":{"deleteArticle":"deleted"}}"#)
        let missing = try await server.graphQL(#"mutation { createArticle(body: {body: "no title"}) { id } }"#)
        let error = try #require((missing["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "An argument you marked as Non-Null is not present in the query nor the body of your request.")
        #expect((missing["data"] as? [String: Any])?["createArticle"] is NSNull)
        let calls = await endpoint.calls.events("rest")
        try #require(calls.count == 3, "\(calls)")
        #expect(calls[0]["method"] == .string("POST") && calls[0]["body"] == .object([("title", .string("T")), ("userId", .int(3))]))
        #expect(calls[0]["headers"]?["content-type"] == .string("application/json") && calls[0]["headers"]?["x-api-token"] == .string("secret"))
        #expect(calls[1]["method"] == .string("PUT") && calls[1]["path"] == .string("/rest/articles/5") && calls[1]["query"] == .string("title=Q"))
        #expect(calls[2]["method"] == .string("DELETE") && calls[2]["query"] == .string("") && calls[2]["body"] == .null)
    }

    @Test("an error status is an error whose message is the body and whose errorType is the status; XML, slowness and an unreachable endpoint fail only their field")
    func failures() async throws {
        let (server, endpoint) = try await Self.start(limits: HTTPFunctions.Limits(timeout: .milliseconds(500)))
        defer { server.stop(); endpoint.stop() }
        let answer = try await server.graphQL(
            #"{ missing: article(params: {id: "404"}) { id } broken: article(params: {id: "500"}) { id } xml: article(params: {id: "77"}) { id } slow: article(params: {id: "999"}) { id } fine: article(params: {id: "42"}) { id } }"#
        )
        let data = try #require(answer["data"] as? [String: Any])
        #expect(["missing", "broken", "xml", "slow"].allSatisfy { data[$0] is NSNull })
        #expect((data["fine"] as? [String: Any])?["id"] as? Int == 42)
        let errors = try #require(answer["errors"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: errors.map { (($0["path"] as? [String])?.first ?? "", $0) })
        #expect(byPath["missing"]?["errorType"] as? String == "404" && byPath["missing"]?["message"] as? String == "no article 404")
        #expect(byPath["broken"]?["errorType"] as? String == "500" && byPath["broken"]?["message"] as? String == #"{"message": "boom"}"#)
        #expect((byPath["xml"]?["message"] as? String)?.contains("XML") == true)
        #expect((byPath["slow"]?["message"] as? String)?.contains("did not answer within") == true)
        endpoint.stop()
        try await Task.sleep(for: .milliseconds(200))
        let down = try await server.graphQL("{ ping }")
        let message = ((down["errors"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message == "The @http endpoint could not be reached.", "\(down)")
        #expect(!message.contains("127.0.0.1"))
    }
}
