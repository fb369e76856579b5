import Foundation
import Postgres
import TestSupport
import Testing

/// The benchmark operations return, value for value, what the raw SQL floor returns (bench/raw), except
/// `nextToken`, which the floor always leaves null.
@Suite("Benchmark operations equal the raw SQL floor")
struct BenchParityTests {
    static var benchFolder: URL { Fixtures.folder().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bench") }

    static func file(_ path: String) throws -> String {
        try String(contentsOf: benchFolder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The raw script with its pgbench `\set` lines dropped and `:name` replaced by `value`.
    static func rawSQL(_ name: String, _ variable: String?, _ value: Int) throws -> String {
        var sql = try file("raw/\(name).sql").split(separator: "\n").filter { !$0.hasPrefix("\\set") }.joined(separator: "\n")
        if let variable { sql = sql.replacingOccurrences(of: ":\(variable)", with: String(value)) }
        return sql.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    }

    /// Drops every `nextToken` key, so the floor and the server compare on data, and turns timestamps into
    /// instants: the floor prints PostgreSQL's `+00:00` form, the API prints AWSDateTime's `.000Z` form.
    static func withoutTokens(_ json: Any) -> Any {
        if let object = json as? [String: Any] {
            return object.filter { $0.key != "nextToken" }.mapValues(withoutTokens)
        }
        if let array = json as? [Any] { return array.map(withoutTokens) }
        if let text = json as? String, text.count >= 20, text.dropFirst(10).first == "T" {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return json
    }

    static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test("q1–q5, s1, c1, r1, m1 and n1 match the floor")
    func parity() async throws {
        let server = try await LiveServer.start(schema: "bench-blog")
        defer { server.stop() }
        // 280,000 rows: on a loaded machine that can take longer than the pool's 10 s statement timeout.
        _ = try await server.client.withConnection { try $0.execute("SET statement_timeout = 0;\n" + (try Self.file("seed.sql"))) }
        let md5 = { (text: String) async throws -> String in
            try #require(try await server.client.query("SELECT md5($1)::uuid::text", [text]).scalar)
        }
        let cases: [(String, String, String?, Int, [String: Any])] = [
            ("q1_get_post", "q1_get_post", "n", 7, ["id": try await md5("post-7")]),
            ("q2_list_posts_belongs_to", "q2_list_posts_belongs_to", "r", 4, ["minRating": 4]),
            ("q3_has_many_page", "q3_has_many_page", "n", 12, ["id": try await md5("blog-12")]),
            ("q4_depth3", "q4_depth3", nil, 0, [:]),
            ("q5_many_to_many", "q5_many_to_many", "n", 33, ["id": try await md5("tag-33")]),
            ("s1_sorted_page", "s1_sorted_page", "n", 12, ["id": try await md5("blog-12")]),
            ("r1_relation_some", "r1_relation_some", "n", 33, ["tag": try await md5("tag-33")]),
        ]
        for (query, raw, variable, number, variables) in cases {
            let floor = try #require(try await server.client.query(try Self.rawSQL(raw, variable, number)).scalar)
            let response = try await server.graphQL(try Self.file("queries/\(query).graphql"), variables: variables)
            #expect(response["errors"] == nil, "\(query): \(response)")
            let expected = Self.withoutTokens(try Self.parse(floor)) as? NSDictionary
            let actual = Self.withoutTokens(response) as? NSDictionary
            #expect(
                expected != nil && expected == actual, "\(query) differs from the floor: \(String(describing: expected).prefix(600)) vs \(String(describing: actual).prefix(600))")
        }
        // c1 draws two numbers: the blog and the least rating.
        let countFloor = try Self.rawSQL("c1_count", "n", 12).replacingOccurrences(of: ":m", with: "4")
        let counted = try await server.graphQL(try Self.file("queries/c1_count.graphql"), variables: ["id": try await md5("blog-12"), "min": 4])
        let countExpected = try Self.parse(try #require(try await server.client.query(countFloor).scalar)) as? NSDictionary
        #expect(countExpected != nil && countExpected == (counted as NSDictionary), "c1: \(counted) vs \(String(describing: countExpected))")
        let postID = try await md5("post-9")
        let created = try await server.graphQL(try Self.file("queries/m1_create_comment.graphql"), variables: ["postId": postID, "content": "benchmark comment"])
        let floor = try #require(
            try await server.client.withTransaction { connection in
                let text = try connection.query(try Self.rawSQL("m1_create_comment", "n", 9)).scalar
                try connection.execute("ROLLBACK; BEGIN")
                return text
            })
        let expectedComment = try #require(value(try Self.parse(floor), "data", "createComment") as? [String: Any])
        let actualComment = try #require(value(created, "data", "createComment") as? [String: Any])
        #expect(actualComment["content"] as? String == expectedComment["content"] as? String)
        #expect((actualComment["post"] as? NSDictionary) == (expectedComment["post"] as? NSDictionary))
        #expect(Array(actualComment.keys).sorted() == Array(expectedComment.keys).sorted())
        try await nestedCreate(server, blogID: try await md5("blog-3"))
    }

    /// n1 answers as its floor does except for the generated ids: the same keys and title, and ten comments with
    /// the same contents (ordered by their random ids, so compared sorted).
    func nestedCreate(_ server: LiveServer, blogID: String) async throws {
        let comments: [[String: Any]] = (1...10).map { ["content": "comment \($0)"] }
        let created = try await server.graphQL(
            try Self.file("queries/n1_nested_create.graphql"), variables: ["t": "benchmark post", "b": blogID, "c": comments])
        #expect(created["errors"] == nil, "n1: \(created)")
        let floor = try #require(
            try await server.client.withTransaction { connection in
                let text = try connection.query(try Self.rawSQL("n1_nested_create", "n", 3)).scalar
                try connection.execute("ROLLBACK; BEGIN")
                return text
            })
        let expected = try #require(value(try Self.parse(floor), "data", "createPost") as? [String: Any])
        let actual = try #require(value(created, "data", "createPost") as? [String: Any])
        #expect(Array(actual.keys).sorted() == Array(expected.keys).sorted())
        #expect(actual["title"] as? String == expected["title"] as? String)
        let items = { (post: [String: Any]) -> [[String: Any]] in ((post["comments"] as? [String: Any])?["items"] as? [[String: Any]]) ?? [] }
        #expect(items(actual).count == 10)
        #expect(items(actual).map { $0["content"] as? String ?? "" }.sorted() == items(expected).map { $0["content"] as? String ?? "" }.sorted())
        #expect(items(actual).allSatisfy { Array($0.keys).sorted() == ["content", "id"] && ($0["id"] as? String)?.isEmpty == false })
    }
}
