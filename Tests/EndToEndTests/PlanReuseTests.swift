import Foundation
import Testing

/// One operation text, many variable values: after the first request of a shape the server reuses the plan
/// and only computes parameters, so every case here checks that each request still gets its own answer.
@Suite("Plan reuse across variable values")
struct PlanReuseTests {
    static let list = """
        query($sku: String, $cond: ModelItemPrimaryCompositeKeyConditionInput, $dir: ModelSortDirection, $limit: Int, $next: String, $filter: ModelItemFilterInput) {
          listItems(sku: $sku, kindVersion: $cond, sortDirection: $dir, limit: $limit, nextToken: $next, filter: $filter) { items { sku kind version } nextToken }
        }
        """

    static func rows(_ response: [String: Any]) -> [String] {
        (value(response, "data", "listItems", "items") as? [[String: Any]])?.map { "\($0["sku"]!)/\($0["kind"]!)\($0["version"]!)" } ?? []
    }

    @Test("keys, directions and conditions from variables: each request answers for its own values")
    func keysAndDirections() async throws {
        let server = try await QueryTests.seeded()
        defer { server.stop() }
        let ascending = try await server.graphQL(Self.list, variables: ["sku": "a", "dir": "ASC"])
        #expect(Self.rows(ascending) == ["a/BOOK1", "a/BOOK2", "a/GAME1"])
        let descending = try await server.graphQL(Self.list, variables: ["sku": "a", "dir": "DESC"])
        #expect(Self.rows(descending) == ["a/GAME1", "a/BOOK2", "a/BOOK1"])
        let otherKey = try await server.graphQL(Self.list, variables: ["sku": "b", "dir": "DESC"])
        #expect(Self.rows(otherKey) == ["b/BOOK1"])
        let books = try await server.graphQL(Self.list, variables: ["sku": "a", "cond": ["beginsWith": ["kind": "BOOK"]]])
        #expect(Self.rows(books) == ["a/BOOK1", "a/BOOK2"])
        let games = try await server.graphQL(Self.list, variables: ["sku": "a", "cond": ["beginsWith": ["kind": "GAME"]]])
        #expect(Self.rows(games) == ["a/GAME1"])
        let unknown = try await server.graphQL(Self.list, variables: ["sku": "a", "cond": ["beginsWith": ["kind": "NOPE"]]])
        #expect(errorType(unknown) == "ValidationError")
        #expect((value(unknown, "errors", 0, "message") as? String)?.contains("NOPE") == true)
        #expect(value(unknown, "data", "listItems") is NSNull)
        let again = try await server.graphQL(Self.list, variables: ["sku": "a", "cond": ["beginsWith": ["kind": "BOOK"]]])
        #expect(Self.rows(again) == ["a/BOOK1", "a/BOOK2"])
    }

    @Test("limit and nextToken from variables page correctly; a token only fits the filter it was issued for")
    func pagingWithVariables() async throws {
        let server = try await QueryTests.seeded()
        defer { server.stop() }
        let filter: [String: Any] = ["title": ["ne": "zzz"]]
        let first = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": 2, "filter": filter])
        #expect(Self.rows(first) == ["a/BOOK1", "a/BOOK2"])
        let token = try #require(value(first, "data", "listItems", "nextToken") as? String)
        let second = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": 2, "filter": filter, "next": token])
        #expect(Self.rows(second) == ["a/GAME1"])
        #expect(value(second, "data", "listItems", "nextToken") is NSNull)
        let otherFilter = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": 2, "filter": ["title": ["ne": "yyy"]], "next": token])
        #expect(errorType(otherFilter) == "InvalidNextToken")
        let smallerPage = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": 1, "filter": filter])
        #expect(Self.rows(smallerPage) == ["a/BOOK1"])
        let negative = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": -1, "filter": filter])
        #expect(errorType(negative) == "InvalidArgumentsError")
        let repeated = try await server.graphQL(Self.list, variables: ["sku": "a", "limit": 2, "filter": filter, "next": token])
        #expect(Self.rows(repeated) == ["a/GAME1"])
    }

    @Test("@skip and @include from variables choose the fields of each response")
    func directivesFromVariables() async throws {
        let server = try await QueryTests.seeded()
        defer { server.stop() }
        let query = #"query($bare: Boolean!) { getShelf(id: "s1") { id label @skip(if: $bare) } }"#
        let full = try await server.graphQL(query, variables: ["bare": false])
        #expect(value(full, "data", "getShelf", "label") as? String == "one")
        let bare = try await server.graphQL(query, variables: ["bare": true])
        #expect((value(bare, "data", "getShelf") as? [String: Any])?.keys.sorted() == ["id"])
        let fullAgain = try await server.graphQL(query, variables: ["bare": false])
        #expect(value(fullAgain, "data", "getShelf", "label") as? String == "one")
    }
}
