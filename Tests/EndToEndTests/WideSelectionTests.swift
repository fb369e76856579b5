import Foundation
import Testing

/// Selections wider than one `json_build_object` call takes (50 keys): a connection's own fields, an item's
/// fields under long aliases (which cannot be column names), in the order asked.
@Suite("Wide selections")
struct WideSelectionTests {
    @Test("60 aliases on a connection and 60 long aliases on an item answer in order, as the narrow forms do")
    func wideObjects() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t1", mantra: "m1", size: 3}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {id: "t2", mantra: "m2"}) { id } }"#)
        let connectionFields = (0..<60).map { "n\($0): nextToken t\($0): __typename" }.joined(separator: " ")
        let wide = try await server.graphQLText("{ listTeams(limit: 1) { \(connectionFields) items { id size } } }")
        let narrow = try await server.graphQLText("{ listTeams(limit: 1) { n0: nextToken t0: __typename items { id size } } }")
        let wideConnection = try #require(value(try JSONSerialization.jsonObject(with: Data(wide.utf8)), "data", "listTeams") as? [String: Any], "\(wide)")
        let narrowConnection = try #require(value(try JSONSerialization.jsonObject(with: Data(narrow.utf8)), "data", "listTeams") as? [String: Any], "\(narrow)")
        #expect(wideConnection.count == 121)
        #expect(wideConnection["n59"] as? String == narrowConnection["n0"] as? String)
        #expect(wideConnection["t59"] as? String == "ModelTeamConnection")
        #expect(value(wideConnection, "items", 0, "size") as? Int == 3)
        // Keys come back in the order the selection names them.
        let order = (0..<60).flatMap { ["\"n\($0)\"", "\"t\($0)\""] } + ["\"items\""]
        let positions = order.compactMap { wide.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
        let long = String(repeating: "x", count: 70)
        let itemFields = (0..<60).map { "f\($0)\(long): size" }.joined(separator: " ")
        let items = try await server.graphQL("{ getTeam(id: \"t2\") { \(itemFields) } listTeams { items { \(itemFields) } } }")
        #expect(value(items, "errors") == nil, "\(items)")
        #expect((value(items, "data", "getTeam") as? [String: Any])?.count == 60)
        #expect(value(items, "data", "getTeam", "f59\(long)") is NSNull)
        let sizes = (value(items, "data", "listTeams", "items") as? [[String: Any]])?.compactMap { $0["f0\(long)"] as? Int }
        #expect(sizes == [3])
    }
}
