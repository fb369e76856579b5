import Foundation
import Postgres
import Realtime
import Testing

/// Subscription filters (`filter: ModelSubscription…FilterInput`), inline and as a `$filter` variable, over a
/// real WebSocket: for each operator, records that match and records that do not are created over HTTP, and
/// exactly the matching ones must arrive, in creation order. Each case ends with a matching record (the
/// sentinel), so the test knows when everything that could arrive has.
@Suite("Real-time: subscription filters")
struct RealtimeFilterTests {
    /// How a case hands its filter to the server.
    enum Passing: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inline, variable
        var testDescription: String { rawValue }
    }

    /// One filter, and the records created under it with whether each must be delivered.
    struct FilterCase: @unchecked Sendable {
        let name: String
        let filter: [String: Any]
        let records: [(input: [String: Any], matches: Bool)]

        init(_ name: String, _ filter: [String: Any], _ records: [([String: Any], Bool)]) {
            self.name = name
            self.filter = filter
            self.records = records.map { (input: $0.0, matches: $0.1) }
        }
    }

    /// A case on one field of Team: a record per value (nil: the field has no value).
    static func team(_ name: String, _ field: String, _ filter: [String: Any], _ values: [(Any?, Bool)]) -> FilterCase {
        FilterCase(
            name, [field: filter],
            values.enumerated().map { index, entry in
                var input: [String: Any] = ["mantra": "\(name) #\(index)"]
                if let value = entry.0 { input[field] = value }
                return (input, entry.1)
            })
    }

    /// A filter as a GraphQL input literal (object keys bare, strings quoted as JSON quotes them).
    static func literal(_ value: Any) -> String {
        switch value {
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Int: return String(number)
        case let number as Double: return String(number)
        case let text as String:
            return String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        case let list as [Any]: return "[" + list.map(literal).joined(separator: ", ") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): " + literal(object[$0]!) }.joined(separator: ", ") + "}"
        default: fatalError("no literal for \(value)")
        }
    }

    /// Runs `cases` one after another on one connection: subscribe with the case's filter, create its records,
    /// read events up to the sentinel, stop. `model` is Team or Member.
    static func check(_ cases: [FilterCase], passing: Passing, model: String = "Team") async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        let field = "onCreate\(model)"
        for (index, filterCase) in cases.enumerated() {
            let id = "filter-\(index)"
            switch passing {
            case .inline:
                socket.start(id, query: "subscription { \(field)(filter: \(literal(filterCase.filter))) { id } }")
            case .variable:
                let query = "subscription Watch($filter: ModelSubscription\(model)FilterInput) { \(field)(filter: $filter) { id } }"
                socket.start(id, query: query, variables: ["filter": filterCase.filter])
            }
            let ack = try await socket.next(timeout: .seconds(30))
            try #require(ack["type"] as? String == "start_ack", "\(filterCase.name): \(ack)")
            // Records are named by their place in the case, so a failure reads "[1, 3] != [1, 2, 3]".
            var created: [String: Int] = [:]
            for (place, record) in filterCase.records.enumerated() {
                let answer = try await server.graphQL(
                    "mutation Create($input: Create\(model)Input!) { create\(model)(input: $input) { id } }", variables: ["input": record.input])
                created[try #require(value(answer, "data", "create\(model)", "id") as? String, "\(answer)")] = place
            }
            try #require(filterCase.records.last?.matches == true, "\(filterCase.name): the last record must match")
            let expected = filterCase.records.indices.filter { filterCase.records[$0].matches }
            var received: [Int] = []
            while received.last != filterCase.records.count - 1, received.count <= filterCase.records.count {
                let event = try await socket.next("data")
                #expect(event["id"] as? String == id)
                let recordID = try #require(value(event, "payload", "data", field, "id") as? String)
                received.append(created[recordID] ?? -1)
            }
            #expect(received == expected, "\(filterCase.name) (\(passing))")
            socket.send(json: ["id": id, "type": "stop"])
            let complete = try await socket.next("complete")
            #expect(complete["id"] as? String == id)
        }
    }

    @Test("String operators on mantra: eq ne le lt ge gt contains notContains between beginsWith in notIn", arguments: Passing.allCases)
    func strings(passing: Passing) async throws {
        func mantras(_ name: String, _ filter: [String: Any], _ values: [(String, Bool)]) -> FilterCase {
            FilterCase(name, ["mantra": filter], values.map { (["mantra": $0.0], $0.1) })
        }
        try await Self.check(
            [
                mantras("eq", ["eq": "b"], [("b", true), ("a", false), ("B", false), ("bb", false), ("b", true)]),
                mantras("ne", ["ne": "b"], [("b", false), ("a", true), ("b", false), ("c", true)]),
                mantras("le", ["le": "m"], [("z", false), ("m", true), ("n", false), ("ma", false), ("a", true)]),
                mantras("lt", ["lt": "m"], [("m", false), ("mz", false), ("l", true), ("A", true)]),
                mantras("ge", ["ge": "m"], [("l", false), ("m", true), ("a", false), ("M", false), ("z", true)]),
                // Byte order: "M" (0x4D) sorts before "m" (0x6D).
                mantras("gt", ["gt": "m"], [("m", false), ("ma", true), ("M", false), ("n", true)]),
                mantras("contains", ["contains": "oo"], [("food", true), ("fod", false), ("Oo", false), ("oo", true)]),
                mantras("notContains", ["notContains": "oo"], [("food", false), ("fod", true), ("oo", false), ("OO", true)]),
                // Inclusive at both ends.
                mantras("between", ["between": ["b", "d"]], [("a", false), ("b", true), ("c", true), ("da", false), ("e", false), ("d", true)]),
                mantras("beginsWith", ["beginsWith": "pre"], [("prefix", true), ("apre", false), ("Pre", false), ("pr", false), ("pre", true)]),
                mantras("in", ["in": ["x", "y"]], [("x", true), ("z", false), ("xy", false), ("y", true)]),
                mantras("notIn", ["notIn": ["x", "y"]], [("x", false), ("z", true), ("y", false), ("xy", true)]),
                mantras("two operators on one field", ["ge": "b", "lt": "d"], [("a", false), ("b", true), ("d", false), ("c", true)]),
            ], passing: passing)
    }

    @Test("Int operators on size, and a size without a value (it satisfies only ne and notIn)", arguments: Passing.allCases)
    func ints(passing: Passing) async throws {
        try await Self.check(
            [
                Self.team("eq", "size", ["eq": 3], [(3, true), (4, false), (nil, false), (3, true)]),
                Self.team("ne", "size", ["ne": 3], [(3, false), (4, true), (nil, true), (-3, true)]),
                Self.team("le", "size", ["le": 3], [(4, false), (3, true), (nil, false), (-10, true)]),
                Self.team("lt", "size", ["lt": 3], [(3, false), (nil, false), (2, true)]),
                Self.team("ge", "size", ["ge": 3], [(2, false), (3, true), (nil, false), (100, true)]),
                Self.team("gt", "size", ["gt": 3], [(3, false), (nil, false), (0, false), (4, true)]),
                Self.team("between", "size", ["between": [2, 4]], [(1, false), (2, true), (5, false), (nil, false), (3, true), (4, true)]),
                Self.team("in", "size", ["in": [1, 3]], [(2, false), (1, true), (nil, false), (3, true)]),
                Self.team("notIn", "size", ["notIn": [1, 3]], [(1, false), (2, true), (3, false), (nil, true)]),
            ], passing: passing)
    }

    @Test("Float operators on budget (an Int operand equals the same Float)", arguments: Passing.allCases)
    func floats(passing: Passing) async throws {
        try await Self.check(
            [
                Self.team("eq", "budget", ["eq": 2.5], [(2.5, true), (2.4, false), (nil, false), (2.5, true)]),
                Self.team("eq with an Int operand", "budget", ["eq": 2], [(2.0, true), (2.01, false), (2.0, true)]),
                Self.team("ne", "budget", ["ne": 2.5], [(2.5, false), (2.4, true), (nil, true)]),
                Self.team("le", "budget", ["le": 2.5], [(2.51, false), (2.5, true), (nil, false), (-1.5, true)]),
                Self.team("lt", "budget", ["lt": 2.5], [(2.5, false), (2.49, true)]),
                Self.team("ge", "budget", ["ge": 2.5], [(2.49, false), (nil, false), (2.5, true)]),
                Self.team("gt", "budget", ["gt": 2.5], [(2.5, false), (nil, false), (2.75, true)]),
                Self.team("between", "budget", ["between": [1.5, 2.5]], [(1.49, false), (1.5, true), (2.51, false), (nil, false), (2.5, true)]),
                Self.team("in", "budget", ["in": [0.5, 1.25]], [(0.75, false), (1.25, true), (nil, false), (0.5, true)]),
                Self.team("notIn", "budget", ["notIn": [0.5, 1.25]], [(0.5, false), (0.75, true), (1.25, false), (nil, true)]),
            ], passing: passing)
    }

    @Test("Boolean eq and ne on active, an AWSDateTime without a value, and Member.role (an enum) with eq and in", arguments: Passing.allCases)
    func booleansDatesAndEnums(passing: Passing) async throws {
        try await Self.check(
            [
                Self.team("eq true", "active", ["eq": true], [(true, true), (false, false), (nil, false), (true, true)]),
                Self.team("eq false", "active", ["eq": false], [(true, false), (nil, false), (false, true)]),
                Self.team("ne true", "active", ["ne": true], [(true, false), (false, true), (nil, true)]),
                Self.team(
                    "beginsWith on a date", "founded", ["beginsWith": "2021"],
                    [("2021-03-04T05:06:07.000Z", true), (nil, false), ("2020-12-31T23:59:59.000Z", false), ("2021-01-01T00:00:00.000Z", true)]),
                Self.team("notContains on a date", "founded", ["notContains": "2020"], [("2020-06-01T00:00:00.000Z", false), (nil, true), ("2021-06-01T00:00:00.000Z", true)]),
            ], passing: passing)
        try await Self.check(
            [
                FilterCase(
                    "role eq", ["role": ["eq": "LEAD"]],
                    [(["name": "a", "role": "LEAD"], true), (["name": "b", "role": "MEMBER"], false), (["name": "c"], false), (["name": "d", "role": "LEAD"], true)]),
                FilterCase(
                    "role in", ["role": ["in": ["MEMBER"]]], [(["name": "a", "role": "LEAD"], false), (["name": "b"], false), (["name": "c", "role": "MEMBER"], true)]),
            ], passing: passing, model: "Member")
    }

    @Test("and lists, or lists, several fields in one object, and nesting", arguments: Passing.allCases)
    func combinations(passing: Passing) async throws {
        func teams(_ name: String, _ filter: [String: Any], _ records: [([String: Any], Bool)]) -> FilterCase {
            FilterCase(name, filter, records.enumerated().map { index, record in (record.0.merging(["mantra": "\(name) #\(index)"]) { old, _ in old }, record.1) })
        }
        try await Self.check(
            [
                teams(
                    "and", ["and": [["size": ["gt": 1]], ["size": ["lt": 5]]]],
                    [(["size": 1], false), (["size": 3], true), (["size": 5], false), ([:], false), (["size": 4], true)]),
                FilterCase(
                    "or", ["or": [["mantra": ["eq": "a"]], ["size": ["eq": 9]]]],
                    [
                        (["mantra": "b", "size": 1], false), (["mantra": "a", "size": 1], true), (["mantra": "b", "size": 9], true), (["mantra": "c"], false),
                        (["mantra": "a", "size": 9], true),
                    ]),
                FilterCase(
                    "several fields in one object", ["mantra": ["beginsWith": "a"], "size": ["ge": 2]],
                    [(["mantra": "ab", "size": 1], false), (["mantra": "b", "size": 3], false), (["mantra": "a"], false), (["mantra": "ab", "size": 2], true)]),
                FilterCase(
                    "nested: active and (size < 2 or (size > 8 and mantra begins with x))",
                    ["active": ["eq": true], "or": [["size": ["lt": 2]], ["and": [["size": ["gt": 8]], ["mantra": ["beginsWith": "x"]]]]]],
                    [
                        (["mantra": "a", "size": 1, "active": true], true), (["mantra": "a", "size": 1, "active": false], false),
                        (["mantra": "a", "size": 9, "active": true], false), (["mantra": "xa", "size": 9], false),
                        (["mantra": "xa", "size": 5, "active": true], false), (["mantra": "xa", "size": 9, "active": true], true),
                    ]),
                FilterCase(
                    "or inside and inside or",
                    ["or": [["and": [["or": [["size": ["eq": 1]], ["size": ["eq": 2]]]], ["active": ["eq": true]]]], ["budget": ["gt": 100]]]],
                    [
                        (["mantra": "m", "size": 1, "active": false], false), (["mantra": "m", "size": 2, "active": true], true),
                        (["mantra": "m", "size": 3, "active": true], false), (["mantra": "m", "budget": 100.5], true),
                    ]),
            ], passing: passing)
    }

    @Test("onDeleteTeam's filter is checked on the deleted row; onUpdateTeam's on the row as updated")
    func deleteAndUpdateFilters() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        var ids: [Int: String] = [:]
        for size in [7, 8, 9] {
            let created = try await server.graphQL("mutation { createTeam(input: {mantra: \"m\(size)\", size: \(size)}) { id } }")
            ids[size] = try #require(value(created, "data", "createTeam", "id") as? String)
        }
        // A deleted row has no new image: a filter read on that would pass `ne 7` for every delete.
        socket.start("deleted", query: "subscription { onDeleteTeam(filter: {size: {ne: 7}}) { id size } }")
        _ = try await socket.next("start_ack")
        socket.start("updated", query: "subscription { onUpdateTeam(filter: {size: {eq: 70}}) { id size } }")
        _ = try await socket.next("start_ack")
        try await server.seed("mutation { deleteTeam(input: {id: \"\(ids[7]!)\"}) { id } }")
        try await server.seed("mutation { deleteTeam(input: {id: \"\(ids[8]!)\"}) { id } }")
        let deleted = try await socket.next("data")
        #expect(deleted["id"] as? String == "deleted")
        #expect(value(deleted, "payload", "data", "onDeleteTeam", "id") as? String == ids[8])
        #expect(value(deleted, "payload", "data", "onDeleteTeam", "size") as? Int == 8)
        // 9 → 70 matches on its new value; 70 → 71 does not, although the old value did.
        try await server.seed("mutation { updateTeam(input: {id: \"\(ids[9]!)\", size: 70}) { id } }")
        try await server.seed("mutation { updateTeam(input: {id: \"\(ids[9]!)\", size: 71}) { id } }")
        let updated = try await socket.next("data")
        #expect(updated["id"] as? String == "updated")
        #expect(value(updated, "payload", "data", "onUpdateTeam", "size") as? Int == 70)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
    }

    @Test("a filter the input type does not allow, or a between without two bounds, is refused with an error for its id")
    func refusedFilters() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        let refused = [
            ("unknown-operator", #"{size: {beginsWith: "1"}}"#, "ValidationError"), ("unknown-field", #"{nope: {eq: "1"}}"#, "ValidationError"),
            ("three-bounds", "{size: {between: [1, 2, 3]}}", "InvalidArgumentsError"),
        ]
        for (id, filter, type) in refused {
            socket.start(id, query: "subscription { onCreateTeam(filter: \(filter)) { id } }")
            let error = try await socket.next("error")
            #expect(error["id"] as? String == id)
            #expect(value(error, "payload", "errors", 0, "errorType") as? String == type, "\(error)")
        }
        // Nothing was subscribed: a create delivers nothing.
        try await server.seed(#"mutation { createTeam(input: {mantra: "m", size: 1}) { id } }"#)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(1)) }
    }

    @Test("subscriptions looked up by a value their filter requires get exactly their records: with other conditions, under or, on several fields")
    func requiredValues() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        var teams: [String] = []
        for mantra in ["one", "two", "three"] {
            let created = try await server.graphQL("mutation { createTeam(input: {mantra: \"\(mantra)\"}) { id } }")
            teams.append(try #require(value(created, "data", "createTeam", "id") as? String))
        }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        let filters = [
            ("team1", "{teamId: {eq: \"\(teams[0])\"}}"),
            ("team2-a", "{teamId: {eq: \"\(teams[1])\"}, name: {beginsWith: \"a\"}}"),
            ("team1-or-z", "{or: [{teamId: {eq: \"\(teams[0])\"}}, {name: {eq: \"z\"}}]}"),
            ("named-b", "{name: {eq: \"b\"}}"),
            ("both", "{and: [{name: {eq: \"b\"}}, {teamId: {eq: \"\(teams[1])\"}}]}"),
        ]
        for (id, filter) in filters {
            socket.start(id, query: "subscription { onCreateMember(filter: \(filter)) { name } }")
            _ = try await socket.next("start_ack")
        }
        for (name, team) in [("x", 0), ("ab", 1), ("b", 1), ("z", 2), ("b", 2), ("q", 2)] {
            try await server.seed("mutation { createMember(input: {name: \"\(name)\", teamId: \"\(teams[team])\"}) { id } }")
        }
        let expected = ["team1": ["x"], "team2-a": ["ab"], "team1-or-z": ["x", "z"], "named-b": ["b", "b"], "both": ["b"]]
        var received: [String: [String]] = [:]
        for _ in 0..<expected.values.map(\.count).reduce(0, +) {
            let event = try await socket.next("data")
            received[event["id"] as? String ?? "?", default: []].append(value(event, "payload", "data", "onCreateMember", "name") as? String ?? "?")
        }
        #expect(received == expected)
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
    }

    @Test("a change whose row image is too deep to look values up in reaches the listed subscriptions with their whole filter checked")
    func unreadableImage() async throws {
        let server = try await LiveServer.start(schema: "catalog", realtime: RealtimeSettings())
        defer { server.stop() }
        for shelf in ["shelf-1", "shelf-2"] { try await server.seed("mutation { createShelf(input: {id: \"\(shelf)\", label: \"l\"}) { id } }") }
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        for (id, shelf) in [("s1", "shelf-1"), ("s2", "shelf-2")] {
            socket.start(id, query: "subscription { onCreateItem(filter: {shelfId: {eq: \"\(shelf)\"}}) { sku shelfId } }")
            _ = try await socket.next("start_ack")
        }
        // A row written in SQL whose JSON column nests 100 arrays deep: past the depth at which the row image is
        // read for the lookup.
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        _ = try await server.client.query(
            #"INSERT INTO "Item" ("sku", "kind", "version", "shelfId", "addedOn", "title", "details") VALUES ('deep', 'BOOK', 1, 'shelf-2', '2024-01-01', 't', $1::jsonb)"#,
            [deep])
        let event = try await socket.next("data")
        #expect(event["id"] as? String == "s2")
        #expect(value(event, "payload", "data", "onCreateItem", "shelfId") as? String == "shelf-2")
        await #expect(throws: RealtimeTestError.self) { try await socket.next(timeout: .seconds(2)) }
    }
}
