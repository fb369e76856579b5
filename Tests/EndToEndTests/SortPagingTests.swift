import Foundation
import Testing

/// `sort` over HTTP: pages in any direction and NULL placement hold every row exactly once, in order, with
/// keyset tokens that only the same sort accepts.
@Suite("Sort by any field over HTTP: keyset paging over ties and NULLs")
struct SortPagingTests {
    /// Teams with repeated sizes, NULL sizes and repeated mantras.
    static let teams: [(id: String, size: Int?, mantra: String)] = [
        ("t01", 2, "b"), ("t02", nil, "a"), ("t03", 1, "c"), ("t04", 2, "a"), ("t05", nil, "b"), ("t06", 3, "a"),
        ("t07", 1, "a"), ("t08", nil, "c"), ("t09", 2, "c"), ("t10", 3, "b"), ("t11", 1, "b"), ("t12", nil, "a"),
    ]

    static func seeded() async throws -> LiveServer {
        let server = try await LiveServer.start(schema: "schema")
        let creates = teams.map { team in
            "\(team.id): createTeam(input: {id: \"\(team.id)\", mantra: \"\(team.mantra)\", size: \(team.size.map(String.init) ?? "null")}) { id }"
        }
        try await server.seed("mutation { \(creates.joined(separator: " ")) }")
        return server
    }

    /// Every page of `listTeams(sort:)` at `limit`, following the tokens; the ids in the order received.
    static func allPages(_ server: LiveServer, sort: [[String: Any]], limit: Int) async throws -> [String] {
        var ids: [String] = []
        var token: Any = NSNull()
        for _ in 0...teams.count {
            let response = try await server.graphQL(
                "query($s: [ModelTeamSortInput!], $l: Int, $t: String) { listTeams(sort: $s, limit: $l, nextToken: $t) { items { id } nextToken } }",
                variables: ["s": sort, "l": limit, "t": token])
            #expect(response["errors"] == nil, "\(response)")
            ids += (value(response, "data", "listTeams", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            guard let next = value(response, "data", "listTeams", "nextToken") as? String else { return ids }
            token = next
        }
        Issue.record("paging did not end")
        return ids
    }

    /// The order PostgreSQL must give: sizes in `descending` order with NULLs first or last, ties by id in
    /// the same direction.
    static func expected(descending: Bool, nullsFirst: Bool) -> [String] {
        teams.sorted { a, b in
            switch (a.size, b.size) {
            case (nil, nil): break
            case (nil, _): return nullsFirst
            case (_, nil): return !nullsFirst
            case (let x?, let y?): if x != y { return descending ? x > y : x < y }
            }
            return descending ? a.id > b.id : a.id < b.id
        }.map(\.id)
    }

    @Test("ASC and DESC with NULLs first, last and by default: every row exactly once, in order, at any page size")
    func pagingOverNulls() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        for direction in ["ASC", "DESC"] {
            for nulls in ["FIRST", "LAST", nil] {
                var entry: [String: Any] = ["field": "size", "direction": direction]
                if let nulls { entry["nulls"] = nulls }
                // PostgreSQL's default puts NULLs last ascending and first descending.
                let expected = Self.expected(descending: direction == "DESC", nullsFirst: nulls.map { $0 == "FIRST" } ?? (direction == "DESC"))
                for limit in [1, 2, 5] {
                    let ids = try await Self.allPages(server, sort: [entry], limit: limit)
                    #expect(ids == expected, "\(direction) \(nulls ?? "default") limit \(limit)")
                }
            }
        }
    }

    @Test("two keys in opposite directions page through ties on both")
    func mixedDirections() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let sort: [[String: Any]] = [["field": "mantra"], ["field": "size", "direction": "DESC", "nulls": "LAST"]]
        let expected = Self.teams.sorted { a, b in
            if a.mantra != b.mantra { return a.mantra < b.mantra }
            switch (a.size, b.size) {
            case (nil, nil): return a.id > b.id
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x != y ? x > y : a.id > b.id
            }
        }.map(\.id)
        for limit in [1, 3] {
            #expect(try await Self.allPages(server, sort: sort, limit: limit) == expected)
        }
    }

