import APISchema
import JSON
import ModelIR
import Planner
import SchemaParser
import TestSupport
import Testing

/// The plans of fields answered by functions: the statement marks each with its plan's index and the record's
/// stored fields, and the plan carries the field's arguments.
@Suite("Planned field resolvers")
struct FieldResolverPlanTests {
    static let planner: OperationPlanner = {
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("custom-field-resolvers"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    @Test("a get selecting two resolved fields, one nested: the statement matches its golden file, the markers are indexed in selection order")
    func golden() throws {
        let query = #"query($l: String) { getAuthor(id: "a1") { name greeting(language: $l) books { items { blurb } } } }"#
        let plan = try Self.planner.plan(query: query, operationName: nil, inputs: ["l": .string("fr")])
        if let difference = Golden.check(PlannerTests.render(plan), named: "field-resolvers-get.sql") { Issue.record(Comment(rawValue: difference)) }
        guard case .statement(let statement, _)? = plan.fields.first?.plan else {
            Issue.record("a statement")
            return
        }
        #expect(statement.fieldResolvers.map { "\($0.model).\($0.field.name)" } == ["Author.greeting", "Book.blurb"])
        #expect(statement.fieldResolvers.first?.arguments == .object([("language", .string("fr"))]))
        let again = try Self.planner.plan(query: query, operationName: nil, inputs: ["l": .string("en")])
        guard case .statement(let rebound, _)? = again.fields.first?.plan else { return }
        #expect(rebound.fieldResolvers.first?.arguments == .object([("language", .string("en"))]))
        #expect(Self.planner.cachedPlanCount >= 1)
    }

    @Test("a marker is recognised by its first key only, and its record put together from its parts")
    func markers() {
        let marker = JSONValue.object([("__fn$", .int(2)), ("s0", .object([("id", .string("a"))])), ("s1", .object([("n", .int(1))]))])
        #expect(FieldResolverPlan.marker(marker)?.index == 2)
        #expect(FieldResolverPlan.marker(marker)?.source == .object([("id", .string("a")), ("n", .int(1))]))
        #expect(FieldResolverPlan.marker(.object([("id", .string("a")), ("__fn$", .int(2))])) == nil)
        #expect(FieldResolverPlan.marker(.string("__fn$")) == nil)
    }
}
