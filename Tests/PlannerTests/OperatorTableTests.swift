import APISchema
import Foundation
import Planner
import Testing

/// The operator table is the one list both sides read: every operator the generated inputs offer is one the
/// planner compiles, so adding an operator to the table without its SQL fails here.
@Suite("Operator table: what the API offers, the planner compiles")
struct OperatorTableTests {
    /// The surface of the planner these tests plan with (`PlannerTests.planner`).
    static let surface = PlannerTests.planner.view.api.surface
    /// A field of the fixture `schema` per family, and a value of it.
    static let samples: [(family: Operator.Family, model: String, field: String, value: String)] = [
        (.string, "Team", "mantra", #""a""#), (.id, "Team", "id", #""x""#), (.int, "Team", "size", "1"),
        (.float, "Team", "budget", "1.5"), (.boolean, "Team", "active", "true"),
    ]

    static func operand(_ op: Operator, value: String) -> String {
        switch op {
        case .between, .in, .notIn: "[\(value), \(value)]"
        case .attributeExists: "true"
        case .attributeType: "string"
        case .size: "{eq: 1}"
        case .contains, .notContains, .beginsWith: #""a""#
        default: value
        }
    }

    static func plans(_ query: String) -> String? {
        do {
            _ = try PlannerTests.planner.plan(query: query, operationName: nil, inputs: [:])
            return nil
        } catch {
            return error.errors.map(\.message).joined(separator: "; ")
        }
    }

    @Test("every operator of every filter input family compiles, in filters and in write conditions")
    func filterOperators() {
        for sample in Self.samples {
            let operators = Operator.operators(of: .filter, family: sample.family, surface: Self.surface)
            #expect(!operators.isEmpty)
            for op in operators {
                let condition = "{\(sample.field): {\(op.rawValue): \(Self.operand(op, value: sample.value))}}"
                let list = "{ list\(sample.model)s(filter: \(condition)) { items { id } } }"
                #expect(Self.plans(list) == nil, "\(list)")
                // Condition inputs leave the key out, as the transformer's do.
                guard sample.field != "id" else { continue }
                let update = #"mutation { update\#(sample.model)(input: {id: "x"}, condition: \#(condition)) { id } }"#
                #expect(Self.plans(update) == nil, "\(update)")
            }
        }
    }

    @Test("every size operator and every enum-filter operator compiles")
    func sizeAndEnumOperators() {
        for op in Operator.operators(of: .size, surface: Self.surface) {
            let query = "{ listTeams(filter: {mantra: {size: {\(op.rawValue): \(Self.operand(op, value: "2"))}}}) { items { id } } }"
            #expect(Self.plans(query) == nil, "\(query)")
        }
        for op in Operator.operators(of: .enumeration, surface: Self.surface) {
            let query = "{ listMembers(filter: {role: {\(op.rawValue): LEAD}}) { items { id } } }"
            #expect(Self.plans(query) == nil, "\(query)")
        }
    }

    @Test("the inputs of the generated SDL hold exactly the table's operators")
    func sdlFollowsTable() throws {
        let sdl = PlannerTests.planner.view.api.sdl
        for family in Operator.Family.allCases {
            let block = try #require(Self.inputBlock(named: "Model\(family.rawValue)Input", in: sdl))
            #expect(block == Operator.operators(of: .filter, family: family, surface: Self.surface).map(\.rawValue))
        }
        #expect(Self.inputBlock(named: "ModelSizeInput", in: sdl) == Operator.operators(of: .size, surface: Self.surface).map(\.rawValue))
    }

    /// The field names of `input <name> { … }` in `sdl`, in order.
    static func inputBlock(named name: String, in sdl: String) -> [String]? {
        guard let start = sdl.range(of: "input \(name) {\n") else { return nil }
        let body = sdl[start.upperBound...].prefix { $0 != "}" }
        return body.split(separator: "\n").compactMap { line in line.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } }
    }
}