    @Test("a nested hasMany pages by its sort; a forged token, another sort's and sortDirection with sort are refused")
    func nestedAndRefusals() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let roles = ["LEAD", nil, "MEMBER", nil, "LEAD"]
        let creates = roles.enumerated().map { index, role in
            "m\(index): createMember(input: {id: \"m\(index)\", name: \"n\(index)\", teamId: \"t01\", role: \(role ?? "null")}) { id }"
        }
        try await server.seed("mutation { \(creates.joined(separator: " ")) }")
        let nested = "query($s: [ModelMemberSortInput!], $t: String) { getTeam(id: \"t01\") { members(sort: $s, limit: 2, nextToken: $t) { items { id } nextToken } } }"
        let sort: [[String: Any]] = [["field": "role", "direction": "DESC", "nulls": "LAST"]]
        var ids: [String] = []
        var token: Any = NSNull()
        var firstToken: String?
        for _ in 0..<5 {
            let page = try await server.graphQL(nested, variables: ["s": sort, "t": token])
            ids += (value(page, "data", "getTeam", "members", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            guard let next = value(page, "data", "getTeam", "members", "nextToken") as? String else { break }
            firstToken = firstToken ?? next
            token = next
        }
        #expect(ids == ["m2", "m4", "m0", "m3", "m1"])
        let issued = try #require(firstToken)

        let otherSort = try await server.graphQL(nested, variables: ["s": [["field": "role"]], "t": issued])
        #expect(errorType(otherSort) == "InvalidNextToken")
        let unsorted = try await server.graphQL(
            "query($t: String) { getTeam(id: \"t01\") { members(limit: 2, nextToken: $t) { items { id } } } }", variables: ["t": issued])
        #expect(errorType(unsorted) == "InvalidNextToken")
        // The same token with its sort value replaced by one the field cannot hold, or with one value more.
        let document = try #require(Data(base64Encoded: issued).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect(document["k"] as? [String] == ["LEAD", "m4"])
        for keys in [["NOPE", "m4"], ["LEAD", "LEAD", "m4"], ["LEAD"]] {
            var forged = document
            forged["k"] = keys
            let token = try JSONSerialization.data(withJSONObject: forged).base64EncodedString()
            let refused = try await server.graphQL(nested, variables: ["s": sort, "t": token])
            #expect(errorType(refused) == "InvalidNextToken", "\(keys)")
        }
        // Re-encoded unchanged, it is accepted: the refusals above are for the values.
        let same = try JSONSerialization.data(withJSONObject: document).base64EncodedString()
        #expect(errorType(try await server.graphQL(nested, variables: ["s": sort, "t": same])) == nil)

        let both = try await server.graphQL(#"{ getTeam(id: "t01") { members(sort: [{field: name}], sortDirection: DESC) { items { id } } } }"#)
        #expect(errorType(both) == "InvalidArgumentsError")
    }

    @Test("counts, aggregates and hasMany counts over HTTP")
    func countsAndAggregates() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        try await server.seed(
            #"mutation { a: createMember(input: {id: "x1", name: "x", teamId: "t03"}) { id } b: createMember(input: {id: "x2", name: "y", teamId: "t03"}) { id } }"#)
        let response = try await server.graphQL(
            #"""
            { all: countTeams big: countTeams(filter: {size: {ge: 2}})
              aggregateTeams(filter: {mantra: {eq: "a"}}) { count sum { size } avg { size } min { size mantra } max { size } }
              getTeam(id: "t03") { membersCount members { items { id } } }
              none: aggregateTeams(filter: {mantra: {eq: "zzz"}}) { count sum { size } max { mantra } } }
            """#)
        #expect(response["errors"] == nil, "\(response)")
        #expect(value(response, "data", "all") as? Int == 12)
        #expect(value(response, "data", "big") as? Int == 5)
        // mantra "a": t02 (nil), t04 (2), t06 (3), t07 (1), t12 (nil).
        #expect(value(response, "data", "aggregateTeams", "count") as? Int == 5)
        #expect(value(response, "data", "aggregateTeams", "sum", "size") as? Double == 6)
        #expect(value(response, "data", "aggregateTeams", "avg", "size") as? Double == 2)
        #expect(value(response, "data", "aggregateTeams", "min", "size") as? Int == 1)
        #expect(value(response, "data", "aggregateTeams", "min", "mantra") as? String == "a")
        #expect(value(response, "data", "aggregateTeams", "max", "size") as? Int == 3)
        #expect(value(response, "data", "getTeam", "membersCount") as? Int == 2)
        #expect(value(response, "data", "none", "count") as? Int == 0)
        #expect(value(response, "data", "none", "sum", "size") is NSNull)
        #expect(value(response, "data", "none", "max", "mantra") is NSNull)
    }
}
