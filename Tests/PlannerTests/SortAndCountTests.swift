import APISchema
import Foundation
import JSON
import ModelIR
import Planner
import SQLSyntax
import SchemaParser
import TestSupport
import Testing

/// Sorting by any field with keyset tokens, counts and aggregates: their planned SQL, and what the planner
/// refuses before any SQL runs.
@Suite("Planned SQL: sort, counts and aggregates")
struct SortAndCountTests {
    /// A version 2 token for `listTeams(sort: sort)` whose last row had `keys`.
    static func token(field: String, labels: [(String, InputValue)], keys: [JSONValue], version: Int = 2) -> String {
        let fingerprint = ([field] + labels.map { $0.0 + "=" + $0.1.canonical }).joined(separator: ";")
        let document = JSONValue.object([("v", .int(version)), ("h", .string(StableHash.hex(fingerprint))), ("k", .list(keys))])
        return Data(JSONText.encode(document).utf8).base64EncodedString()
    }

    static let nullsFirstSort: InputValue = [["field": "size", "nulls": "FIRST"]]

    static let operations: [(String, String, [String: InputValue])] = [
        (
            "sort-list",
            "query { listTeams(sort: [{field: size, direction: DESC}, {field: mantra}], limit: 2) { items { id size mantra } nextToken } }", [:]
        ),
        (
            "sort-nested",
            #"query($id: ID!) { getTeam(id: $id) { members(sort: [{field: name, direction: DESC}], limit: 5) { items { id name } nextToken } } }"#,
            ["id": "t1"]
        ),
        (
            "sort-nulls-token",
            "query($s: [ModelTeamSortInput!], $t: String) { listTeams(sort: $s, limit: 2, nextToken: $t) { items { id size } nextToken } }",
            ["s": nullsFirstSort, "t": .string(token(field: "listTeams", labels: [("sortBy", nullsFirstSort)], keys: [.null, .string("t1")]))]
        ),
        ("count", #"query { countTeams(filter: {size: {gt: 2}}) }"#, [:]),
        (
            "aggregate",
            #"query { aggregateTeams(filter: {active: {eq: true}}) { count sum { size budget } avg { size } min { founded mantra } max { size } } }"#, [:]
        ),
        ("has-many-count", #"query { getTeam(id: "t1") { id membersCount } }"#, [:]),
    ]

    @Test("each operation's SQL and parameters match the golden file", arguments: operations.map(\.0))
    func golden(name: String) throws {
        let (_, query, variables) = try #require(Self.operations.first { $0.0 == name })
        let plan = try PlannerTests.planner.plan(query: query, operationName: nil, inputs: variables)
        if let difference = Golden.check(PlannerTests.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    /// The owners fixture's planner, for counts under owner rules.
    static let ownersPlanner: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("owners"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    static let alice = Caller(mode: .userPools, claims: .object([("sub", .string("sub-alice")), ("cognito:username", .string("alice"))]))

    @Test("counts under owner rules hold the owner predicate in their SQL")
    func ownerCountGolden() throws {
        let queries = [
            "query { countNotes }", "query { aggregateRemarks { count } }", "query { listNotes { items { id commentsCount } } }",
        ]
        let text = try queries.map { PlannerTests.render(try Self.ownersPlanner.plan(query: $0, operationName: nil, inputs: [:], caller: Self.alice)) }
        if let difference = Golden.check(text.joined(separator: "\n"), named: "count-owner.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    /// The error of the only field of `query`, or nil when it planned.
    static func error(_ query: String, _ variables: [String: InputValue] = [:], planner: OperationPlanner = PlannerTests.planner, caller: Caller = .apiKey) -> PlanError? {
        do {
            let plan = try planner.plan(query: query, operationName: nil, inputs: variables, caller: caller)
            if case .failure(let error) = plan.fields[0].plan { return error }
            return nil
        } catch {
            return error.errors.first
        }
    }

    @Test("sort is refused with sortDirection, beyond 5 entries, with a repeated or unknown field, and on a field hidden from the caller")
    func refusals() throws {
        let listMembers = "query($s: [ModelMemberSortInput!]) { listMembers(sort: $s) { items { id } } }"
        #expect(Self.error(listMembers, ["s": [["field": "name"]]]) == nil)
        let six: InputValue = .list((0..<6).map { _ in ["field": "name"] })
        #expect(Self.error(listMembers, ["s": six])?.code == .invalidArguments)
        #expect(Self.error(listMembers, ["s": [["field": "name"], ["field": "name", "direction": "DESC"]]])?.code == .invalidArguments)
        #expect(Self.error(listMembers, ["s": [["field": "team"]]])?.code == .badValue)
        #expect(Self.error(listMembers, ["s": [["field": "name", "direction": "UP"]]])?.code == .badValue)
        #expect(
            Self.error(listMembers, ["s": [["field": "name", "extra": 1]]])?.message
                == "The variables input contains a field name 'extra' that is not defined for input object type 'ModelMemberSortInput' ")
        #expect(Self.error(#"query { getTeam(id: "t") { members(sortDirection: DESC, sort: [{field: name}]) { items { id } } } }"#)?.code == .invalidArguments)
        let hidden = "query($s: [ModelProfileSortInput!]) { listProfiles(sort: $s) { items { id } } }"
        let bob = Caller(mode: .userPools, claims: .object([("sub", .string("sub-bob")), ("cognito:username", .string("bob"))]))
        #expect(Self.error(hidden, ["s": [["field": "name"]]], planner: Self.ownersPlanner, caller: bob) == nil)
        #expect(Self.error(hidden, ["s": [["field": "salary"]]], planner: Self.ownersPlanner, caller: bob)?.code == .unauthorized)
        #expect(Self.error("query { aggregateProfiles { max { salary } } }", planner: Self.ownersPlanner, caller: bob)?.code == .unauthorized)
        #expect(Self.error("query { aggregateProfiles { max { name } } }", planner: Self.ownersPlanner, caller: bob) == nil)
    }

    @Test("a token is refused for another sort, for no sort, with a NULL where none can be, and a version 1 token for a sort")
    func tokens() throws {
        let query = "query($s: [ModelTeamSortInput!], $t: String) { listTeams(sort: $s, nextToken: $t) { items { id } } }"
        let sort: InputValue = [["field": "size"]]
        let good = Self.token(field: "listTeams", labels: [("sortBy", sort)], keys: [.string("3"), .string("t1")])
        #expect(Self.error(query, ["s": sort, "t": .string(good)]) == nil)
        #expect(Self.error(query, ["s": [["field": "size", "direction": "DESC"]], "t": .string(good)])?.code == .invalidNextToken)
        #expect(Self.error(query, ["s": [["field": "mantra"]], "t": .string(good)])?.code == .invalidNextToken)
        #expect(Self.error("query($t: String) { listTeams(nextToken: $t) { items { id } } }", ["t": .string(good)])?.code == .invalidNextToken)
        let nullKey = Self.token(field: "listTeams", labels: [("sortBy", sort)], keys: [.string("3"), .null])
        #expect(Self.error(query, ["s": sort, "t": .string(nullKey)])?.code == .invalidNextToken)
        let nullSize = Self.token(field: "listTeams", labels: [("sortBy", sort)], keys: [.null, .string("t1")])
        #expect(Self.error(query, ["s": sort, "t": .string(nullSize)]) == nil)
        let notANumber = Self.token(field: "listTeams", labels: [("sortBy", sort)], keys: [.string("x"), .string("t1")])
        #expect(Self.error(query, ["s": sort, "t": .string(notANumber)])?.code == .invalidNextToken)
        let versionOne = Self.token(field: "listTeams", labels: [("sortBy", sort)], keys: [.string("3"), .string("t1")], version: 1)
        #expect(Self.error(query, ["s": sort, "t": .string(versionOne)])?.code == .invalidNextToken)
    }

    @Test("the sort chooses the SQL: each sort gets its own plan, the same sort with other values reuses it")
    func pinnedSort() throws {
        let planner = OperationPlanner(view: PlannerTests.planner.view)
        let query = "query($s: [ModelTeamSortInput!], $l: Int) { listTeams(sort: $s, limit: $l) { items { id } } }"
        func sql(_ variables: [String: InputValue]) throws -> String {
            guard case .statement(let statement, _) = try planner.plan(query: query, operationName: nil, inputs: variables).fields[0].plan else { return "" }
            return statement.sql
        }
        let ascending = try sql(["s": [["field": "size"]], "l": 2])
        let descending = try sql(["s": [["field": "size", "direction": "DESC"]], "l": 2])
        let byMantra = try sql(["s": [["field": "mantra"]], "l": 2])
        #expect(ascending != descending && ascending != byMantra)
        #expect(planner.cachedPlanCount == 3)
        #expect(try sql(["s": [["field": "size"]], "l": 7]) == ascending)
        #expect(planner.cachedPlanCount == 3)
    }

    @Test("a subscription's delivery statement may select a hasMany count, counted per delivered row")
    func subscriptionCount() throws {
        let plan = try SubscriptionPlanTests.plan("subscription { onUpdateTeam { id membersCount } }")
        let sql = plan.delivery.sql
        #expect(sql.contains(#"(SELECT (count(*))::integer FROM "Member" AS "#), "\(sql)")
        #expect(sql.contains(#"AS "membersCount""#), "\(sql)")
    }
}
