import APISchema
import Foundation
import ModelIR
import Planner
import Postgres
import SchemaParser
import TestSupport
import Testing

/// A page filtered across a relationship runs on the generic plan every ModelGraph statement runs on, and that
/// one plan suits every value: a filter that few related rows match starts from them (not from a walk of the
/// whole primary key), and one that most rows match stops reading once the page is full.
@Suite("Relation-filtered pages on one generic plan")
struct RelationFilterPlanTests {
    static let query = "query($f: ModelPostFilterInput, $l: Int, $t: String) { listPosts(filter: $f, limit: $l, nextToken: $t) { items { id } nextToken } }"

    /// 3,000 posts with three comments each; the comments' texts take 500 values evenly ("c-0" … "c-499"),
    /// as the benchmark's tags do, so one text is on about 18 posts.
    static func seeded() async throws -> LiveServer {
        let server = try await LiveServer.start(schema: "bench-blog")
        do {
            _ = try await server.client.withConnection { connection in
                try connection.execute(
                    """
                    INSERT INTO "Blog"("id","name","createdAt","updatedAt") VALUES ('b', 'Blog', now(), now());
                    INSERT INTO "Post"("id","title","rating","status","blogId","createdAt","updatedAt")
                    SELECT 'p' || lpad(i::text, 5, '0'), 'Post ' || i, 1, 'DRAFT', 'b', now(), now() FROM generate_series(1, 3000) i;
                    INSERT INTO "Comment"("id","content","postId","createdAt","updatedAt")
                    SELECT 'c' || i || '-' || k, 'c-' || ((i * 7 + k * 331) % 500), 'p' || lpad(i::text, 5, '0'), now(), now()
                    FROM generate_series(1, 3000) i, generate_series(1, 3) k;
                    ANALYZE;
                    """)
            }
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// The planned statement for `filter`, `limit` and `token`, prepared (so PostgreSQL makes the generic plan it makes
    /// for the server's prepared statements) and run under `EXPLAIN ANALYZE`; the plan's text.
    static func analyzedGenericPlan(_ server: LiveServer, filter: InputValue, limit: Int, token: String? = nil) async throws -> String {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog"))
        let planned = try OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))).plan(
            query: query, operationName: nil, inputs: ["f": filter, "l": .int(limit), "t": token.map { .string($0) } ?? .null])
        guard case .statement(let statement, _) = planned.fields[0].plan else { throw LiveServerError("no statement for \(filter)") }
        #expect(!statement.needsCustomPlan)
        let arguments = statement.parameters.map { $0.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL" }.joined(separator: ", ")
        return try await server.client.withConnection { connection in
            _ = try connection.execute("SET plan_cache_mode = force_generic_plan; PREPARE page AS " + statement.sql)
            defer { _ = try? connection.execute("DEALLOCATE page; RESET plan_cache_mode") }
            return try connection.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE page(\(arguments))").rows.compactMap { $0.first ?? nil }
                .joined(separator: "\n")
        }
    }

