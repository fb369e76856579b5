import Foundation
import Postgres
import Testing

@Suite("Reads over HTTP: keys, sort keys, indexes, filters, values")
struct QueryTests {
    static func skus(_ response: [String: Any], _ path: String...) -> [String] {
        var node: Any? = response["data"]
        for step in path { node = (node as? [String: Any])?[step] }
        return ((node as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["sku"] as? String } ?? []
    }

    static func seeded() async throws -> LiveServer {
        let server = try await LiveServer.start(schema: "catalog")
        try await server.seed(#"mutation { a: createShelf(input: {id: "s1", label: "one"}) { id } b: createShelf(input: {id: "s2", label: "two"}) { id } }"#)
        let items: [(String, String, Int, String, String)] = [
            ("a", "BOOK", 1, "s1", "2024-01-03"), ("a", "BOOK", 2, "s1", "2024-01-01"), ("a", "GAME", 1, "s1", "2024-01-02"),
            ("b", "BOOK", 1, "s2", "2024-02-01"), ("ab", "BOOK", 10, "s1", "2024-01-04"),
        ]
        for (sku, kind, version, shelf, date) in items {
            try await server.seed(
                "mutation { createItem(input: {sku: \"\(sku)\", kind: \(kind), version: \(version), shelfId: \"\(shelf)\", addedOn: \"\(date)\", title: \"\(sku)\(version)\", tags: [\"x\", \"\(kind)\"], region: \"eu\", zone: \"z\(version)\", rack: \(version)}) { sku } }"
            )
        }
        return server
    }

    @Test("list by partition key with a composite sort-key condition, in both directions")
    func compositeSortKey() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let all = try await server.graphQL(#"{ listItems(sku: "a") { items { sku kind version } } }"#)
        #expect((value(all, "data", "listItems", "items") as? [[String: Any]])?.compactMap { $0["version"] as? Int } == [1, 2, 1])
        let books = try await server.graphQL(#"{ listItems(sku: "a", kindVersion: {beginsWith: {kind: BOOK}}) { items { version } } }"#)
        #expect((value(books, "data", "listItems", "items") as? [[String: Any]])?.compactMap { $0["version"] as? Int } == [1, 2])
        let greater = try await server.graphQL(#"{ listItems(sku: "a", kindVersion: {gt: {kind: BOOK, version: 1}}, sortDirection: DESC) { items { kind version } } }"#)
        #expect((value(greater, "data", "listItems", "items") as? [[String: Any]])?.map { "\($0["kind"]!)\($0["version"]!)" } == ["GAME1", "BOOK2"])
        let between = try await server.graphQL(#"{ listItems(sku: "a", kindVersion: {between: [{kind: BOOK, version: 2}, {kind: GAME, version: 1}]}) { items { version } } }"#)
        #expect((value(between, "data", "listItems", "items") as? [Any])?.count == 2)
        let noPartition = try await server.graphQL(#"{ listItems(sortDirection: DESC) { items { sku } } }"#)
        #expect(errorType(noPartition) == "InvalidArgumentsError")
        #expect((value(noPartition, "errors", 0, "message") as? String) == "When providing argument 'sortDirection' you must also provide argument 'sku'.")
        let get = try await server.graphQL(#"{ getItem(sku: "a", kind: GAME, version: 1) { title price } }"#)
        #expect(value(get, "data", "getItem", "title") as? String == "a1")
        #expect(value(get, "data", "getItem", "price") as? Double == 9.5)
    }

    @Test("index queries: key, sort-key condition, order and direction; a hasMany through an index is sorted by it")
    func indexQueries() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let byShelf = try await server.graphQL(#"{ itemsByShelfIdAndAddedOn(shelfId: "s1", addedOn: {ge: "2024-01-02"}) { items { sku version addedOn } } }"#)
        #expect(
            (value(byShelf, "data", "itemsByShelfIdAndAddedOn", "items") as? [[String: Any]])?.compactMap { $0["addedOn"] as? String } == [
                "2024-01-02", "2024-01-03", "2024-01-04",
            ])
        let shelf = try await server.graphQL(#"{ getShelf(id: "s1") { items(sortDirection: DESC, limit: 2) { items { addedOn } nextToken } } }"#)
        #expect((value(shelf, "data", "getShelf", "items", "items") as? [[String: Any]])?.compactMap { $0["addedOn"] as? String } == ["2024-01-04", "2024-01-03"])
        let token = try #require(value(shelf, "data", "getShelf", "items", "nextToken") as? String)
        #expect(!token.isEmpty)
        let filtered = try await server.graphQL(#"{ getShelf(id: "s1") { items(addedOn: {lt: "2024-01-03"}, filter: {kind: {eq: BOOK}}) { items { sku version } } } }"#)
        #expect((value(filtered, "data", "getShelf", "items", "items") as? [[String: Any]])?.compactMap { $0["version"] as? Int } == [2])
        let region = try await server.graphQL(#"{ itemsByRegionAndZoneAndRack(region: "eu", zoneRack: {beginsWith: {zone: "z1"}}) { items { sku version } } }"#)
        #expect((value(region, "data", "itemsByRegionAndZoneAndRack", "items") as? [Any])?.count == 4)
        let numeric = try await server.graphQL(#"{ itemsByRegionAndZoneAndRack(region: "eu", zoneRack: {beginsWith: {zone: "z1", rack: 1}}) { items { sku } } }"#)
        #expect(errorType(numeric) == "InvalidArgumentsError")
    }

    @Test("filters: list membership, null semantics, attribute functions, nested and/or/not")
    func filters() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        try await server.seed(#"mutation { createItem(input: {sku: "n", kind: GAME, version: 1, shelfId: "s2", addedOn: "2024-03-01", title: "no tags"}) { sku } }"#)
        func count(_ filter: String) async throws -> Int {
            let response = try await server.graphQL("{ listItems(filter: \(filter)) { items { sku } } }")
            return (value(response, "data", "listItems", "items") as? [Any])?.count ?? -1
        }
        #expect(try await count(#"{tags: {contains: "GAME"}}"#) == 1)
        #expect(try await count(#"{tags: {notContains: "GAME"}}"#) == 5)
        #expect(try await count(#"{tags: {attributeExists: false}}"#) == 1)
        #expect(try await count(#"{zone: {ne: "z1"}}"#) == 3)
        #expect(try await count(#"{zone: {eq: "z1"}}"#) == 3)
        #expect(try await count(#"{title: {size: {gt: 2}}}"#) == 2)
        #expect(try await count(#"{version: {attributeType: number}}"#) == 6)
        #expect(try await count(#"{version: {attributeType: string}}"#) == 0)
        #expect(try await count(#"{or: [{kind: {eq: GAME}}, {and: [{version: {between: [2, 10]}}, {not: {sku: {beginsWith: "ab"}}}]}]}"#) == 3)
    }

    @Test("values are checked against their AWS scalars before anything is written")
    func scalarValidation() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        for (field, bad) in [("contact", "not-an-email"), ("homepage", "no scheme"), ("details", "{broken"), ("addedOn", "2024-02-30")] {
            var input: [String: Any] = ["sku": "v", "kind": "BOOK", "version": 1, "shelfId": "s1", "addedOn": "2024-01-01", "title": "t"]
            input[field] = bad
            let response = try await server.graphQL("mutation($i: CreateItemInput!) { createItem(input: $i) { sku } }", variables: ["i": input])
            #expect(errorType(response) == "ValidationError", "\(field)")
            #expect((value(response, "errors", 0, "message") as? String)?.contains("Item.\(field)") == true, "\(field)")
        }
        let good = try await server.graphQL(
            #"mutation { createItem(input: {sku: "v", kind: BOOK, version: 1, shelfId: "s1", addedOn: "2024-01-01", title: "t", contact: "a@b.io", homepage: "https://x.io", details: "{\"a\": [1, 2]}"}) { details price } }"#
        )
        #expect(value(good, "data", "createItem", "details") as? String == #"{"a": [1, 2]}"#)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Item" WHERE sku = 'v'"#).scalar == "1")
    }

    @Test("objects keep the selection's key order, aliases up to PostgreSQL's 63-byte limit and past it, values of every kind")
    func responseKeys() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let long = String(repeating: "a", count: 64)
        let limit = String(repeating: "b", count: 63)
        let body = try await server.graphQLText(#"{ getItem(sku: "a", kind: BOOK, version: 1) { zone \#(long): title sku __typename \#(limit): version tags price details } }"#)
        let expected = #"{"data":{"getItem":{"zone":"z1","\#(long)":"a1","sku":"a","__typename":"Item","\#(limit)":1,"tags":["x","BOOK"],"price":9.5,"details":null}}}"#
        #expect(body.replacingOccurrences(of: " ", with: "") == expected)
        let nested = try await server.graphQLText(#"{ getShelf(id: "s1") { \#(long): label items(limit: 1) { items { \#(limit): sku version } } } }"#)
        #expect(nested.replacingOccurrences(of: " ", with: "") == #"{"data":{"getShelf":{"\#(long)":"one","items":{"items":[{"\#(limit)":"a","version":2}]}}}}"#)
    }

    @Test("updating part of a composite index sort key needs all its parts")
    func compositeIndexUpdate() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let response = try await server.graphQL(#"mutation { updateItem(input: {sku: "a", kind: BOOK, version: 1, zone: "q"}) { zone } }"#)
        #expect(
            (value(response, "errors", 0, "message") as? String)
                == "When updating any part of the composite sort key for @index 'byRegion', you must provide all fields for the key. Missing key: 'rack'.")
        let complete = try await server.graphQL(#"mutation { updateItem(input: {sku: "a", kind: BOOK, version: 1, zone: "q", rack: 7}) { zone rack } }"#)
        #expect(value(complete, "data", "updateItem", "rack") as? Int == 7)
    }
}
