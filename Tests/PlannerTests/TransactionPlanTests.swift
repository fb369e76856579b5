import APISchema
import Foundation
import Planner
import Testing

/// What the planner makes of `mutation @transaction`: a flag on the plan, the same statements as without it,
/// kept by the plan cache, and at most `maximumTransactionFields` root fields.
@Suite("@transaction plans")
struct TransactionPlanTests {
    static let document = #"mutation @transaction { a: createTeam(input: {mantra: "a"}) { id } b: createTeam(input: {mantra: "b"}) { id } }"#

    @Test("marked plans are transactional with the statements of the unmarked document, from the cache too; others are not")
    func flag() throws {
        let planner = PlannerTests.planner(.extended)
        let marked = try planner.plan(query: Self.document, operationName: nil, inputs: [:])
        #expect(marked.transactional)
        let plain = try planner.plan(query: Self.document.replacingOccurrences(of: " @transaction", with: ""), operationName: nil, inputs: [:])
        #expect(!plain.transactional)
        #expect(PlannerTests.render(marked) == PlannerTests.render(plain))
        #expect(marked != plain)
        #expect(try planner.plan(query: Self.document, operationName: nil, inputs: [:]).transactional)
        #expect(planner.cachedPlanCount == 2)
    }

    @Test("the directive is declared on mutations of the extended API only")
    func declared() throws {
        #expect(PlannerTests.planner.view.api.sdl.contains("directive @transaction on MUTATION\n"))
        #expect(!PlannerTests.appSyncPlanner.view.api.sdl.contains("@transaction"))
        #expect(throws: PlanErrors.self) { try PlannerTests.appSyncPlanner.plan(query: Self.document, operationName: nil, inputs: [:]) }
    }

    @Test("more than the maximum root fields is LimitExceeded, located at the directive; the maximum itself plans")
    func limit() throws {
        let maximum = OperationPlanner.maximumTransactionFields
        func document(_ count: Int) -> String {
            "mutation @transaction { " + (0..<count).map { "t\($0): createTeam(input: {mantra: \"m\"}) { id }" }.joined(separator: " ") + " }"
        }
        #expect(try PlannerTests.planner.plan(query: document(maximum), operationName: nil, inputs: [:]).fields.count == maximum)
        do {
            _ = try PlannerTests.planner.plan(query: document(maximum + 1), operationName: nil, inputs: [:])
            Issue.record("planned \(maximum + 1) root fields in one transaction")
        } catch {
            #expect(error.errors.map(\.code) == [.limitExceeded])
            #expect(error.errors.first?.locations.first?.column == 10)
        }
    }
}
