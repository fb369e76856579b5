import APISchema
import JSON
import Planner
import SchemaParser
import TestSupport
import Testing

/// The plans of custom operations: a SQL handler's one statement (its placeholders bound as parameters, the
/// rows or the records they name as JSON), and the read of the records a function returns.
@Suite("Planned custom operations")
struct CustomOperationPlanTests {
    static let planner: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("custom-operations"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    static let operations: [(String, String, [String: InputValue])] = [
        ("custom-sql-report", "query { postStats(minRating: 3) { posts averageRating } }", [:]),
        ("custom-sql-models", "query($n: Int!) { topPosts(limit: $n) { id title comments { items { content } } } }", ["n": .int(2)]),
        ("custom-sql-write", #"mutation { commentAndRate(postId: "p1", content: "c", rating: 2) { id rating } }"#, [:]),
        ("custom-function-models", "query { recommended(count: 2) { id title } }", [:]),
        ("custom-function-arguments", #"mutation { checkout(cart: [{sku: "a"}], coupon: "X") { order } }"#, [:]),
    ]

    @Test("each custom operation's plan matches its golden file", arguments: operations.map(\.0))
    func golden(name: String) throws {
        let (_, query, variables) = try #require(Self.operations.first { $0.0 == name })
        let plan = try Self.planner.plan(query: query, operationName: nil, inputs: variables)
        if let difference = Golden.check(PlannerTests.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("a reused plan binds each request's own argument values")
    func rebinding() throws {
        let planner = OperationPlanner(view: Self.planner.view)
        let query = "query($m: String!) { echo(message: $m) }"
        _ = try planner.plan(query: query, operationName: nil, inputs: ["m": .string("first")])
        let second = try planner.plan(query: query, operationName: nil, inputs: ["m": .string("second")])
        #expect(planner.cachedPlanCount == 1)
        guard case .custom(let plan)? = second.fields.first?.plan else { Issue.record("a custom plan"); return }
        #expect(plan.arguments == .object([("message", .string("second"))]))
    }
}
