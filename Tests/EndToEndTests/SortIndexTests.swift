import APISchema
import Planner
import Postgres
import SchemaParser
import TestSupport
import Testing

/// A sort in one direction on indexed fields is read in index order: PostgreSQL's plan for the planned
/// statement scans the index (backward for `DESC`) and sorts nothing.
@Suite("Sort by an indexed field: an index scan, no sort")
struct SortIndexTests {
    /// PostgreSQL's plan (text) for the statement planned for `query` against `server`'s catalog database.
    static func explain(_ query: String, planner: OperationPlanner, server: LiveServer) async throws -> String {
        let plan = try planner.plan(query: query, operationName: nil, inputs: [:])
        guard case .statement(let statement, _) = plan.fields[0].plan else {
            Issue.record("no statement for \(query)")
            return ""
        }
        let result = try await server.client.query("EXPLAIN " + statement.sql, statement.parameters)
        return result.rows.compactMap { $0.first ?? nil }.joined(separator: "\n")
    }

    @Test("root and nested sorts on the byShelf index scan it forward for ASC, backward for DESC, with no Sort node")
    func indexOrder() async throws {
        let server = try await LiveServer.start(schema: "catalog")
        defer { server.stop() }
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("catalog"))
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)))
        _ = try await server.client.query(#"INSERT INTO "Shelf" ("id", "label") SELECT 's' || i, 'shelf' FROM generate_series(0, 2) i"#)
        _ = try await server.client.query(
            #"""
            INSERT INTO "Item" ("sku", "kind", "version", "shelfId", "addedOn", "title")
            SELECT 'sku' || i, 'BOOK', 1, 's' || (i % 3), DATE '2024-01-01' + (i % 400), 't' FROM generate_series(1, 5000) i
            """#)
        _ = try await server.client.query(#"ANALYZE "Item""#)
        _ = try await server.client.query(#"ANALYZE "Shelf""#)
        let cases: [(query: String, backward: Bool)] = [
            ("{ listItems(sort: [{field: shelfId, direction: DESC}, {field: addedOn, direction: DESC}], limit: 20) { items { sku } nextToken } }", true),
            ("{ listItems(sort: [{field: shelfId}, {field: addedOn}], limit: 20) { items { sku } nextToken } }", false),
            (#"{ getShelf(id: "s1") { items(sort: [{field: addedOn, direction: DESC}], limit: 20) { items { sku } nextToken } } }"#, true),
            (#"{ getShelf(id: "s1") { items(sort: [{field: addedOn}], limit: 20) { items { sku } } } }"#, false),
        ]
        for (query, backward) in cases {
            let text = try await Self.explain(query, planner: planner, server: server)
            let scan = text.split(separator: "\n").first { $0.contains("Scan") && $0.contains("byShelf") }
            #expect(scan != nil, "\(query)\n\(text)")
            #expect(scan?.contains("Index") == true && scan?.contains("Backward") == backward, "\(query)\n\(text)")
            #expect(!text.contains("Sort"), "\(query)\n\(text)")
        }
        // A sort the index cannot give (a key in the other direction) sorts: the check above can fail.
        let mixed = try await Self.explain(
            "{ listItems(sort: [{field: shelfId}, {field: addedOn, direction: DESC}], limit: 20) { items { sku } } }", planner: planner, server: server)
        #expect(mixed.contains("Sort"), "\(mixed)")
    }

    @Test("an index query sorted by another field keeps its partition key and sort-key condition; ties fall back on the primary key")
    func indexQuerySort() async throws {
        let server = try await QueryTests.seeded()
        defer { server.stop() }
        let sorted = try await server.graphQL(
            #"{ itemsByShelfIdAndAddedOn(shelfId: "s1", addedOn: {ge: "2024-01-02"}, sort: [{field: title, direction: DESC}]) { items { sku kind version } } }"#)
        let items = (value(sorted, "data", "itemsByShelfIdAndAddedOn", "items") as? [[String: Any]])?.map { "\($0["sku"]!)/\($0["kind"]!)/\($0["version"]!)" }
        #expect(items == ["ab/BOOK/10", "a/GAME/1", "a/BOOK/1"], "\(sorted)")
        let both = try await server.graphQL(#"{ itemsByShelfIdAndAddedOn(shelfId: "s1", sortDirection: DESC, sort: [{field: title}]) { items { sku } } }"#)
        #expect(errorType(both) == "InvalidArgumentsError")
    }
}
