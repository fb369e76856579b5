import APISchema
import Foundation
import Testing

/// Under `--appsync` none of sort, counts, aggregates or hasMany counts exists: GraphQL validation refuses
/// them with AppSync's own errors for unknown arguments and fields.
@Suite("AppSync surface: no sort, counts or aggregates")
struct SortCountSurfaceTests {
    @Test("sort, countX, aggregateX and <field>Count are unknown to an AppSync-surface server")
    func refused() async throws {
        let server = try await LiveServer.start(schema: "schema", surface: .appSync)
        defer { server.stop() }
        let sorted = try await server.graphQL("{ listTeams(sort: [{field: size}]) { items { id } } }")
        #expect((value(sorted, "errors", 0, "message") as? String)?.contains(#"does not have argument "sort""#) == true, "\(sorted)")
        let typed = try await server.graphQL("query($s: [ModelTeamSortInput!]) { listTeams { items { id } } }", variables: ["s": [["field": "size"]]])
        let messages = (value(typed, "errors") as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(messages.contains { $0.contains("UnknownType") }, "\(typed)")
        for query in ["{ countTeams }", "{ aggregateTeams { count } }", #"{ getTeam(id: "t") { membersCount } }"#] {
            let response = try await server.graphQL(query)
            #expect((value(response, "errors", 0, "message") as? String)?.contains("FieldUndefined") == true, "\(query): \(response)")
        }
        // The same requests on the extended surface are answered.
        let extended = try await LiveServer.start(schema: "schema")
        defer { extended.stop() }
        let answered = try await extended.graphQL(#"{ listTeams(sort: [{field: size}]) { items { id } } countTeams getTeam(id: "t") { membersCount } }"#)
        #expect(answered["errors"] == nil, "\(answered)")
    }
}
