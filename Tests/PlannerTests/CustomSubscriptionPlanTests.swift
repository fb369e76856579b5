import APISchema
import JSON
import Planner
import SchemaParser
import TestSupport
import Testing

/// The plans of custom subscriptions: the mutations followed, the arguments that filter their answers, the
/// shape a subscriber's selection gives them, and the rules that decide who subscribes.
@Suite("Planned custom subscriptions")
struct CustomSubscriptionPlanTests {
    static let planner: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("custom-subscriptions"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    static func plan(_ query: String, variables: [String: InputValue] = [:]) throws -> CustomSubscriptionPlan {
        guard case .custom(let plan) = try planner.planAnySubscription(query: query, operationName: nil, inputs: variables) else {
            throw PlanErrors([PlanError(.validation, "not a custom subscription")])
        }
        return plan
    }

    @Test("the mutations it follows, the arguments given (variables and literals; null and absent ones filter nothing), the response key")
    func followsAndFilters() throws {
        let plan = try Self.plan("subscription($a: String) { inbox: onMessage(room: \"lobby\", author: $a) { text } }", variables: ["a": .null])
        #expect(plan.mutations == ["sendMessage", "postMessage"])
        #expect(plan.responseKey == "inbox")
        #expect(plan.filter.map(\.name) == ["room"])
        #expect(plan.wants(.object([("room", .string("lobby")), ("text", .string("t"))])))
        #expect(!plan.wants(.object([("room", .string("kitchen"))])))
        #expect(!plan.wants(.object([("text", .string("no room"))])))
        #expect(!plan.wants(.string("lobby")))
        let unfiltered = try Self.plan("subscription { onMessage { text } }")
        #expect(unfiltered.filter.isEmpty && unfiltered.wants(.null))
    }

    @Test("numbers are compared by value, and lists and objects member by member")
    func equality() throws {
        var plan = try Self.plan("subscription { onMessage { text } }")
        let same = { (given: JSONValue, answered: JSONValue) -> Bool in
            plan.filter = [(name: "v", value: given)]
            return plan.wants(.object([("v", answered)]))
        }
        #expect(same(.int(5), .float(5.0)))
        #expect(!same(.int(5), .string("5")))
        #expect(same(.object([("a", .int(1)), ("b", .null)]), .object([("b", .null), ("a", .float(1))])))
        #expect(!same(.list([.int(1)]), .list([.int(1), .int(2)])))
    }

    @Test("the subscriber's selection is shaped against the API's types: a model's fields, __typename, aliases")
    func shape() throws {
        let plan = try Self.plan("subscription { onNote { __typename key: id title createdAt } }")
        guard case .object(let typeName, let fields)? = plan.field.shape?.kind else {
            Issue.record("an object shape")
            return
        }
        #expect(typeName == "Note")
        #expect(fields.map(\.key) == ["__typename", "key", "title", "createdAt"])
        #expect(fields.map(\.name) == ["__typename", "id", "title", "createdAt"])
    }

    @Test("refused: a field the type does not have, a caller the rules do not allow, a model subscription planned as custom")
    func refusals() throws {
        #expect(throws: PlanErrors.self) { try Self.plan("subscription { onMessage { nope } }") }
        let refused = #expect(throws: PlanErrors.self) { try Self.plan("subscription { onStaffMessage { text } }") }
        #expect(refused?.errors.first?.message == "Not Authorized to access onStaffMessage on type Subscription")
        #expect(throws: PlanErrors.self) { try Self.planner.planSubscription(query: "subscription { onMessage { text } }", operationName: nil, inputs: [:]) }
        guard case .records = try Self.planner.planAnySubscription(query: "subscription { onCreateNote { id } }", operationName: nil, inputs: [:]) else {
            Issue.record("a model subscription")
            return
        }
    }
}
