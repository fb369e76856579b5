import APISchema
import Foundation
import JSON
import ModelIR
import Planner
import SchemaParser
import TestSupport
import Testing

/// Which root list pages start from the keys of the related records a `some` filter matches (a
/// `SELECT DISTINCT` of their references joined to the page) and which keep the filter an `EXISTS`.
@Suite("Planned SQL: pages that start from related records' keys")
struct RelatedKeysTests {
    static let blog: OperationPlanner = {
        // The fixture is part of the repository; failing to read it is a broken checkout.
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("bench-blog"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    static let listPosts = "query($f: ModelPostFilterInput) { listPosts(filter: $f, limit: 5) { items { id } nextToken } }"

    static func sql(_ inputs: [String: InputValue], query: String = listPosts) throws -> String {
        PlannerTests.render(try blog.plan(query: query, operationName: nil, inputs: inputs))
    }

    @Test("a tag's posts start from the tag's links: the golden SQL, with the rest of the filter on the posts")
    func golden() throws {
        let text = try Self.sql(["f": ["tags": ["some": ["tagId": ["eq": "t-1"]]], "title": ["ne": "x"]]])
        #expect(text.contains("SELECT DISTINCT"))
        if let difference = Golden.check(text, named: "relation-some-keys.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test(
        "an equality on a reference or the key of the related model starts from its keys",
        arguments: ["tagId", "postId", "id"])
    func startsFromKeys(field: String) throws {
        let text = try Self.sql(["f": ["tags": ["some": [field: ["eq": "v"]]]]])
        #expect(text.contains("SELECT DISTINCT \"t1\".\"postId\" AS \"k0\""), "\(text)")
        #expect(!text.contains("EXISTS"), "\(text)")
    }

    static let keptAsExists: [(String, String, [String: InputValue])] = [
        ("a field no index leads", listPosts, ["f": ["comments": ["some": ["content": ["eq": "c"]]]]]),
        ("a comparison other than eq", listPosts, ["f": ["tags": ["some": ["tagId": ["ne": "t-1"]]]]]),
        ("eq null", listPosts, ["f": ["tags": ["some": ["tagId": ["eq": .null]]]]]),
        ("inside and", listPosts, ["f": ["and": [["tags": ["some": ["tagId": ["eq": "t-1"]]]]]]]),
        ("inside or", listPosts, ["f": ["or": [["tags": ["some": ["tagId": ["eq": "t-1"]]]], ["title": ["eq": "x"]]]]]),
        ("every", listPosts, ["f": ["tags": ["every": ["tagId": ["eq": "t-1"]]]]]),
        ("none", listPosts, ["f": ["tags": ["none": ["tagId": ["eq": "t-1"]]]]]),
        (
            "a page sorted by another field",
            "query($f: ModelPostFilterInput) { listPosts(filter: $f, sort: [{field: title}], limit: 5) { items { id } } }",
            ["f": ["tags": ["some": ["tagId": ["eq": "t-1"]]]]]
        ),
        (
            "a nested connection",
            "query($f: ModelPostFilterInput) { getBlog(id: \"b\") { posts(filter: $f, limit: 5) { items { id } } } }",
            ["f": ["tags": ["some": ["tagId": ["eq": "t-1"]]]]]
        ),
        ("a count", "query($f: ModelPostFilterInput) { countPosts(filter: $f) }", ["f": ["tags": ["some": ["tagId": ["eq": "t-1"]]]]]),
    ]

    @Test("other relation filters stay an EXISTS", arguments: keptAsExists.map(\.0))
    func staysExists(name: String) throws {
        let (_, query, inputs) = try #require(Self.keptAsExists.first { $0.0 == name })
        let text = try Self.sql(inputs, query: query)
        #expect(!text.contains("SELECT DISTINCT"), "\(text)")
        #expect(text.contains("EXISTS"), "\(text)")
    }

    @Test("only the first suitable some starts the page; a second one stays an EXISTS, and every keeps its own")
    func oneStart() throws {
        let text = try Self.sql([
            "f": ["tags": ["some": ["tagId": ["eq": "t-1"]], "every": ["tagId": ["ne": "t-9"]]], "comments": ["some": ["postId": ["eq": "p"]]]]
        ])
        #expect(text.components(separatedBy: "SELECT DISTINCT").count == 2, "\(text)")
        #expect(text.components(separatedBy: "EXISTS").count == 3, "\(text)")
    }

    @Test("under an owner rule the page starts from the related keys and keeps the caller's predicate on the rows")
    func ownerRule() throws {
        let caller = Caller(mode: .userPools, claims: .object([("sub", .string("s-1")), ("cognito:username", .string("ann"))]))
        let query = "query($f: ModelNoteFilterInput) { listNotes(filter: $f) { items { id } } }"
        let text = PlannerTests.render(
            try RelationAndTextFilterTests.owners.plan(query: query, operationName: nil, inputs: ["f": ["comments": ["some": ["id": ["eq": "r"]]]]], caller: caller))
        #expect(text.contains("SELECT DISTINCT \"t1\".\"noteId\" AS \"k0\""), "\(text)")
        #expect(text.contains("\"t0\".\"owner\""), "\(text)")
    }

    @Test("the filter size limit counts a filter that starts the page as any other")
    func sizeLimit() throws {
        let many: InputValue = .object((0..<1000).map { ("id", ["ne": .string("x\($0)")]) } + [("tags", ["some": ["tagId": ["eq": "t"]]])])
        let text = try Self.sql(["f": many])
        #expect(text.contains("LimitExceeded"), "\(text)")
    }
}
