import APISchema
import Foundation
import Planner
import SchemaParser
import TestSupport
import Testing

/// The cost model: worst-case rows, each connection's page multiplying what is under it.
@Suite("Query cost")
struct CostTests {
    static func planner(maximumCost: Int) -> OperationPlanner {
        OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumCost: maximumCost))
    }

    static func refusal(_ planner: OperationPlanner, _ query: String, _ variables: [String: InputValue] = [:]) -> PlanError? {
        do {
            _ = try planner.plan(query: query, operationName: nil, inputs: variables)
            return nil
        } catch {
            return error.errors.first
        }
    }

    @Test("default pages multiply: 1 + 100 + 100 + 100·100 rows for a list of teams with their members")
    func defaults() {
        let query = "{ listTeams { items { id members { items { id } } } } }"
        #expect(Self.refusal(Self.planner(maximumCost: 10_201), query) == nil)
        let refused = Self.refusal(Self.planner(maximumCost: 10_200), query)
        #expect(refused?.code == .limitExceeded)
        #expect(refused?.message.contains("up to 10201 rows; the limit is 10200") == true)
        // A fragment counts where it is spread, each time.
        let twice = "{ listTeams { items { ...M ...M } } } fragment M on Team { members { items { id } } }"
        #expect(Self.refusal(Self.planner(maximumCost: 20_200), twice)?.message.contains("20301 rows") == true)
    }

    @Test("a batch mutation returns one record per input item: each multiplies what is selected under it")
    func batches() {
        let query = #"mutation { batchUpdateTeam(input: [{id: "a"}, {id: "b"}, {id: "c"}]) { id members(limit: 50) { items { id } } } }"#
        // 3 teams, their 3 member connections and 3·50 members (one item would price 52).
        #expect(Self.refusal(Self.planner(maximumCost: 156), query) == nil)
        #expect(Self.refusal(Self.planner(maximumCost: 155), query)?.message.contains("up to 156 rows") == true)
    }

    @Test("page sizes from variables are priced per request, also when the plan is reused")
    func variables() {
        let planner = Self.planner(maximumCost: 20_000)
        let query = "query($l: Int) { listTeams(limit: $l) { items { members(limit: $l) { items { id } } } } }"
        #expect(Self.refusal(planner, query, ["l": .int(10)]) == nil)
        let large = Self.refusal(planner, query, ["l": .int(1000)])
        #expect(large?.message.contains("up to 1002001 rows") == true)
        #expect(Self.refusal(planner, query, ["l": .int(100)]) == nil)
        #expect(planner.cachedPlanCount == 1)
        // Beyond the maximum page the clamp applies, as it does to the statement.
        #expect(Self.refusal(planner, query, ["l": .int(2_000_000)])?.message.contains("up to 1002001 rows") == true)
    }

    /// A schema of `count` models, each with a few scalar fields, a list, an enum and a one-to-many
    /// relationship to the next: the size of app the review's introspection query was refused on.
    static func planner(models count: Int, maximumCost: Int = RequestLimits.defaultMaximumCost) -> OperationPlanner {
        var source = "enum Level { LOW HIGH }\n"
        for index in 0..<count {
            let next = (index + 1) % count
            source += """
                type M\(index) @model {
                  id: ID!
                  name: String!
                  notes: [String]
                  level: Level
                  score: Float
                  due: AWSDateTime
                  nextId: ID @index(name: "byNext")
                  next: M\(next) @belongsTo(fields: ["nextId"])
                  previous: [M\((index + count - 1) % count)] @hasMany(indexName: "byNext", fields: ["id"])
                }

                """
        }
        let schema = try! SchemaParser.parseOrThrow(source: source)
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)), limits: RequestLimits(maximumCost: maximumCost))
    }

    @Test("default limit: a get with three nested default pages and two nested pages of 1,000 pass; four levels of 100 do not")
    func defaultLimit() {
        let planner = OperationPlanner(view: PlannerTests.planner.view)
        #expect(planner.limits.maximumCost == 10_000_000)
        let threeDeep = #"{ getTeam(id: "t") { members { items { team { members { items { team { members { items { name } } } } } } } } } }"#
        // The three nested connections under a get, as the review's tree query, at 1,020,202 rows.
        let tree = #"{ getTreeNode(id: "root") { children { items { children { items { children { items { label } } } } } } } }"#
        let treePlanner = OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("objectbox-style")))))
        #expect(Self.refusal(treePlanner, tree) == nil)
        #expect(Self.refusal(planner, threeDeep) == nil)
        let thousands = "{ listTeams(limit: 1000) { items { id members(limit: 1000) { items { id name } } } } }"
        #expect(Self.refusal(planner, thousands) == nil)
        let create = "mutation { createTeam(input: {mantra: \"m\"}) { id members(limit: 1000) { items { id team { members(limit: 1000) { items { id } } } } } } }"
        #expect(Self.refusal(planner, create) == nil)
        let fourDeep = "{ listTreeNodes { items { children { items { children { items { children { items { label } } } } } } } } }"
        let refused = Self.refusal(treePlanner, fourDeep)
        #expect(refused?.code == .limitExceeded)
        #expect(refused?.message.contains("the limit is 10000000") == true, "\(refused?.message ?? "")")
    }

    @Test("the standard introspection query is never priced as rows: it passes on 12 and 200 models under any row limit")
    func standardIntrospection() throws {
        for count in [12, 200] {
            let planner = Self.planner(models: count, maximumCost: 1)
            let plan = try planner.plan(query: IntrospectionQueries.standard, operationName: nil, inputs: [:])
            #expect(plan.isIntrospection)
            // Under the row limit the old pricing refused a dozen models at (types × fields × arguments).
            #expect(Self.refusal(Self.planner(models: count), IntrospectionQueries.standard) == nil)
        }
        #expect(Self.refusal(Self.planner(maximumCost: 0), "{ __type(name: \"Team\") { name fields { name type { name } } } }") == nil)
    }

    @Test("introspection that walks the type graph again and again is refused, and counting it stays linear")
    func introspectionWalks() {
        let planner = Self.planner(models: 12)
        // Each level follows every field's type to its fields: exponential in the depth.
        var walk = "name"
        for _ in 0..<6 { walk = "name fields { type { \(walk) } }" }
        let refused = Self.refusal(planner, "{ __schema { types { \(walk) } } }")
        #expect(refused?.code == .limitExceeded)
        #expect(refused?.message.contains("introspection could produce up to") == true, "\(refused?.message ?? "")")
        // A thousand aliased listings are a thousand complete answers.
        let many = "{ " + (0..<1000).map { "a\($0): __schema { types { name fields { name } } }" }.joined(separator: " ") + " }"
        #expect(Self.refusal(planner, many)?.code == .limitExceeded)
        // A `__type` named by a variable counts as the largest type (Mutation's fields), a literal as its own.
        let aliased = (0..<1000).map { "t\($0): __type(name: NAME) { fields { name } }" }.joined(separator: " ")
        let byVariable = "query($t: String!) { " + aliased.replacingOccurrences(of: "NAME", with: "$t") + " }"
        #expect(Self.refusal(planner, byVariable, ["t": .string("Level")])?.code == .limitExceeded)
        #expect(Self.refusal(planner, "{ " + aliased.replacingOccurrences(of: "NAME", with: "\"Level\"") + " }") == nil)
    }
}
