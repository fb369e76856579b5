import Foundation
import JSON
import Postgres
import TestSupport
import Testing

/// `POST /studio/plan` over HTTP: the statements an operation runs, planned as `/graphql` plans them (for the
/// request's caller), PostgreSQL's `EXPLAIN (ANALYZE, BUFFERS)` of each on request with `$n` parameters, a
/// mutation's explain rolled back, the request limits of `/graphql`, and the refusals.
@Suite("Studio: plans")
struct StudioPlanTests {
    /// Posts a plan request with the server's key (or `headers`); status and JSON.
    static func plan(
        _ server: LiveServer, _ query: String, variables: [String: Any] = [:], explain: Bool = false, headers: [String: String]? = nil
    ) async throws -> (Int, [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables, "explain": explain])
        let answer = try await server.request("/studio/plan", method: "POST", body: body, headers: headers ?? ["x-api-key": server.key, "Content-Type": "application/json"])
        StudioServingTests.expectStudioHeaders(answer, "/studio/plan")
        return (answer.status, try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any], "\(answer.text)"))
    }

    @Test("a nested query: one statement for the root field, reading every level, with its parameters; no explain unless asked")
    func nestedQuery() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let (status, json) = try await Self.plan(
            server, "query Q($n: Int) { blogs: listBlogs(limit: $n) { items { name posts { items { title comments { items { content } } } } } } }", variables: ["n": 7])
        #expect(status == 200)
        let plans = try #require(json["plans"] as? [[String: Any]], "\(json)")
        #expect(plans.count == 1)
        #expect(plans.first?["field"] as? String == "blogs")
        let sql = try #require(plans.first?["sql"] as? String)
        for table in [#""Blog""#, #""Post""#, #""Comment""#] { #expect(sql.contains(table), "\(sql)") }
        #expect(sql.contains("$1"))
        let parameters = try #require(plans.first?["parameters"] as? [Any])
        #expect(parameters.contains { $0 as? String == "7" || $0 as? String == "8" }, "\(parameters)")
        #expect(plans.first?["customPlan"] as? Bool == false)
        #expect(plans.first?["explain"] is NSNull)
        #expect(json["errors"] == nil)
    }

    @Test("explain: PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the statement run with its $n parameters")
    func explainQuery() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        try await server.seed(#"mutation { createBlog(input: {id: "b1", name: "One"}) { id } }"#)
        try await server.seed(#"mutation { createPost(input: {id: "p1", blogId: "b1", title: "T", rating: 5, status: PUBLISHED}) { id } }"#)
        let (status, json) = try await Self.plan(
            server, "query Q($r: Int) { listPosts(filter: {rating: {gt: $r}}) { items { title blog { name } } } }", variables: ["r": 3], explain: true)
        #expect(status == 200)
        let entry = try #require((json["plans"] as? [[String: Any]])?.first, "\(json)")
        #expect((entry["parameters"] as? [Any])?.contains { $0 as? String == "3" } == true, "\(entry)")
        let explain = try #require(entry["explain"] as? String, "\(json)")
        #expect(explain.contains("Execution Time"), "\(explain)")
        #expect(explain.contains("actual time="), "\(explain)")
        #expect(explain.contains("Buffers") || explain.contains("Planning:"), "\(explain)")
    }

    @Test("a mutation's explain runs it and rolls it back: no row is left in PostgreSQL, and the write can still happen")
    func mutationRolledBack() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let mutation = #"mutation { createBlog(input: {id: "ghost", name: "Ghost"}) { id name } second: createPerson(input: {id: "p", name: "P"}) { id } }"#
        let (status, json) = try await Self.plan(server, mutation, explain: true)
        #expect(status == 200)
        let plans = try #require(json["plans"] as? [[String: Any]], "\(json)")
        #expect(plans.map { $0["field"] as? String } == ["createBlog", "second"])
        #expect((plans.first?["explain"] as? String)?.contains("Insert on") == true, "\(plans)")
        #expect((plans.last?["explain"] as? String)?.contains("Insert on") == true, "\(plans)")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Blog""#, idempotent: true).scalar == "0")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Person""#, idempotent: true).scalar == "0")
        // Planning alone writes nothing either, and the operation itself then runs as usual.
        _ = try await Self.plan(server, mutation)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Blog""#, idempotent: true).scalar == "0")
        try await server.seed(mutation)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Blog""#, idempotent: true).scalar == "1")
    }

    @Test("a write that fails under EXPLAIN ANALYZE: its error in the contract's shape, nothing kept")
    func failingExplain() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        try await server.seed(#"mutation { createBlog(input: {id: "b1", name: "One"}) { id } }"#)
        let (status, json) = try await Self.plan(server, #"mutation { createBlog(input: {id: "b1", name: "Again"}) { id } }"#, explain: true)
        #expect(status == 200)
        #expect((json["plans"] as? [[String: Any]])?.first?["explain"] is NSNull)
        #expect(errorType(json) != nil, "\(json)")
        #expect(try await server.client.query(#"SELECT name FROM "Blog""#, idempotent: true).scalar == "One")
    }

    @Test("a subscription shows its delivery statement; validation errors come with their position; limits hold as on /graphql")
    func subscriptionsErrorsAndLimits() async throws {
        let server = try await StudioServer.start(maximumBodySize: 4096)
        defer { server.stop() }
        let (_, subscription) = try await Self.plan(server, "subscription { onCreatePost { id title blog { name } } }", explain: true)
        let delivery = try #require((subscription["plans"] as? [[String: Any]])?.first, "\(subscription)")
        #expect(delivery["field"] as? String == "onCreatePost")
        #expect((delivery["sql"] as? String)?.contains(#""Blog""#) == true)
        #expect(delivery["explain"] is NSNull)
        let (status, invalid) = try await Self.plan(server, "{\n  listBlogs { items { nope } }\n}")
        #expect(status == 200)
        #expect((invalid["plans"] as? [Any])?.isEmpty == true)
        #expect(value(invalid, "errors", 0, "locations", 0, "line") as? Int == 2, "\(invalid)")
        #expect((value(invalid, "errors", 0, "message") as? String)?.contains("nope") == true)
        // Deeper than the depth limit (15).
        var deep = "id"
        for _ in 0..<10 { deep = "posts { items { blog { \(deep) } } }" }
        let (_, tooDeep) = try await Self.plan(server, "{ listBlogs { items { \(deep) } } }")
        #expect(errorType(tooDeep) == "LimitExceeded", "\(tooDeep)")
        #expect((tooDeep["plans"] as? [Any])?.isEmpty == true)
        // More rows in the worst case than the cost limit (500,000) allows.
        let (_, tooCostly) = try await Self.plan(
            server, "{ listBlogs(limit: 1000) { items { posts(limit: 1000) { items { comments(limit: 1000) { items { id } } } } } } }", explain: true)
        #expect(errorType(tooCostly) == "LimitExceeded", "\(tooCostly)")
        #expect((tooCostly["plans"] as? [Any])?.isEmpty == true)
        // A body over the size limit is refused before it is read.
        let (large, body) = try await Self.plan(server, "{ listBlogs { items { id } } }" + String(repeating: " ", count: 5000))
        #expect(large == 413)
        #expect(errorType(body) == "LimitExceeded")
        let badBody = try await server.request(
            "/studio/plan", method: "POST", body: Data(#"{"query": "{ listBlogs { items { id } } }", "explain": "yes"}"#.utf8), headers: ["x-api-key": server.key])
        #expect(badBody.status == 400)
    }

    @Test("plans off: 404 StudioPlansDisabled; no key or a wrong key: the 401 UnauthorizedException body")
    func refusals() async throws {
        let off = try await StudioServer.start(plans: false)
        defer { off.stop() }
        let (status, json) = try await Self.plan(off, "{ listBlogs { items { id } } }")
        #expect(status == 404)
        #expect(errorType(json) == "StudioPlansDisabled")
        let on = try await StudioServer.start()
        defer { on.stop() }
        for headers in [["Content-Type": "application/json"], ["x-api-key": "da2-wrong", "Content-Type": "application/json"]] {
            let body = try JSONSerialization.data(withJSONObject: ["query": "{ listBlogs { items { id } } }"])
            let answer = try await on.request("/studio/plan", method: "POST", body: body, headers: headers)
            #expect(answer.status == 401)
            #expect(answer.text == SignedInServe.unauthorizedBody, "\(answer.text)")
        }
    }

    @Test("the caller's credential applies: a signed-in user's plan carries the owner rule and the user's identity as parameters")
    func signedInCaller() async throws {
        let server = try await SignedInServe.start(
            project: { folder in try SignedInServe.project(try Fixtures.schemaSource("owners"), in: folder) },
            arguments: { folder in
                ["--auth-default", "userPools"] + SignedInServe.userPoolArguments + ["--jwks-file", SignedInServe.jwksFile(in: folder).path, "--studio-plans"]
            })
        defer { server.stop() }
        func plan(_ token: String) async throws -> [String: Any] {
            let body = try JSONSerialization.data(withJSONObject: ["query": "{ listNotes { items { id title } } }", "explain": true])
            let answer = try await TestHTTP.send(
                URL(string: "http://127.0.0.1:\(server.serve.port)/studio/plan")!, body: body, headers: ["Authorization": token, "Content-Type": "application/json"])
            #expect(answer.status == 200, "\(answer.text)")
            let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            return try #require((json["plans"] as? [[String: Any]])?.first, "\(json)")
        }
        // Not in the Admins group: only the user's own notes, by the owner field, with the user's identity as a parameter.
        let entry = try await plan(try server.token([("cognito:groups", .null)]))
        #expect((entry["sql"] as? String)?.contains(#""owner""#) == true, "\(entry)")
        let parameters = (entry["parameters"] as? [Any] ?? []).compactMap { $0 as? String }
        #expect(parameters.contains { $0.contains("user-1") || $0.contains("alice") }, "\(parameters)")
        let config = try await TestHTTP.send(URL(string: "http://127.0.0.1:\(server.serve.port)/studio/config.json")!, method: "GET")
        #expect((try JSONSerialization.jsonObject(with: config.body) as? [String: Any])?["authModes"] as? [String] == ["userPools"], "\(config.text)")
        // In the Admins group, which may read every note: no owner condition.
        let admin = try await plan(try server.token())
        #expect((admin["sql"] as? String)?.contains(#""owner""#) == false, "\(admin)")
        #expect((entry["explain"] as? String)?.contains("Execution Time") == true)
    }
}
