import Foundation
import Postgres
import Testing

@Suite("GraphQL over HTTP against PostgreSQL")
struct EndToEndTests {
    @Test("no key, an unknown key and a malformed key get 401 with the UnauthorizedException body")
    func unauthorized() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let body = Data(#"{"query":"{ listTeams { items { id } } }"}"#.utf8)
        for key in [nil, "mg_00000000_wrong", "da2-something", server.key + "x"] as [String?] {
            let (status, _, json) = try await server.post(body: body, key: key)
            #expect(status == 401)
            let expected: NSDictionary = ["errors": [["errorType": "UnauthorizedException", "message": "You are not authorized to make this call."]]]
            #expect((json as? NSDictionary) == expected)
        }
    }

    @Test("create, get and list with nextToken round-trip through PostgreSQL")
    func createGetList() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let created = try await server.graphQL(
            "mutation($input: CreateTeamInput!) { createTeam(input: $input) { id mantra size budget active founded createdAt updatedAt __typename } }",
            variables: ["input": ["mantra": "Go", "size": 3, "budget": 2.5, "active": true, "founded": "2020-01-02T03:04:05+01:00"]]
        )
        let team = try #require(value(created, "data", "createTeam") as? [String: Any])
        let id = try #require(team["id"] as? String)
        #expect(id.count == 36)
        #expect(team["mantra"] as? String == "Go")
        #expect(team["size"] as? Int == 3)
        #expect(team["budget"] as? Double == 2.5)
        #expect(team["active"] as? Bool == true)
        #expect(team["founded"] as? String == "2020-01-02T02:04:05.000Z")
        #expect(team["createdAt"] as? String == team["updatedAt"] as? String)
        #expect((team["createdAt"] as? String)?.hasSuffix("Z") == true)
        #expect(team["__typename"] as? String == "Team")
        #expect(try await server.client.query(#"SELECT mantra FROM "Team" WHERE id = $1"#, [id]).scalar == "Go")

        let fetched = try await server.graphQL("query($id: ID!) { getTeam(id: $id) { id mantra } }", variables: ["id": id])
        #expect(value(fetched, "data", "getTeam", "mantra") as? String == "Go")
        let missing = try await server.graphQL(#"{ getTeam(id: "nope") { id } }"#)
        #expect(value(missing, "data") as? NSDictionary == ["getTeam": NSNull()])
        #expect(value(missing, "errors") == nil)

        for index in 0..<4 {
            try await server.seed("mutation($m: String!) { createTeam(input: {mantra: $m}) { id } }", variables: ["m": "team \(index)"])
        }
        var seen: [String] = []
        var token: Any = NSNull()
        var pages = 0
        repeat {
            let page = try await server.graphQL(
                "query($t: String) { listTeams(limit: 2, nextToken: $t) { items { id } nextToken } }", variables: ["t": token]
            )
            let items = try #require(value(page, "data", "listTeams", "items") as? [[String: Any]])
            seen += items.compactMap { $0["id"] as? String }
            token = value(page, "data", "listTeams", "nextToken") ?? NSNull()
            pages += 1
            #expect(items.count == 2 || token is NSNull)
        } while !(token is NSNull) && pages < 10
        #expect(pages == 3)
        #expect(seen.count == 5 && Set(seen).count == 5)
        #expect(seen == seen.sorted())
    }

    @Test("nested belongsTo and hasMany in one request")
    func nested() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t1", mantra: "One"}) { id } }"#)
        for name in ["Ann", "Bob", "Cy"] {
            try await server.seed("mutation($n: String!) { createMember(input: {name: $n, teamId: \"t1\", role: MEMBER}) { id } }", variables: ["n": name])
        }
        let result = try await server.graphQL(#"{ getTeam(id: "t1") { members(limit: 2) { items { name role team { mantra } } nextToken } } }"#)
        let items = try #require(value(result, "data", "getTeam", "members", "items") as? [[String: Any]])
        #expect(items.count == 2)
        #expect(value(items, 0, "team", "mantra") as? String == "One")
        #expect(value(result, "data", "getTeam", "members", "nextToken") is String)
    }

    @Test("request errors use the contract's shapes and nothing is written on failure")
    func errors() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let invalid = try await server.graphQL(#"{ getTeam(id: "x") { nope } }"#)
        #expect(invalid["data"] is NSNull)
        let error = try #require(value(invalid, "errors", 0) as? [String: Any])
        #expect(error["path"] is NSNull)
        #expect((error["message"] as? String)?.hasPrefix("Validation error of type FieldUndefined") == true)
        #expect(value(error, "locations", 0, "line") as? Int == 1)

        try await server.seed(#"mutation { createTeam(input: {id: "dup", mantra: "A"}) { id } }"#)
        let duplicate = try await server.graphQL(#"mutation { createTeam(input: {id: "dup", mantra: "B"}) { id } }"#)
        #expect(value(duplicate, "data", "createTeam") is NSNull)
        #expect(value(duplicate, "errors", 0, "errorType") as? String == "DynamoDB:ConditionalCheckFailedException")
        #expect(value(duplicate, "errors", 0, "path") as? [String] == ["createTeam"])
        #expect(try await server.client.query(#"SELECT mantra FROM "Team" WHERE id = 'dup'"#).scalar == "A")

        let dangling = try await server.graphQL(#"mutation { createMember(input: {name: "x", teamId: "nope"}) { id } }"#)
        #expect(value(dangling, "errors", 0, "errorType") as? String == "ReferenceNotFound")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Member""#).scalar == "0")

        let badValue = try await server.graphQL(#"mutation { createTeam(input: {mantra: "x", founded: "soon"}) { id } }"#)
        #expect(value(badValue, "errors", 0, "errorType") as? String == "ValidationError")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team""#).scalar == "1")
    }

    @Test("responses carry an x-request-id header; introspection answers")
    func requestIDAndIntrospection() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let body = Data(#"{"query":"{ __schema { queryType { name } } }"}"#.utf8)
        let (status, headers, json) = try await server.post(body: body, key: server.key)
        #expect(status == 200)
        #expect(headers["x-request-id"]?.isEmpty == false)
        #expect(value(json, "data", "__schema", "queryType", "name") as? String == "Query")
        let (_, _, graphQLBody) = try await server.post(body: Data("{ __typename }".utf8), key: server.key, contentType: "application/graphql")
        #expect(value(graphQLBody, "data", "__typename") as? String == "Query")
    }
}