    /// The rows the plan read from the posts' primary key index: each scan's rows times its loops, summed.
    static func postKeyRows(_ plan: String) -> Int {
        plan.split(separator: "\n").filter { $0.contains("\"Post_pkey\"") }.reduce(0) { total, line in
            let numbers = line.split(separator: "(").last.map { $0.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) } } ?? []
            return total + (numbers.count >= 2 ? numbers[0] * numbers[1] : 0)
        }
    }

    @Test("a filter few related rows match starts from them; its answer is the posts that have such a comment, in key order")
    func selectiveFilterStartsFromTheRelatedRows() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let filter: InputValue = ["comments": ["some": ["content": ["eq": "c-5"]]]]
        let plan = try await Self.analyzedGenericPlan(server, filter: filter, limit: 10)
        // The posts with comment "c-5" are about 18 among 3,000; walking the key in order probes hundreds.
        #expect(Self.postKeyRows(plan) <= 40, "\(plan)")
        let expected = try await server.client.query(
            "SELECT DISTINCT \"postId\" FROM \"Comment\" WHERE content = 'c-5' ORDER BY 1 LIMIT 10"
        ).rows.compactMap { $0[0] }
        let response = try await server.graphQL(Self.query, variables: ["f": ["comments": ["some": ["content": ["eq": "c-5"]]]], "l": 10])
        let page = (response["data"] as? [String: Any])?["listPosts"] as? [String: Any]
        #expect(((page?["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String } == expected, "\(response)")
        #expect(expected.count == 10 && page?["nextToken"] is String)
    }

    @Test("a filter every post matches reads only the page (and the row after it), not every match; pages follow each other")
    func broadFilterStopsWithThePage() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let plan = try await Self.analyzedGenericPlan(server, filter: ["comments": ["some": ["content": ["ne": "c-5"]]]], limit: 10)
        #expect(plan.contains("Run Condition"), "\(plan)")
        #expect(Self.postKeyRows(plan) <= 12, "\(plan)")
        var token: Any = NSNull()
        var seen: [String] = []
        for _ in 0..<3 {
            let response = try await server.graphQL(
                Self.query, variables: ["f": ["comments": ["some": ["content": ["ne": "c-5"]]]], "l": 10, "t": token] as [String: Any])
            let page = (response["data"] as? [String: Any])?["listPosts"] as? [String: Any]
            seen += ((page?["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            token = page?["nextToken"] ?? NSNull()
        }
        #expect(seen == (1...30).map { String(format: "p%05d", $0) }, "\(seen)")
    }

    /// The seeded posts with tags as well: tag "t-k" (k = 0…49) is on the posts whose number is k modulo 50,
    /// and every post also carries tag "t-49" twice over links of its own, so one tag is on 60 posts and "t-49"
    /// on every post.
    static func tagged() async throws -> LiveServer {
        let server = try await seeded()
        do {
            _ = try await server.client.withConnection { connection in
                try connection.execute(
                    """
                    INSERT INTO "Tag"("id","name","createdAt","updatedAt") SELECT 't-' || k, 'Tag ' || k, now(), now() FROM generate_series(0, 49) k;
                    INSERT INTO "PostTag"("id","postId","tagId","createdAt","updatedAt")
                    SELECT 'l' || i, 'p' || lpad(i::text, 5, '0'), 't-' || (i % 50), now(), now() FROM generate_series(1, 3000) i;
                    INSERT INTO "PostTag"("id","postId","tagId","createdAt","updatedAt")
                    SELECT 'm' || i || '-' || k, 'p' || lpad(i::text, 5, '0'), 't-49', now(), now() FROM generate_series(1, 3000) i, generate_series(1, 2) k;
                    ANALYZE;
                    """)
            }
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Every page of `filter`'s posts in pages of `limit`, following the tokens.
    static func allPages(_ server: LiveServer, filter: [String: Any], limit: Int) async throws -> (ids: [String], tokens: [String]) {
        var token: Any = NSNull()
        var ids: [String] = []
        var tokens: [String] = []
        while true {
            let response = try await server.graphQL(query, variables: ["f": filter, "l": limit, "t": token] as [String: Any])
            let page = try #require((response["data"] as? [String: Any])?["listPosts"] as? [String: Any], "\(response)")
            ids += ((page["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            guard let next = page["nextToken"] as? String else { return (ids, tokens) }
            tokens.append(next)
            token = next
        }
    }

    @Test("a tag's posts start from its links: each page reads its own posts and the one after, and pages equal the EXISTS form's")
    func tagPagesStartFromTheLinks() async throws {
        let server = try await Self.tagged()
        defer { server.stop() }
        let some: [String: Any] = ["tags": ["some": ["tagId": ["eq": "t-7"]]]]
        let first = try await Self.analyzedGenericPlan(server, filter: ["tags": ["some": ["tagId": ["eq": "t-7"]]]], limit: 10)
        #expect(first.contains("Unique") && !first.contains("SubPlan") && Self.postKeyRows(first) <= 12, "\(first)")
        // Inside `and` the same filter is an EXISTS: the same posts, page by page.
        let (ids, tokens) = try await Self.allPages(server, filter: some, limit: 10)
        let (existsIDs, _) = try await Self.allPages(server, filter: ["and": [some]], limit: 10)
        #expect(ids == (0..<60).map { String(format: "p%05d", 7 + 50 * $0) }, "\(ids)")
        #expect(ids == existsIDs)
        // A later page starts past the token's key among the links too: it does not look up the earlier posts. (12:
        // the page, the row that tells a next page exists, and the one that ends the numbering.)
        let later = try await Self.analyzedGenericPlan(server, filter: ["tags": ["some": ["tagId": ["eq": "t-7"]]]], limit: 10, token: tokens[3])
        #expect(Self.postKeyRows(later) <= 12, "\(later)")
        // A tag on every post, over two links each: each post once, and a page still reads about a page.
        let (everyPost, _) = try await Self.allPages(server, filter: ["tags": ["some": ["tagId": ["eq": "t-49"]]]], limit: 500)
        #expect(everyPost == (1...3000).map { String(format: "p%05d", $0) })
        let broad = try await Self.analyzedGenericPlan(server, filter: ["tags": ["some": ["tagId": ["eq": "t-49"]]]], limit: 10)
        #expect(Self.postKeyRows(broad) <= 12, "\(broad)")
    }
}
