import APISchema
import Foundation
import Fuzzing
import Planner
import Postgres
import SchemaParser
import TestSupport
import Testing

/// A subscription's delivery statement run on PostgreSQL over real row images (`to_jsonb` of rows written through
/// the API): it returns, per image and in order, the record's filterable fields as the API formats them and the
/// selection set exactly as a query of the same record returns it.
@Suite("Subscription delivery SQL on PostgreSQL")
struct SubscriptionDeliverySQLTests {
    /// A planner for the same schema the live server runs (the fixture `schema`: Team has many Members).
    static let planner: OperationPlanner = {
        // The fixture is part of the repository; failing to read it is a broken checkout.
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    /// One delivered row: the image's position, the filterable fields and the selection set, as JSON whose
    /// objects' keys are sorted (numbers keep their text, so `1` and `1.0` differ, as they would to a client).
    struct Delivered {
        let position: String?
        let fields: JSONValue
        let selection: JSONValue
    }

    /// `json` with every object's keys sorted, for comparisons that ignore key order and nothing else.
    static func sorted(_ json: JSONValue) -> JSONValue {
        switch json {
        case .array(let items): .array(items.map(sorted))
        case .object(let fields): .object(fields.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
        default: json
        }
    }

    static func parse(_ text: String?) throws -> JSONValue {
        sorted(try StrictJSON.parse(Array(try #require(text).utf8)))
    }

    /// The plan's table as SQL (`"schema"."table"`, or `"table"` on the search path). The test target does not
    /// import SQLSyntax, so the name's parts are read by reflection and quoted as `Quoting.identifier` does.
    static func qualifiedTable(of plan: SubscriptionPlan) throws -> String {
        let parts = Dictionary(uniqueKeysWithValues: Mirror(reflecting: plan.table).children.compactMap { child in child.label.map { ($0, child.value) } })
        let name = try #require(parts["name"] as? String)
        let quote = { (identifier: String) in "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        if let schema = parts["schema"] as? String { return quote(schema) + "." + quote(name) }
        return quote(name)
    }

    /// The row image of the record `id` of the plan's table, as the change log records it.
    static func image(of id: String, for plan: SubscriptionPlan, on server: LiveServer) async throws -> String {
        let table = try qualifiedTable(of: plan)
        let result = try await server.client.query("SELECT to_jsonb(t)::text FROM \(table) AS t WHERE t.id = $1", [id])
        return try #require(result.scalar, "no row \(id) in \(table)")
    }

    /// Runs the plan's statement over `images` (row images' JSON texts).
    static func deliver(_ plan: SubscriptionPlan, images: [String], on server: LiveServer) async throws -> [Delivered] {
        let result = try await server.client.query(plan.delivery.sql, plan.delivery.parameters(images: "[" + images.joined(separator: ",") + "]"))
        #expect(result.columns.count == 3)
        return try result.rows.map { row in
            try #require(row.count == 3)
            return Delivered(position: row[0], fields: try parse(row[1]), selection: try parse(row[2]))
        }
    }

    /// `data.<field>` of a query over HTTP, as the server wrote it.
    static func query(_ server: LiveServer, _ text: String, field: String) async throws -> JSONValue {
        let response = try parse(try await server.graphQLText(text))
        #expect(response["errors"] == nil, "\(response)")
        return try #require(response["data"]?[field], "\(response)")
    }

    /// The keys of a JSON object.
    static func keys(_ json: JSONValue) -> [String] {
        if case .object(let fields) = json { return fields.map(\.0) }
        return []
    }

    /// The fields of `input <name> { … }` in the API's SDL, without `and` and `or`.
    static func filterInputFields(_ name: String) throws -> Set<String> {
        let sdl = planner.view.api.sdl
        let start = try #require(sdl.range(of: "input \(name) {\n"))
        let body = sdl[start.upperBound...].prefix { $0 != "}" }
        let names = body.split(separator: "\n").compactMap { $0.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        return Set(names).subtracting(["and", "or"])
    }

    /// A JSON value (the fuzzing reader's, which keeps numbers as written) as the planner's input value.
    static func inputValue(_ json: JSONValue) -> InputValue {
        switch json {
        case .null: .null
        case .bool(let flag): .boolean(flag)
        case .number(let text): Int(text).map(InputValue.int) ?? .float(Double(text) ?? .nan)
        case .string: .string(json.text ?? "")
        case .array(let items): .list(items.map(inputValue))
        case .object(let fields): .object(fields.map { ($0.0, inputValue($0.1)) })
        }
    }

    /// The value at `path` (keys and array indexes) in `json`.
    static func at(_ json: JSONValue?, _ path: Any...) -> JSONValue? {
        var current = json
        for step in path {
            if let key = step as? String {
                current = current?[key]
            } else if let index = step as? Int, case .array(let items) = current {
                current = index < items.count ? items[index] : nil
            } else {
                return nil
            }
        }
        return current
    }

    @Test("a created record with its belongsTo object: position 1, the API's field values, the selection a get returns")
    func belongsTo() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(
            #"mutation { createTeam(input: {id: "T", mantra: "Go \"team\" \u00e9", founded: "2024-05-01T10:20:30.5Z", size: 3, budget: 2.5, active: true}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m1", name: "Ann", role: LEAD, teamId: "T"}) { id } }"#)
        let selection = "id name role teamId createdAt __typename team { id mantra founded size budget active members { items { id } nextToken } }"
        let plan = try Self.planner.planSubscription(query: "subscription { onCreateMember { \(selection) } }", operationName: nil, inputs: [:])
        #expect(plan.model == "Member")
        let image = try await Self.image(of: "m1", for: plan, on: server)
        let rows = try await Self.deliver(plan, images: [image], on: server)
        try #require(rows.count == 1)
        #expect(rows[0].position == "1")
        let fetched = try await Self.query(server, #"{ getMember(id: "m1") { \#(selection) } }"#, field: "getMember")
        #expect(rows[0].selection == fetched, "delivered \(rows[0].selection)\nfetched \(fetched)")
        #expect(Self.at(rows[0].selection, "team", "founded")?.text == "2024-05-01T10:20:30.500Z")
        #expect(Self.at(rows[0].selection, "team", "mantra")?.text == "Go \"team\" \u{E9}")
        #expect(Self.at(rows[0].selection, "team", "budget") == .number("2.5"))
        #expect(Self.at(rows[0].selection, "team", "members", "items", 0, "id")?.text == "m1")
        // The filterable fields: every field the subscription filter input names, formatted as a get returns them.
        let filterable = try Self.filterInputFields("ModelSubscriptionMemberFilterInput")
        let delivered = Self.keys(rows[0].fields)
        #expect(Set(delivered).isSuperset(of: filterable), "filter input \(filterable.sorted()), delivered \(delivered)")
        let scalars = try await Self.query(server, #"{ getMember(id: "m1") { \#(delivered.joined(separator: " ")) } }"#, field: "getMember")
        #expect(rows[0].fields == scalars, "delivered \(rows[0].fields)\nfetched \(scalars)")
        #expect(rows[0].fields["role"]?.text == "LEAD")
        #expect(rows[0].fields["teamId"]?.text == "T")
        // Without the filterable fields (no subscription has a filter to check): null, the selection unchanged.
        let lean = try await server.client.query(plan.delivery.sql, plan.delivery.parameters(images: "[" + image + "]", readsFields: false))
        try #require(lean.rows.count == 1)
        #expect(lean.rows[0][1] == nil)
        #expect(try Self.parse(lean.rows[0][2]) == rows[0].selection)
    }

    @Test("a record's scalars with the API's formatting, and hasMany connections as a get returns them")
    func scalarsAndHasMany() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "T", mantra: "a", founded: "2021-12-31T23:59:59Z", size: 0, budget: 1, active: false}) { id } }"#)
        for id in ["m1", "m2", "m3"] {
            try await server.seed(#"mutation { createMember(input: {id: "\#(id)", name: "N\#(id)", teamId: "T"}) { id } }"#)
        }
        let selection = "id mantra members(limit: 2) { items { id name role team { id } } nextToken } all: members { items { id } nextToken }"
        let plan = try Self.planner.planSubscription(query: "subscription { onUpdateTeam { \(selection) } }", operationName: nil, inputs: [:])
        #expect(plan.change == .update)
        let image = try await Self.image(of: "T", for: plan, on: server)
        let rows = try await Self.deliver(plan, images: [image], on: server)
        try #require(rows.count == 1)
        #expect(rows[0].position == "1")
        let fetched = try await Self.query(server, #"{ getTeam(id: "T") { \#(selection) } }"#, field: "getTeam")
        #expect(rows[0].selection == fetched, "delivered \(rows[0].selection)\nfetched \(fetched)")
        #expect(Self.at(rows[0].selection, "members", "items", 1, "id")?.text == "m2")
        #expect(Self.at(rows[0].selection, "members", "items", 2) == nil)
        #expect(Self.at(rows[0].selection, "members", "nextToken")?.text != nil)
        #expect(Self.at(rows[0].selection, "all", "items", 2, "id")?.text == "m3")
        #expect(Self.at(rows[0].selection, "all", "nextToken") == .null)
        let filterable = try Self.filterInputFields("ModelSubscriptionTeamFilterInput")
        let delivered = Self.keys(rows[0].fields)
        #expect(Set(delivered).isSuperset(of: filterable), "filter input \(filterable.sorted()), delivered \(delivered)")
        let scalars = try await Self.query(server, #"{ getTeam(id: "T") { \#(delivered.joined(separator: " ")) } }"#, field: "getTeam")
        #expect(rows[0].fields == scalars, "delivered \(rows[0].fields)\nfetched \(scalars)")
        #expect(rows[0].fields["founded"]?.text == "2021-12-31T23:59:59.000Z")
        #expect(rows[0].fields["active"] == .bool(false))
        #expect(rows[0].fields["size"] == .number("0"))
        #expect(rows[0].fields["createdAt"]?.text?.hasSuffix("Z") == true)
    }

    @Test("several images: one row each, in the images' order, repeats included; no images, no rows")
    func severalImages() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        for (id, mantra) in [("A", "first"), ("B", "second")] {
            try await server.seed(#"mutation { createTeam(input: {id: "\#(id)", mantra: "\#(mantra)"}) { id } }"#)
        }
        let plan = try Self.planner.planSubscription(query: "subscription { onCreateTeam { id mantra } }", operationName: nil, inputs: [:])
        let a = try await Self.image(of: "A", for: plan, on: server)
        let b = try await Self.image(of: "B", for: plan, on: server)
        let two = try await Self.deliver(plan, images: [b, a], on: server)
        #expect(two.map(\.position) == ["1", "2"])
        #expect(two.map { $0.selection["id"]?.text } == ["B", "A"])
        #expect(two.map { $0.fields["mantra"]?.text } == ["second", "first"])
        let three = try await Self.deliver(plan, images: [a, b, a], on: server)
        #expect(three.map(\.position) == ["1", "2", "3"])
        #expect(three.map { $0.selection["id"]?.text } == ["A", "B", "A"])
        #expect(try await Self.deliver(plan, images: [], on: server).isEmpty)
    }

    @Test("a deleted record is delivered from its image, not from the table")
    func deletedRecord() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "T", mantra: "kept"}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m1", name: "Ann", teamId: "T"}) { id } }"#)
        let plan = try Self.planner.planSubscription(query: "subscription { onDeleteMember { id name team { mantra } } }", operationName: nil, inputs: [:])
        #expect(plan.change == .delete)
        let image = try await Self.image(of: "m1", for: plan, on: server)
        try await server.seed(#"mutation { deleteMember(input: {id: "m1"}) { id } }"#)
        #expect(try await server.client.query(#"SELECT count(*) FROM "Member""#).scalar == "0")
        let rows = try await Self.deliver(plan, images: [image], on: server)
        try #require(rows.count == 1)
        #expect(rows[0].selection["id"]?.text == "m1")
        #expect(rows[0].selection["name"]?.text == "Ann")
        #expect(Self.at(rows[0].selection, "team", "mantra")?.text == "kept")
        #expect(rows[0].fields["name"]?.text == "Ann")
    }

    @Test("the filter holds or not on the delivered fields, AWSDateTime values as the API writes them")
    func filterOnDeliveredFields() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "A", mantra: "Banana", founded: "2020-01-01T00:00:00Z", size: 3}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {id: "B", mantra: "apple", founded: "2020-01-01T00:00:00Z", size: 3}) { id } }"#)
        try await server.seed(#"mutation { createTeam(input: {id: "C", mantra: "Cherry", size: 3}) { id } }"#)
        let query = #"subscription { onCreateTeam(filter: {mantra: {lt: "a"}, founded: {beginsWith: "2020-01-01T00:00:00.000Z"}, size: {between: [3, 3]}}) { id } }"#
        let plan = try Self.planner.planSubscription(query: query, operationName: nil, inputs: [:])
        let filter = try #require(plan.filter)
        var images: [String] = []
        for id in ["A", "B", "C"] { images.append(try await Self.image(of: id, for: plan, on: server)) }
        let rows = try await Self.deliver(plan, images: images, on: server)
        // "Banana" < "a" byte-wise; "apple" is not; C has no founded, so beginsWith fails.
        #expect(rows.map { filter.matches(.init(Self.inputValue($0.fields))) } == [true, false, false])
    }
}
