import APISchema
import Foundation
import ModelIR
import Planner
import Postgres
import SchemaParser
import TestSupport
import Testing

/// Relation filters and the text operators over HTTP against PostgreSQL: the answers, and the plans
/// PostgreSQL makes for them (each text index kind and the foreign-key index serve the SQL the planner writes).
@Suite("Relation filters and text operators over HTTP")
struct RelationAndTextFilterEndToEndTests {
    /// One text index of each kind, on different fields so each plan can only use its own.
    static let textIndexes = ["Post.title=insensitive", "Blog.name=trigram", "Post.content=search"]

    static let listPosts = "query($f: ModelPostFilterInput) { listPosts(filter: $f) { items { id } } }"
    static let listBlogs = "query($f: ModelBlogFilterInput) { listBlogs(filter: $f) { items { id } } }"

    /// A server over the blog fixture with its text indexes and a few records: blogs `b1` (Alpha) and `b2`
    /// (Beta); posts `p1` (two comments, one "bad"), `p2` (one "great" comment) in b1 and `p3` (none) in b2.
    static func seeded() async throws -> LiveServer {
        let server = try await LiveServer.start(schema: "bench-blog", textIndexes: textIndexes)
        do {
            try await server.seed(
                #"mutation { a: createBlog(input: {id: "b1", name: "Alpha"}) { id } b: createBlog(input: {id: "b2", name: "Beta"}) { id } }"#)
            let posts: [(String, String, String, String)] = [
                ("p1", "École du Nord", "fast cars and slow boats", "b1"), ("p2", "ecole 50%_off", "slow trains", "b1"), ("p3", "Other", "nothing here", "b2"),
            ]
            for (id, title, content, blog) in posts {
                try await server.seed(
                    "mutation($i: CreatePostInput!) { createPost(input: $i) { id } }",
                    variables: ["i": ["id": id, "title": title, "content": content, "rating": 1, "status": "DRAFT", "blogId": blog] as [String: Any]])
            }
            for (id, content, post) in [("c1", "great", "p1"), ("c2", "bad", "p1"), ("c3", "great", "p2")] {
                try await server.seed(
                    "mutation($i: CreateCommentInput!) { createComment(input: $i) { id } }", variables: ["i": ["id": id, "content": content, "postId": post]])
            }
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// The ids `query` lists with filter `filter`, sorted; fails the test on errors.
    static func ids(_ server: LiveServer, _ filter: [String: Any], query: String = listPosts) async throws -> [String] {
        let response = try await server.graphQL(query, variables: ["f": filter])
        if let errors = response["errors"] { throw LiveServerError("unexpected errors: \(errors) for \(filter)") }
        let data = response["data"] as? [String: Any]
        let items = (data?.values.first as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }.sorted()
    }

    @Test("relation filters: some, every (an empty relation satisfies it), none, belongsTo, and two levels deep")
    func relationFilters() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        #expect(try await Self.ids(server, ["comments": ["some": ["content": ["eq": "bad"]]]]) == ["p1"])
        #expect(try await Self.ids(server, ["comments": ["every": ["content": ["eq": "great"]]]]) == ["p2", "p3"])
        #expect(try await Self.ids(server, ["comments": ["none": ["content": ["eq": "bad"]]]]) == ["p2", "p3"])
        #expect(try await Self.ids(server, ["comments": ["some": [:] as [String: Any]]]) == ["p1", "p2"])
        #expect(try await Self.ids(server, ["blog": ["name": ["eq": "Beta"]]]) == ["p3"])
        #expect(try await Self.ids(server, ["blog": ["name": ["eq": "Beta"]], "title": ["eq": "nope"]]) == [])
        #expect(try await Self.ids(server, ["posts": ["some": ["comments": ["some": ["content": ["eq": "bad"]]]]]], query: Self.listBlogs) == ["b1"])
        #expect(try await Self.ids(server, ["posts": ["every": ["comments": ["some": [:] as [String: Any]]]]], query: Self.listBlogs) == ["b1"])
        let either: [[String: Any]] = [["blog": ["name": ["eq": "Beta"]]], ["comments": ["some": ["content": ["eq": "bad"]]]]]
        #expect(try await Self.ids(server, ["or": either]) == ["p1", "p3"])
    }

    @Test("case-insensitive operators fold É to é; % and _ in an operand match only themselves")
    func insensitive() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        #expect(try await Self.ids(server, ["title": ["eqInsensitive": "ÉCOLE DU NORD"]]) == ["p1"])
        #expect(try await Self.ids(server, ["title": ["eq": "école du nord"]]) == [])
        #expect(try await Self.ids(server, ["title": ["beginsWithInsensitive": "éCOLE"]]) == ["p1"])
        #expect(try await Self.ids(server, ["title": ["beginsWithInsensitive": "ECOLE"]]) == ["p2"])
        #expect(try await Self.ids(server, ["title": ["containsInsensitive": "DU"]]) == ["p1"])
        #expect(try await Self.ids(server, ["title": ["containsInsensitive": "50%_"]]) == ["p2"])
        #expect(try await Self.ids(server, ["title": ["containsInsensitive": "%"]]) == ["p2"])
        #expect(try await Self.ids(server, ["title": ["containsInsensitive": "_"]]) == ["p2"])
        #expect(try await Self.ids(server, ["title": ["beginsWithInsensitive": "_"]]) == [])
        #expect(try await Self.ids(server, ["title": ["containsInsensitive": "50__"]]) == [])
        #expect(try await Self.ids(server, ["name": ["containsInsensitive": "LPH"]], query: Self.listBlogs) == ["b1"])
    }

    @Test("search matches words, with web-search syntax")
    func search() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        #expect(try await Self.ids(server, ["content": ["search": "slow"]]) == ["p1", "p2"])
        #expect(try await Self.ids(server, ["content": ["search": "slow -boats"]]) == ["p2"])
        #expect(try await Self.ids(server, ["content": ["search": #""fast cars""#]]) == ["p1"])
        #expect(try await Self.ids(server, ["content": ["search": "car"]]) == [])
    }

