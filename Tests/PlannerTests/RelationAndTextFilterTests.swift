import APISchema
import JSON
import ModelIR
import Planner
import SchemaParser
import TestSupport
import Testing

/// The extended API's relation filters and text operators, as planned SQL: goldens of each form, and the
/// refusals (depth, size, write conditions, denied targets, a server without ICU).
@Suite("Relation filters and text operators")
struct RelationAndTextFilterTests {
    static let teams = "query($f: ModelTeamFilterInput) { listTeams(filter: $f, limit: 5) { items { id } } }"
    static let members = "query($f: ModelMemberFilterInput) { listMembers(filter: $f, limit: 5) { items { id } } }"

    static let operations: [(name: String, query: String, filter: InputValue)] = [
        ("relation-some", teams, ["members": ["some": ["name": ["eq": "Ann"], "role": ["eq": "LEAD"]]]]),
        ("relation-every", teams, ["members": ["every": ["role": ["eq": "LEAD"]]]]),
        ("relation-none", teams, ["members": ["none": ["name": ["beginsWith": "x"]]], "mantra": ["ne": "Go"]]),
        ("belongs-to-filter", members, ["team": ["mantra": ["eq": "Go"], "members": ["some": ["role": ["eq": "MEMBER"]]]]]),
        ("insensitive", teams, ["mantra": ["eqInsensitive": "ÉCOLE", "beginsWithInsensitive": "50%_", "containsInsensitive": #"a\b"#]]),
        ("search", teams, ["or": [["mantra": ["search": "fast -slow"]], ["founded": ["containsInsensitive": "2024"]]]]),
    ]

    static func render(_ query: String, _ filter: InputValue, planner: OperationPlanner = PlannerTests.planner, caller: Caller = .apiKey) throws -> String {
        PlannerTests.render(try planner.plan(query: query, operationName: nil, inputs: ["f": filter], caller: caller))
    }

    @Test("each relation filter and text operator plans to the golden SQL", arguments: operations.map(\.name))
    func golden(name: String) throws {
        let operation = try #require(Self.operations.first { $0.name == name })
        if let difference = Golden.check(try Self.render(operation.query, operation.filter), named: "\(name).sql") {
            Issue.record(Comment(rawValue: difference))
        }
    }

    static let owners: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("owners"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    @Test("a related model's owner rule becomes its predicate inside the EXISTS, with the caller's values as parameters")
    func recordRulesInside() throws {
        let caller = Caller(mode: .userPools, claims: .object([("sub", .string("s-1")), ("cognito:username", .string("ann"))]))
        let query = "query($f: ModelRemarkFilterInput) { listRemarks(filter: $f) { items { id } } }"
        let text = try Self.render(query, ["note": ["title": ["eq": "x"]]], planner: Self.owners, caller: caller)
        if let difference = Golden.check(text, named: "relation-records.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    /// The first error of planning `filter` on `listTeams`, or nil when it plans.
    static func error(_ filter: InputValue, query: String = teams, planner: OperationPlanner = PlannerTests.planner) -> PlanError? {
        do {
            let plan = try planner.plan(query: query, operationName: nil, inputs: ["f": filter])
            if case .failure(let error) = plan.fields[0].plan { return error }
            return nil
        } catch {
            return error.errors.first
        }
    }

    /// A filter following `hops` relationships: members → team → members → …
    static func nested(_ hops: Int) -> InputValue {
        var filter: InputValue = ["id": ["eq": "x"]]
        for hop in (0..<hops).reversed() {
            filter = hop % 2 == 0 ? ["members": ["some": filter]] : ["team": filter]
        }
        return filter
    }

    @Test("relation filters follow at most 5 relationships")
    func depth() {
        #expect(Self.error(Self.nested(5)) == nil)
        let error = Self.error(Self.nested(6))
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("at most 5 relationships") == true)
    }

    @Test("each relationship and quantifier counts against the filter size limit")
    func hopsCount() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        let small = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema), maximumFilterConditions: 3))
        // One operator under `some` under `members`: three conditions.
        #expect(Self.error(["members": ["some": ["name": ["eq": "a"]]]], planner: small) == nil)
        #expect(Self.error(["members": ["some": ["name": ["eq": "a"]], "none": ["name": ["eq": "b"]]]], planner: small)?.code == .limitExceeded)
    }

    @Test("write conditions take no relation filters: the key is unknown there, as in AppSync")
    func notInConditions() throws {
        let query = #"mutation($c: ModelMemberConditionInput) { updateMember(input: {id: "m"}, condition: $c) { id } }"#
        #expect(throws: PlanErrors.self) { try PlannerTests.planner.plan(query: query, operationName: nil, inputs: ["c": ["team": ["mantra": ["eq": "Go"]]]]) }
        do {
            _ = try PlannerTests.planner.plan(query: query, operationName: nil, inputs: ["c": ["team": ["mantra": ["eq": "Go"]]]])
        } catch {
            #expect(error.errors.first?.message == "The variables input contains a field name 'team' that is not defined for input object type 'ModelMemberConditionInput' ")
        }
    }

    @Test("a related model the caller may not list refuses the filter with Unauthorized")
    func deniedTarget() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("restricted"))
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)))
        let query = "query($f: ModelNoteFilterInput) { listNotes(filter: $f) { items { id } } }"
        for filter: InputValue in [["secret": ["value": ["eq": "x"]]], ["audits": ["none": [:]]]] {
            let error = Self.error(filter, query: query, planner: planner)
            #expect(error?.code == .unauthorized, "\(filter)")
        }
        #expect(Self.error(["text": ["eqInsensitive": "x"]], query: query, planner: planner) == nil)
    }

    @Test("unknown quantifiers and non-object relation filters are refused")
    func malformed() {
        // A key the input type lacks, sent in variables, gets AppSync's words for the whole request.
        #expect(
            Self.error(["members": ["any": ["name": ["eq": "a"]]]])?.message
                == "The variables input contains a field name 'any' that is not defined for input object type 'ModelMemberRelationFilterInput' ")
        #expect(Self.error(["members": "x"])?.code == .badValue)
        #expect(Self.error(["members": ["some": nil]]) == nil)
    }

    @Test("the text operators apply to single string fields; without ICU the case-insensitive ones are refused and search still works")
    func textOperatorLimits() throws {
        // Only string fields' inputs have them: another type's input refuses the key as AppSync refuses any unknown key.
        #expect(
            Self.error(["id": ["eqInsensitive": "x"]])?.message
                == "The variables input contains a field name 'eqInsensitive' that is not defined for input object type 'ModelIDInput' ")
        #expect(Self.error(["size": ["search": "x"]])?.message == "The variables input contains a field name 'search' that is not defined for input object type 'ModelIntInput' ")
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        let withoutICU = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema), hasCaseFolding: false))
        for op in ["eqInsensitive", "containsInsensitive", "beginsWithInsensitive"] {
            let error = Self.error(["mantra": .object([(op, .string("x"))])], planner: withoutICU)
            #expect(error?.code == .unsupported)
            #expect(error?.message.contains("und-x-icu") == true)
        }
        #expect(Self.error(["mantra": ["search": "x"]], planner: withoutICU) == nil)
    }

    @Test("LIKE operands are escaped when bound, on a fresh plan and on a reused one")
    func escapedOperands() throws {
        let planner = OperationPlanner(view: PlannerTests.planner.view)
        for (operand, pattern) in [("50%_", #"%50\%\_%"#), (#"a\b"#, #"%a\\b%"#), ("zq9", "%zq9%")] {
            let plan = try planner.plan(query: Self.teams, operationName: nil, inputs: ["f": ["mantra": ["containsInsensitive": .string(operand)]]])
            guard case .statement(let statement, _) = plan.fields[0].plan else { Issue.record("expected a statement"); return }
            #expect(statement.parameters.first == pattern)
            #expect(!statement.sql.contains(operand))
        }
        #expect(planner.cachedPlanCount == 1)
    }

    @Test("filters of one structure share a plan; another structure gets its own")
    func caching() throws {
        let planner = OperationPlanner(view: PlannerTests.planner.view)
        _ = try planner.plan(query: Self.teams, operationName: nil, inputs: ["f": ["members": ["some": ["name": ["eq": "a"]]]]])
        _ = try planner.plan(query: Self.teams, operationName: nil, inputs: ["f": ["members": ["some": ["name": ["eq": "b"]]]]])
        #expect(planner.cachedPlanCount == 1)
        _ = try planner.plan(query: Self.teams, operationName: nil, inputs: ["f": ["members": ["every": ["name": ["eq": "b"]]]]])
        #expect(planner.cachedPlanCount == 2)
    }

    static let appSync: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema, surface: .appSync)))
    }()

    @Test("the extended API's inputs end with the new keys; AppSync's have none, and refuses them in variables as unknown keys")
    func surfaces() throws {
        let extended = PlannerTests.planner.view.api.sdl
        let strings = try #require(OperatorTableTests.inputBlock(named: "ModelStringInput", in: extended))
        #expect(Array(strings.suffix(4)) == Operator.textExtensions.map(\.rawValue))
        #expect(OperatorTableTests.inputBlock(named: "ModelIDInput", in: extended)?.contains("eqInsensitive") == false)
        #expect(OperatorTableTests.inputBlock(named: "ModelSubscriptionStringInput", in: extended)?.contains("search") == false)
        #expect(OperatorTableTests.inputBlock(named: "ModelTeamFilterInput", in: extended)?.last == "members")
        #expect(OperatorTableTests.inputBlock(named: "ModelMemberFilterInput", in: extended)?.last == "team")
        #expect(OperatorTableTests.inputBlock(named: "ModelMemberRelationFilterInput", in: extended) == ["some", "every", "none"])
        #expect(OperatorTableTests.inputBlock(named: "ModelMemberConditionInput", in: extended)?.contains("team") == false)
        #expect(OperatorTableTests.inputBlock(named: "ModelSubscriptionTeamFilterInput", in: extended)?.contains("members") == false)
        let literal = #"{ listTeams(filter: {members: {some: {name: {eqInsensitive: "a"}}}, mantra: {search: "b"}}) { items { id } } }"#
        #expect(OperatorTableTests.plans(literal) == nil)

        let appSync = Self.appSync.view.api.sdl
        let appSyncStrings = try #require(OperatorTableTests.inputBlock(named: "ModelStringInput", in: appSync))
        #expect(Operator.textExtensions.allSatisfy { !appSyncStrings.contains($0.rawValue) })
        #expect(OperatorTableTests.inputBlock(named: "ModelTeamFilterInput", in: appSync)?.contains("members") == false)
        #expect(!appSync.contains("RelationFilterInput"))
        #expect(
            Self.error(["members": ["some": [:]]], planner: Self.appSync)?.message
                == "The variables input contains a field name 'members' that is not defined for input object type 'ModelTeamFilterInput' ")
        #expect(
            Self.error(["mantra": ["eqInsensitive": "a"]], planner: Self.appSync)?.message
                == "The variables input contains a field name 'eqInsensitive' that is not defined for input object type 'ModelStringInput' ")
        #expect(
            Self.error(["mantra": ["search": "a"]], planner: Self.appSync)?.message
                == "The variables input contains a field name 'search' that is not defined for input object type 'ModelStringInput' ")
        #expect(throws: PlanErrors.self) { try Self.appSync.plan(query: literal, operationName: nil, inputs: [:]) }
    }
}

/// Counting and aggregating take the same filter as listing, relation keys included.
@Suite("Relation filters in counts")
struct RelationFilterCountTests {
    @Test("countX and aggregateX accept a relation filter and plan it as an EXISTS")
    func countsTakeRelationFilters() throws {
        let filter: InputValue = ["members": ["some": ["role": ["eq": "LEAD"]]]]
        for query in [
            "query($f: ModelTeamFilterInput) { countTeams(filter: $f) }",
            "query($f: ModelTeamFilterInput) { aggregateTeams(filter: $f) { count } }",
        ] {
            #expect(RelationAndTextFilterTests.error(filter, query: query) == nil, "\(query)")
            let text = try RelationAndTextFilterTests.render(query, filter)
            #expect(text.contains("EXISTS (SELECT 1 FROM \"Member\""), "\(text)")
        }
    }
}
