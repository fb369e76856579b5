import Foundation
import Planner
import Postgres
import Server
import Testing

@Suite("Server behaviour: auth rules, limits, protocol, health")
struct ServerBehaviorTests {

    @Test("@auth rules per operation on root fields and on nested relationship fields")
    func authRules() async throws {
        let server = try await LiveServer.start(schema: "restricted")
        defer { server.stop() }
        let created = try await server.graphQL(#"mutation { createSecret(input: {id: "s", value: "v"}) { id } }"#)
        #expect(value(created, "errors") == nil)
        let read = try await server.graphQL(#"{ getSecret(id: "s") { value } }"#)
        #expect(value(read, "data") as? NSDictionary == ["getSecret": NSNull()])
        #expect(errorType(read) == "Unauthorized")
        #expect(value(read, "errors", 0, "message") as? String == "Not Authorized to access getSecret on type Query")
        let audit = try await server.graphQL(#"mutation { createAudit(input: {noteId: null}) { id } }"#)
        #expect(value(audit, "errors", 0, "message") as? String == "Not Authorized to access createAudit on type Mutation")
        try await server.seed(#"mutation { createNote(input: {id: "n", text: "t", secretId: "s"}) { id } }"#)
        let nested = try await server.graphQL(#"{ getNote(id: "n") { text secret { value } audits { items { id } } } }"#)
        #expect(value(nested, "data", "getNote", "text") as? String == "t")
        #expect(value(nested, "data", "getNote", "secret") is NSNull)
        #expect(value(nested, "data", "getNote", "audits") is NSNull)
        let messages = (value(nested, "errors") as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(messages == ["Not Authorized to access secret on type Note", "Not Authorized to access audits on type Note"])
        #expect(value(nested, "errors", 0, "path") as? [String] == ["getNote", "secret"])
    }

    @Test("a subscription sent over HTTP is UnsupportedOperation, pointing at the WebSocket endpoint")
    func subscriptionOverHTTP() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let body = try JSONSerialization.data(withJSONObject: ["query": "subscription { onCreateTeam { id } }"])
        let (_, _, answer) = try await server.post(body: body, key: server.key)
        #expect(value(answer, "errors", 0, "errorType") as? String == "UnsupportedOperation", "\(answer)")
        #expect((value(answer, "errors", 0, "message") as? String)?.contains("/graphql/realtime") == true, "\(answer)")
    }

    @Test("depth, alias, field and body limits answer LimitExceeded naming the limit")
    func limits() async throws {
        let server = try await LiveServer.start(
            schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maximumBodySize: 2000),
            limits: RequestLimits(maximumDepth: 3, maximumAliases: 2, maximumFields: 6)
        )
        defer { server.stop() }
        let deep = try await server.graphQL(#"{ listTeams { items { members { items { team { id } } } } } }"#)
        #expect(errorType(deep) == "LimitExceeded")
        #expect((value(deep, "errors", 0, "message") as? String)?.contains("query depth") == true)
        let aliases = try await server.graphQL(#"{ a: getTeam(id: "1") { id } b: getTeam(id: "2") { id } c: getTeam(id: "3") { id } }"#)
        #expect((value(aliases, "errors", 0, "message") as? String)?.contains("alias limit") == true)
        let fields = try await server.graphQL(#"{ listTeams { items { id mantra size budget active founded } } }"#)
        #expect((value(fields, "errors", 0, "message") as? String)?.contains("complexity limit") == true)
        let big = try JSONSerialization.data(withJSONObject: ["query": "{ listTeams { items { id } } }" + String(repeating: " ", count: 3000)])
        let (status, _, body) = try await server.post(body: big, key: server.key)
        #expect(status == 413)
        #expect(value(body, "errors", 0, "errorType") as? String == "LimitExceeded")
    }

    @Test("GET for queries only, JSON batches, CORS for configured origins, introspection switch")
    func protocolFeatures() async throws {
        let server = try await LiveServer.start(
            schema: "schema", configuration: ServerConfiguration(host: "127.0.0.1", port: 0, corsOrigins: ["https://app.example"], introspection: false)
        )
        defer { server.stop() }
        let query = "{ listTeams { items { id } } }".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let (getStatus, _, getBody) = try await server.post(body: nil, key: server.key, method: "GET", path: "/graphql?query=\(query)")
        #expect(getStatus == 200)
        #expect((value(getBody, "data", "listTeams", "items") as? [Any])?.isEmpty == true)
        let mutation = #"mutation { createTeam(input: {mantra: "x"}) { id } }"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let (mutationStatus, _, _) = try await server.post(body: nil, key: server.key, method: "GET", path: "/graphql?query=\(mutation)")
        #expect(mutationStatus == 405)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team""#).scalar == "0")
        let batch = Data(#"[{"query":"mutation { createTeam(input: {mantra: \"a\"}) { mantra } }"},{"query":"{ listTeams { items { mantra } } }"}]"#.utf8)
        let (batchStatus, _, batchBody) = try await server.post(body: batch, key: server.key)
        #expect(batchStatus == 200)
        #expect(value(batchBody, 1, "data", "listTeams", "items", 0, "mantra") as? String == "a")
        let (preflight, preflightHeaders, _) = try await server.post(
            body: nil, key: nil, method: "OPTIONS", headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST"])
        #expect(preflight == 204)
        #expect(preflightHeaders["access-control-allow-origin"] == "https://app.example")
        let (_, otherHeaders, _) = try await server.post(body: Data(#"{"query":"{ __typename }"}"#.utf8), key: server.key, headers: ["Origin": "https://evil.example"])
        #expect(otherHeaders["access-control-allow-origin"] == nil)
        let introspection = try await server.graphQL("{ __schema { queryType { name } } }")
        #expect(errorType(introspection) == "IntrospectionDisabled")
    }

    @Test("healthz needs no key; readyz reports what is wrong")
    func health() async throws {
        let server = try await LiveServer.start(schema: "schema", readiness: { _ in "migrations pending: 0002_x" })
        defer { server.stop() }
        let (health, _, healthBody) = try await server.post(body: nil, key: nil, method: "GET", path: "/healthz")
        #expect(health == 200 && (healthBody as? String) == "ok")
        let (ready, _, readyBody) = try await server.post(body: nil, key: nil, method: "GET", path: "/readyz")
        #expect(ready == 503)
        #expect((readyBody as? String)?.contains("migrations pending") == true)
    }
}