    @Test("a relation filter over a model the caller may not list is refused with Unauthorized")
    func deniedTarget() async throws {
        let server = try await LiveServer.start(schema: "restricted")
        defer { server.stop() }
        let response = try await server.graphQL(
            "query($f: ModelNoteFilterInput) { listNotes(filter: $f) { items { id } } }", variables: ["f": ["secret": ["value": ["eq": "x"]]]])
        #expect(errorType(response) == "Unauthorized")
        #expect(value(response, "data", "listNotes") is NSNull)
    }

    /// Alice's note "a1" and Bob's note "b1", both titled "shared title", with remark "ra" by Alice on a1 and "rb" by
    /// Bob on b1; the two users.
    static func notesWithRemarks(_ h: OwnerRuleTests.Harness) async -> (alice: Caller, bob: Caller) {
        let alice = OwnerRuleTests.user("alice"), bob = OwnerRuleTests.user("bob")
        _ = await h.run(#"mutation { createNote(input: {id: "a1", title: "shared title"}) { id } }"#, as: alice)
        _ = await h.run(#"mutation { createNote(input: {id: "b1", title: "shared title"}) { id } }"#, as: bob)
        _ = await h.run(#"mutation { createRemark(input: {id: "ra", body: "x", noteId: "a1"}) { id } }"#, as: alice)
        _ = await h.run(#"mutation { createRemark(input: {id: "rb", body: "x", noteId: "b1"}) { id } }"#, as: bob)
        return (alice, bob)
    }

    @Test("under an owner rule of the related model only the caller's related records count")
    func ownerRuleInside() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let (alice, bob) = await Self.notesWithRemarks(h)
        let query = "query($f: ModelRemarkFilterInput) { listRemarks(filter: $f) { items { id } } }"
        let filter: InputValue = ["note": ["title": ["eq": "shared title"]]]
        for (caller, expected) in [(alice, ["ra"]), (bob, ["rb"])] {
            // Both remarks are listed to every signed-in user; the filter sees only the caller's notes.
            let all = await h.run("{ listRemarks { items { id } } }", as: caller)
            #expect(((all.data["listRemarks"] as? [String: Any])?["items"] as? [[String: String]])?.count == 2)
            let filtered = await h.run(query, as: caller, ["f": filter])
            #expect(filtered.errors.isEmpty)
            #expect(((filtered.data["listRemarks"] as? [String: Any])?["items"] as? [[String: String]])?.compactMap { $0["id"] } == expected)
        }
    }

    @Test("a list under an owner rule that starts from related keys still lists only the caller's records")
    func ownerListFromRelatedKeys() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let (alice, bob) = await Self.notesWithRemarks(h)
        // `comments: { some: { id: { eq } } }` starts the page from the remarks' note keys (RelatedKeysTests); the
        // notes' owner rule still applies to the notes those keys reach.
        let query = "query($f: ModelNoteFilterInput) { listNotes(filter: $f) { items { id } } }"
        for (caller, remark, expected) in [(alice, "ra", ["a1"]), (alice, "rb", []), (bob, "rb", ["b1"]), (bob, "ra", [])] {
            let filtered = await h.run(query, as: caller, ["f": ["comments": ["some": ["id": ["eq": .string(remark)]]]]])
            #expect(filtered.errors.isEmpty, "\(filtered.errors)")
            #expect(((filtered.data["listNotes"] as? [String: Any])?["items"] as? [[String: String]])?.compactMap { $0["id"] } == expected, "\(remark)")
        }
    }

    /// PostgreSQL's plan for the SQL the planner writes for `query` with filter `filter`, sequential scans
    /// disabled so any index that matches the SQL is used.
    static func plan(_ server: LiveServer, _ query: String, _ filter: InputValue) async throws -> String {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog")).addingTextIndexes(textIndexes)
        let planned = try OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))).plan(query: query, operationName: nil, inputs: ["f": filter])
        guard case .statement(let statement, _) = planned.fields[0].plan else { throw LiveServerError("no statement for \(filter)") }
        let (sql, parameters) = (statement.sql, statement.parameters)
        return try await server.client.withConnection { connection in
            _ = try connection.execute("SET enable_seqscan = off")
            defer { _ = try? connection.execute("RESET enable_seqscan") }
            return try connection.query("EXPLAIN " + sql, parameters).rows.compactMap { $0.first ?? nil }.joined(separator: "\n")
        }
    }

    @Test("each text index kind serves its operators, and a relation filter's EXISTS reads the foreign-key index")
    func indexesServeTheSQL() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let cases: [(String, InputValue, String)] = [
            (Self.listPosts, ["title": ["eqInsensitive": "ÉCOLE"]], "Post_title_insensitive"),
            (Self.listPosts, ["title": ["beginsWithInsensitive": "éco"]], "Post_title_insensitive"),
            (Self.listBlogs, ["name": ["containsInsensitive": "lph"]], "Blog_name_trigram"),
            (Self.listPosts, ["content": ["search": "slow -boats"]], "Post_content_search"),
            (Self.listPosts, ["comments": ["some": ["content": ["eq": "bad"]]]], "Comment_postId"),
            (Self.listPosts, ["comments": ["every": ["content": ["eq": "bad"]]]], "Comment_postId"),
        ]
        for (query, filter, index) in cases {
            let plan = try await Self.plan(server, query, filter)
            #expect(plan.contains(" on \"\(index)\"") || plan.contains("using \"\(index)\""), "\(filter):\n\(plan)")
        }
    }

    @Test("served with --appsync, relation filters and text operators sent in variables are unknown keys")
    func appSyncRefuses() async throws {
        let server = try await LiveServer.start(schema: "bench-blog", surface: .appSync)
        defer { server.stop() }
        let filters: [([String: Any], String)] = [
            (
                ["comments": ["some": ["content": ["eq": "x"]]]],
                "The variables input contains a field name 'comments' that is not defined for input object type 'ModelPostFilterInput' "
            ),
            (["blog": ["name": ["eq": "x"]]], "The variables input contains a field name 'blog' that is not defined for input object type 'ModelPostFilterInput' "),
            (["title": ["eqInsensitive": "x"]], "The variables input contains a field name 'eqInsensitive' that is not defined for input object type 'ModelStringInput' "),
            (["content": ["search": "x"]], "The variables input contains a field name 'search' that is not defined for input object type 'ModelStringInput' "),
        ]
        for (filter, message) in filters {
            let response = try await server.graphQL(Self.listPosts, variables: ["f": filter])
            #expect(value(response, "errors", 0, "message") as? String == message, "\(response)")
            // The request is refused as a whole, before anything runs.
            #expect(response["data"] is NSNull, "\(response)")
        }
        let plain = try await server.graphQL(Self.listPosts, variables: ["f": ["title": ["eq": "x"]]])
        #expect(plain["errors"] == nil)
    }
}
