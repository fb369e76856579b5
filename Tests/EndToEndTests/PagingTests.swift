import APISchema
import Foundation
import Planner
import TestSupport
import Testing

@Suite("Nested paging, partial results, introspection of AWS scalars")
struct PagingTests {
    @Test("each parent gets its own page; a nested nextToken fetches that parent's next page")
    func nestedPages() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        for team in ["a", "b", "c"] {
            try await server.seed("mutation { createTeam(input: {id: \"\(team)\", mantra: \"\(team)\"}) { id } }")
            for member in 1...3 {
                try await server.seed("mutation { createMember(input: {id: \"\(team)\(member)\", name: \"\(team)\(member)\", teamId: \"\(team)\"}) { id } }")
            }
        }
        let page = try await server.graphQL("{ listTeams { items { id members(limit: 2) { items { id } nextToken } } } }")
        let teams = try #require(value(page, "data", "listTeams", "items") as? [[String: Any]])
        #expect(teams.count == 3)
        for team in teams {
            let id = try #require(team["id"] as? String)
            #expect((value(team, "members", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["\(id)1", "\(id)2"])
            #expect(value(team, "members", "nextToken") is String)
        }
        let token = try #require(value(teams, 1, "members", "nextToken") as? String)
        let next = try await server.graphQL(
            "query($t: String) { getTeam(id: \"b\") { members(limit: 2, nextToken: $t) { items { id } nextToken } } }", variables: ["t": token]
        )
        #expect((value(next, "data", "getTeam", "members", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["b3"])
        #expect(value(next, "data", "getTeam", "members", "nextToken") is NSNull)
        let foreign = try await server.graphQL(
            "query($t: String) { getTeam(id: \"b\") { members(limit: 2, nextToken: $t, filter: {name: {ne: \"x\"}}) { items { id } } } }", variables: ["t": token]
        )
        #expect(value(foreign, "errors", 0, "errorType") as? String == "InvalidNextToken")
    }

    @Test("one failing root field leaves the others' data in place")
    func partialResults() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t", mantra: "m"}) { id } }"#)
        let response = try await server.graphQL(#"{ good: getTeam(id: "t") { mantra } bad: listTeams(nextToken: "garbage") { items { id } } }"#)
        #expect(value(response, "data", "good", "mantra") as? String == "m")
        #expect(value(response, "data", "bad") is NSNull)
        #expect(value(response, "errors", 0, "path") as? [String] == ["bad"])
        #expect((value(response, "errors") as? [Any])?.count == 1)
    }

    @Test("the full introspection query that codegen tools send is answered whatever the row limit; a walk of the type graph is refused")
    func fullIntrospection() async throws {
        // Introspection reads no rows: a row limit of 1 does not touch it.
        let server = try await LiveServer.start(schema: "custom-primary-keys", limits: RequestLimits(maximumCost: 1))
        defer { server.stop() }
        let response = try await server.graphQL(IntrospectionQueries.standard)
        #expect(value(response, "errors") == nil, "\(response)")
        #expect(value(response, "data", "__schema", "queryType", "name") as? String == "Query")
        #expect(((value(response, "data", "__schema", "types") as? [Any])?.count ?? 0) > 100)
        var walk = "name"
        for _ in 0..<7 { walk = "name fields { type { \(walk) } }" }
        let walked = try await server.graphQL("{ __schema { types { \(walk) } } }")
        #expect(value(walked, "errors", 0, "errorType") as? String == "LimitExceeded", "\(walked)")
        #expect(value(walked, "data") is NSNull)
    }

    @Test("introspection shows the AWS scalars as SCALAR types and the generated operations (AppSync's, plus the batch writes when extended)")
    func introspection() async throws {
        let appSync: Set<String> = ["createTeam", "updateTeam", "deleteTeam", "createMember", "updateMember", "deleteMember"]
        let batches: Set<String> = ["batchCreateTeam", "batchUpdateTeam", "batchDeleteTeam", "batchCreateMember", "batchUpdateMember", "batchDeleteMember"]
        for (surface, expected) in [(APISurface.appSync, appSync), (.extended, appSync.union(batches))] {
            let server = try await LiveServer.start(schema: "schema", surface: surface)
            defer { server.stop() }
            let response = try await server.graphQL(#"{ __type(name: "AWSDateTime") { kind name } __schema { mutationType { fields { name } } } }"#)
            #expect(value(response, "data", "__type", "kind") as? String == "SCALAR")
            let mutations = (value(response, "data", "__schema", "mutationType", "fields") as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(Set(mutations) == expected, "\(surface)")
        }
    }
}
