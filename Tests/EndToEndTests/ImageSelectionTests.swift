import Foundation
import Planner
import Postgres
import TestSupport
import Testing

/// Selections that a row image answers by itself (`ImageSelection`): delivery copies them out of the image
/// instead of running the delivery statement, so the copy must be, byte for byte, what the statement returns.
@Suite("Subscription selections copied out of row images")
struct ImageSelectionTests {
    static var planner: OperationPlanner { SubscriptionDeliverySQLTests.planner }

    static func plan(_ selection: String, field: String = "onCreateTeam") throws -> SubscriptionPlan {
        try planner.planSubscription(query: "subscription { \(field) { \(selection) } }", operationName: nil, inputs: [:])
    }

    @Test("own text, number, boolean, ID and enum fields, aliases and __typename: the statement's exact text, awkward values included")
    func sameTextAsTheStatement() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let mantras = [
            #"plain"#, #"quote \" and backslash \\ and slash /"#, #"lines\nand\ttabs\r\u0001\u001f"#, #"é ü 中文 🚀"#, #"</script><!--"#, "",
        ]
        for (index, mantra) in mantras.enumerated() {
            try await server.seed(#"mutation { createTeam(input: {id: "T\#(index)", mantra: "\#(mantra)", size: \#(index - 2), active: \#(index % 2 == 0)}) { id } }"#)
        }
        try await server.seed(#"mutation { createTeam(input: {id: "N", mantra: "nulls"}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {id: "Big", mantra: "m", size: 2147483647, active: false}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m1", name: "Ann \"A\"", role: LEAD, teamId: "T1"}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m2", name: "Bo"}) { id } }"#)

        let teamPlan = try Self.plan("__typename id motto: mantra size active kind: __typename mantra")
        let teamSelection = try #require(teamPlan.imageSelection, "own scalar fields are answered by the image")
        var teamImages: [String] = []
        for id in (0..<mantras.count).map({ "T\($0)" }) + ["N", "Big"] {
            teamImages.append(try await SubscriptionDeliverySQLTests.image(of: id, for: teamPlan, on: server))
        }
        let memberPlan = try Self.plan("id name role teamId __typename", field: "onDeleteMember")
        let memberSelection = try #require(memberPlan.imageSelection)
        var memberImages: [String] = []
        for id in ["m1", "m2"] { memberImages.append(try await SubscriptionDeliverySQLTests.image(of: id, for: memberPlan, on: server)) }

        for (plan, selection, images) in [(teamPlan, teamSelection, teamImages), (memberPlan, memberSelection, memberImages)] {
            let result = try await server.client.query(plan.delivery.sql, plan.delivery.parameters(images: "[" + images.joined(separator: ",") + "]", readsFields: false))
            try #require(result.rows.count == images.count)
            for (image, row) in zip(images, result.rows) {
                let copied = try #require(selection.render(image: image), "image \(image)")
                #expect(copied == row[2], "image \(image)\ncopied    \(copied)\nstatement \(row[2] ?? "nil")")
            }
        }
        // What a client reads is what a query of the same record returns.
        let copied = try SubscriptionDeliverySQLTests.parse(teamSelection.render(image: teamImages[1]))
        let fetched = try await SubscriptionDeliverySQLTests.query(
            server, #"{ getTeam(id: "T1") { __typename id motto: mantra size active kind: __typename mantra } }"#, field: "getTeam")
        #expect(copied == fetched, "copied \(copied)\nfetched \(fetched)")
    }

    @Test("formatted, floating-point, related and counted fields need the statement")
    func statementNeeded() throws {
        for selection in ["id founded", "id budget", "id members { items { id } }", "id createdAt", "id updatedAt"] {
            #expect(try Self.plan(selection).imageSelection == nil, "\(selection)")
        }
        #expect(try Self.plan("id team { id }", field: "onCreateMember").imageSelection == nil)
        #expect(try Self.plan("id size").imageSelection?.entries == [.column(key: "id", column: "id"), .column(key: "size", column: "size")])
    }

    @Test("an image that is not a JSON object is not copied (delivery then runs the statement)")
    func unreadableImage() throws {
        let selection = try #require(try Self.plan("id mantra").imageSelection)
        #expect(selection.render(image: "not json") == nil)
        #expect(selection.render(image: #"["id"]"#) == nil)
        #expect(selection.render(image: #"{"id": "x"}"#) == #"{"id":"x","mantra":null}"#)
    }
}
