import Foundation
import Postgres
import Realtime
import TestSupport
import Testing

/// Custom queries and mutations answered by SQL handlers, over HTTP against a served schema: reports, model
/// answers with nested relationships, a write to two tables, and hostile or failing input.
@Suite("Custom operations: SQL handlers")
struct CustomSQLOperationTests {
    static func seeded() async throws -> LiveServer {
        let server = try await LiveServer.start(schema: "custom-operations")
        try await server.seed(
            """
            mutation {
              a: createPost(input: {id: "p1", title: "First", rating: 3}) { id }
              b: createPost(input: {id: "p2", title: "Second", rating: 5}) { id }
              c: createPost(input: {id: "p3", title: "Third"}) { id }
              d: createComment(input: {content: "hi", postCommentsId: "p2"}) { id }
            }
            """)
        return server
    }

    @Test("a report: aggregates into a custom type, the argument's default, aliases, __typename, an enum list")
    func report() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQLText("{ all: postStats { posts averageRating best moods __typename } rated: postStats(minRating: 4) { n: posts } }")
        #expect(answer == #"{"data":{"all":{"posts":3,"averageRating":4,"best":"Third","moods":["HAPPY"],"__typename":"Stats"},"rated":{"n":1}}}"#)
    }

    @Test("a list of models: the statement's order, each record's selection read from its table, nested relationships included")
    func models() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQLText("{ topPosts(limit: 2) { id title comments { items { content } } } titles }")
        #expect(answer.contains(#""topPosts":[{"id":"p2","title":"Second","comments":{"items""#))
        #expect(answer.contains(#"[{"content":"hi"}]"#))
        #expect(answer.contains(#"{"id":"p1","title":"First","comments":{"items""#))
        #expect(answer.contains(#""titles":["First","Second","Third"]"#))
        #expect(!answer.contains("p3"))
    }

    @Test("arguments holding SQL are bound, never spliced: the text comes back as sent and the tables are intact")
    func hostileArguments() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let hostile = #"'); DROP TABLE "Post"; -- :text $1"#
        let answer = try await server.graphQL("query($t: String) { echoText(text: $t) }", variables: ["t": hostile])
        #expect((answer["data"] as? [String: Any])?["echoText"] as? String == hostile)
        let posts = try await server.graphQLText("{ postStats { posts } }")
        #expect(posts.contains(#""posts":3"#))
    }

    @Test("a mutation writing two tables: both or nothing, and the answer reads the written record with its new relationship")
    func writeTwoTables() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQLText(#"mutation { commentAndRate(postId: "p1", content: "great", rating: 8) { id rating comments { items { content } } } }"#)
        #expect(answer.contains(#""id":"p1","rating":8"#))
        #expect(answer.contains(#"{"content":"great"}"#))
        // The comment names a post that does not exist: the insert fails, and the update of the same statement
        // with it.
        let refused = try await server.graphQL(#"mutation { commentAndRate(postId: "nope", content: "lost", rating: 1) { id } }"#)
        let errors = try #require(refused["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        let message = try #require(errors[0]["message"] as? String)
        #expect(!message.contains("INSERT") && !message.contains("UPDATE") && !message.contains("$1"))
        let comments = try await server.graphQL(#"{ listComments(filter: {content: {eq: "lost"}}) { items { id } } }"#)
        #expect((((comments["data"] as? [String: Any])?["listComments"] as? [String: Any])?["items"] as? [Any])?.isEmpty == true)
    }

    @Test("a mutation's answer is read after its write: the record as written, not as it was")
    func readsItsWrite() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQL(
            "mutation($i: RatingInput!) { ratePost(input: $i) { id rating } }", variables: ["i": ["postId": "p3", "rating": 7]])
        #expect(((answer["data"] as? [String: Any])?["ratePost"] as? [String: Any])?["rating"] as? Int == 7)
        let missing = try await server.graphQLText(#"mutation { ratePost(input: {postId: "none", rating: 1}) { id } }"#)
        #expect(missing == #"{"data":{"ratePost":null}}"#)
    }

    @Test("a statement error comes back in AppSync's error shape without the SQL")
    func statementError() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQL("{ topPosts(limit: -1) { id } other: titles }")
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors[0]["path"] as? [String] == ["topPosts"])
        let message = try #require(errors[0]["message"] as? String)
        #expect(message.contains("LIMIT must not be negative") && !message.contains("SELECT"))
        #expect(((answer["data"] as? [String: Any])?["other"] as? [String])?.count == 3)
    }

    @Test("an argument that does not fit its type is refused before the statement runs")
    func badArgument() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let answer = try await server.graphQL("query($n: Int!) { topPosts(limit: $n) { id } }", variables: ["n": 3_000_000_000])
        let errors = try #require(answer["errors"] as? [[String: Any]])
        #expect((errors.first?["message"] as? String)?.contains("not a valid Int") == true)
        #expect((answer["data"] as? [String: Any])?["topPosts"] is NSNull)
    }
}

extension CustomSQLOperationTests {
    @Test("a query's statement cannot write, not even through a function: it runs where every transaction is read-only")
    func queriesCannotWrite() async throws {
        // A function that writes, made before the server starts (its start-up check prepares the statement).
        let database = try await TestDatabase.makeDatabase()
        let setup = PostgresClient(configuration: PostgresClient.Configuration(conninfo: database, connections: 1))
        try await setup.query("CREATE TABLE scratch (n int)")
        try await setup.query("CREATE FUNCTION scribble() RETURNS int LANGUAGE sql AS 'INSERT INTO scratch VALUES (1) RETURNING n'")
        let server = try await LiveServer.start(schema: "custom-read-only", conninfo: database)
        defer { server.stop(); setup.shutdown() }
        let answer = try await server.graphQL("{ sneakyWrite }")
        let errors = try #require(answer["errors"] as? [[String: Any]], "\(answer)")
        #expect(errors.count == 1, "\(errors)")
        #expect(try await setup.query("SELECT count(*) FROM scratch").scalar == "0")
        // The same statement as a mutation writes.
        let written = try await server.graphQL("mutation { scribble }")
        #expect(written["errors"] == nil && (written["data"] as? [String: Any])?["scribble"] as? Int == 1, "\(written)")
    }
}
