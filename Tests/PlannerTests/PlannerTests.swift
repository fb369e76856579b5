import APISchema
import GraphQL
import JSON
import ModelIR
import Planner
import SchemaParser
import TestSupport
import Testing

@Suite("Planned SQL")
struct PlannerTests {
    static let planner = planner(.extended)
    /// The same fixture's planner for AppSync's API (`--appsync`).
    static let appSyncPlanner = planner(.appSync)

    static func planner(_ surface: APISurface) -> OperationPlanner {
        // The fixture is part of the repository; failing to read it is a broken checkout.
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema, surface: surface)))
    }

    static func render(_ operation: PlannedOperation) -> String {
        operation.fields.map { key, plan in
            switch plan {
            case .statement(let statement, let mutation):
                var text =
                    "-- \(key)\(mutation ? " (mutation)" : "")\(statement.requiresRow ? " (no row = conditional check failed)" : "")\(statement.needsCustomPlan ? " (planned for its values)" : "")\n\(statement.sql)\n-- parameters: \(statement.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", "))"
                if let readBack = statement.readBack {
                    text +=
                        "\n-- read back (first \(readBack.keyCount) parameter(s) = the written key)\n\(readBack.sql)\n-- parameters: \(readBack.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", "))"
                }
                for check in statement.referenceChecks {
                    text += "\n-- reference check \(check.constraint) (\(check.relationship)): \(check.countSQL) -- \(check.parameters.map { $0 ?? "NULL" })"
                }
                return text
            case .custom(let custom):
                var text = "-- \(key): \(custom.operation.kind.rawValue).\(custom.operation.name), arguments \(JSONText.encode(custom.arguments))"
                if let statement = custom.statement {
                    text += "\n\(statement.sql)\n-- parameters: \(statement.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", "))"
                }
                if let read = custom.modelRead {
                    text +=
                        "\n-- records read by key ($1 = the returned records)\n\(read.sql)\n-- parameters: \(read.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", "))"
                }
                return text
            case .constant(let json): return "-- \(key): constant \(json)"
            case .failure(let error): return "-- \(key): error \(error.code.rawValue): \(error.message)"
            }
        }.joined(separator: "\n\n") + "\n"
    }

    static let operations: [(String, String, [String: InputValue])] = [
        ("get", #"query { getTeam(id: "t1") { id mantra founded __typename } }"#, [:]),
        ("get-nested", #"query($id: ID!) { getTeam(id: $id) { mantra members(limit: 5) { items { name role team { mantra } } nextToken } } }"#, ["id": "t1"]),
        ("list-filter", #"query { listTeams(limit: 2, filter: {or: [{size: {gt: 2}}, {mantra: {beginsWith: "B"}}], active: {ne: false}}) { items { id } nextToken } }"#, [:]),
        ("create", #"mutation($input: CreateTeamInput!) { createTeam(input: $input) { id mantra size createdAt } }"#, ["input": ["mantra": "Go", "size": 3]]),
        ("update-condition", #"mutation { updateTeam(input: {id: "t1", mantra: "New", size: null}, condition: {size: {gt: 2}}) { id mantra updatedAt } }"#, [:]),
        ("delete", #"mutation { deleteTeam(input: {id: "t1"}) { id members { items { id } } } }"#, [:]),
        ("create-read-back", #"mutation { createMember(input: {name: "A", teamId: "t1"}) { id team { members { items { id } } } } }"#, [:]),
        ("create-condition", #"mutation { createMember(input: {name: "A", teamId: "t1"}, condition: {name: {attributeExists: false}}) { id } }"#, [:]),
        ("long-alias", #"query { getTeam(id: "t1") { id aliasLongerThanTheSixtyThreeBytesPostgreSQLAllowsForAColumnName_x: mantra members { items { id } } } }"#, [:]),
        ("fragments-aliases", #"query { a: getTeam(id: "1") { ...T } b: getTeam(id: "2") { id @skip(if: true) mantra } } fragment T on Team { id teamMantra: mantra }"#, [:]),
        ("wide-connection", "query { listTeams(limit: 2) { " + (1...51).map { "t\($0): __typename" }.joined(separator: " ") + " items { id } nextToken } }", [:]),
    ]

    @Test(
        "each operation's SQL and parameters match the golden file, on AppSync's API and on the extended one",
        arguments: operations.map(\.0), [APISurface.appSync, .extended])
    func golden(name: String, surface: APISurface) throws {
        let (_, query, variables) = try #require(Self.operations.first { $0.0 == name })
        let planner = surface == .appSync ? Self.appSyncPlanner : Self.planner
        #expect(planner.view.allowsExtensions == (surface == .extended))
        let plan = try planner.plan(query: query, operationName: nil, inputs: variables)
        if let difference = Golden.check(Self.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    /// The catalog fixture's planner: lists, sort keys and AWS scalars.
    static let catalogPlanner: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("catalog"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    @Test("a list value is one JSON parameter that PostgreSQL unpacks in order, in creates and updates")
    func listGolden() throws {
        let create =
            #"mutation { createItem(input: {sku: "s", kind: BOOK, version: 1, shelfId: "x", addedOn: "2024-01-01", title: "t", tags: ["a\"b", null, "c\\d{,}"]}) { sku tags } }"#
        let update = #"mutation { updateItem(input: {sku: "s", kind: BOOK, version: 1, tags: []}) { tags } }"#
        let text = try [create, update].map { Self.render(try Self.catalogPlanner.plan(query: $0, operationName: nil, inputs: [:])) }.joined(separator: "\n")
        if let difference = Golden.check(text, named: "list-values.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("a repeated operation yields byte-identical SQL")
    func deterministic() throws {
        let query = #"query { listTeams(filter: {mantra: {eq: "x"}}) { items { id members { items { id } } } } }"#
        let first = try Self.planner.plan(query: query, operationName: nil, inputs: [:])
        let second = try Self.planner.plan(query: query, operationName: nil, inputs: [:])
        #expect(first == second)
    }

    @Test("requests of one shape share a plan; each gets parameters computed from its own values")
    func planCache() throws {
        let planner = OperationPlanner(view: Self.planner.view)
        let query = "query($id: ID!, $limit: Int) { getTeam(id: $id) { id members(limit: $limit) { items { id } nextToken } } }"
        let first = try planner.plan(query: query, operationName: nil, inputs: ["id": "a", "limit": 5])
        #expect(planner.cachedPlanCount == 1)
        let again = try planner.plan(query: query, operationName: nil, inputs: ["id": "a", "limit": 5])
        #expect(first == again)
        let other = try planner.plan(query: query, operationName: nil, inputs: ["id": "b", "limit": 500])
        #expect(planner.cachedPlanCount == 1)
        guard case .statement(let firstStatement, _) = first.fields[0].plan, case .statement(let statement, _) = other.fields[0].plan else {
            Issue.record("expected statements"); return
        }
        #expect(statement.sql == firstStatement.sql)
        #expect(statement.parameters.prefix(2) == ["b", "500"])
        let fresh = try OperationPlanner(view: Self.planner.view).plan(query: query, operationName: nil, inputs: ["id": "b", "limit": 500])
        #expect(fresh == other)
    }

    @Test("a leaf that chooses the SQL's shape gets its own plan; a bad value fails on a reused plan as on a fresh one")
    func pinnedLeavesAndBadValues() throws {
        let planner = OperationPlanner(view: Self.planner.view)
        let query = "query($bare: Boolean!, $after: String) { listTeams(filter: {founded: {gt: $after}}) { items { id mantra @skip(if: $bare) } } }"
        let full = try planner.plan(query: query, operationName: nil, inputs: ["bare": false, "after": "2020-01-01T00:00:00Z"])
        let bare = try planner.plan(query: query, operationName: nil, inputs: ["bare": true, "after": "2020-01-01T00:00:00Z"])
        #expect(planner.cachedPlanCount == 2)
        guard case .statement(let fullStatement, _) = full.fields[0].plan, case .statement(let bareStatement, _) = bare.fields[0].plan else {
            Issue.record("expected statements"); return
        }
        #expect(fullStatement.sql.contains("mantra") && !bareStatement.sql.contains("mantra"))
        let bad = try planner.plan(query: query, operationName: nil, inputs: ["bare": true, "after": "yesterday"])
        let freshBad = try OperationPlanner(view: Self.planner.view).plan(query: query, operationName: nil, inputs: ["bare": true, "after": "yesterday"])
        guard case .failure(let error) = bad.fields[0].plan else { Issue.record("expected a failure"); return }
        #expect(error.code == .badValue)
        #expect(bad == freshBad)
        #expect(planner.cachedPlanCount == 2)
    }

    @Test("cache keys do not merge: variable names that spell a shape, an empty operation name, canonically equivalent texts")
    func cacheKeysStayApart() throws {
        let planner = OperationPlanner(view: Self.planner.view)
        let query = "query($a: ID!, $b: ID!) { x: getTeam(id: $a) { id } y: getTeam(id: $b) { id } }"
        _ = try planner.plan(query: query, operationName: nil, inputs: ["a": "1", "b": "2"])
        #expect(throws: PlanErrors.self) { try planner.plan(query: query, operationName: nil, inputs: ["a=s;b": "1"]) }
        #expect(throws: PlanErrors.self) { try planner.plan(query: query, operationName: "", inputs: ["a": "1", "b": "2"]) }
        let composed = "{ listTeams(filter: {mantra: {eq: \"caf\u{E9}\"}}) { items { id } } }"
        let decomposed = "{ listTeams(filter: {mantra: {eq: \"cafe\u{301}\"}}) { items { id } } }"
        // `==` on String would call these equal; the parameters must keep each request's own bytes.
        for (text, bytes) in [(composed, Array("caf\u{E9}".utf8)), (decomposed, Array("cafe\u{301}".utf8))] {
            let plan = try planner.plan(query: text, operationName: nil, inputs: [:])
            guard case .statement(let statement, _) = plan.fields[0].plan else { Issue.record("expected a statement"); return }
            #expect(statement.parameters.first?.map { Array($0.utf8) } == bytes)
        }
    }

    @Test("values never appear in the SQL text")
    func valuesAreParameters() throws {
        let plan = try Self.planner.plan(query: #"mutation { createTeam(input: {mantra: "Robert'); DROP TABLE x;--"}) { id } }"#, operationName: nil, inputs: [:])
        guard case .statement(let statement, _) = plan.fields[0].plan else { Issue.record("expected a statement"); return }
        #expect(!statement.sql.contains("Robert"))
        #expect(statement.parameters.contains("Robert'); DROP TABLE x;--"))
    }

    @Test("validation errors carry AppSync's wording and positions")
    func validationError() {
        #expect(throws: PlanErrors.self) { try Self.planner.plan(query: "{ getTeam(id: \"1\") { nope } }", operationName: nil, inputs: [:]) }
        do {
            _ = try Self.planner.plan(query: "{ getTeam(id: \"1\") { nope } }", operationName: nil, inputs: [:])
        } catch {
            #expect(error.errors.first?.message == "Validation error of type FieldUndefined: Cannot query field \"nope\" on type \"Team\".")
            #expect(error.errors.first?.locations.first?.column == 22)
        }
    }

    @Test("a missing required variable is a request error")
    func missingVariable() {
        do {
            _ = try Self.planner.plan(query: "query($id: ID!) { getTeam(id: $id) { id } }", operationName: nil, inputs: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.first?.message == "Variable 'id' has coerced Null value for NonNull type 'ID!'")
        }
    }

    @Test("bad scalar values are ValidationErrors naming the field")
    func badValue() throws {
        let plan = try Self.planner.plan(query: #"mutation { createTeam(input: {mantra: "x", founded: "yesterday"}) { id } }"#, operationName: nil, inputs: [:])
        guard case .failure(let error) = plan.fields[0].plan else { Issue.record("expected a failure"); return }
        #expect(error.code == .badValue)
        #expect(error.message.contains("Team.founded"))
    }

    @Test("a garbled nextToken is rejected")
    func badToken() throws {
        let plan = try Self.planner.plan(query: #"{ listTeams(nextToken: "garbage") { items { id } } }"#, operationName: nil, inputs: [:])
        guard case .failure(let error) = plan.fields[0].plan else { Issue.record("expected a failure"); return }
        #expect(error.code == .invalidNextToken)
    }
}
