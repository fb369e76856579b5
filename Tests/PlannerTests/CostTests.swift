import Planner
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

    @Test("introspection costs its share: a thousand aliased type listings are refused, one is not")
    func introspection() {
        let planner = Self.planner(maximumCost: 500_000)
        let one = "{ __schema { types { name fields { name args { name } } } } }"
        #expect(Self.refusal(planner, one) == nil)
        let many = "{ " + (0..<1000).map { "a\($0): __schema { types { name fields { name } } }" }.joined(separator: " ") + " }"
        #expect(Self.refusal(planner, many)?.code == .limitExceeded)
    }
}
