import APISchema
import JSON
import Planner
import SchemaParser
import TestSupport
import Testing

/// `OperationPlanner.planSubscription`: which change a subscription follows, its filter, and the statement that
/// reads its selection set for a batch of row images.
@Suite("Planned subscriptions")
struct SubscriptionPlanTests {
    static let planner = PlannerTests.planner

    static func plan(_ query: String, operationName: String? = nil, _ variables: [String: InputValue] = [:]) throws -> SubscriptionPlan {
        try planner.planSubscription(query: query, operationName: operationName, inputs: variables)
    }

    /// What a golden file holds for one plan: what it follows, its SQL and its parameters after the images.
    static func render(_ plan: SubscriptionPlan) -> String {
        let parameters = plan.delivery.parameters.isEmpty ? "none" : plan.delivery.parameters.map { $0.map { "'\($0)'" } ?? "NULL" }.joined(separator: ", ")
        return """
            -- \(plan.responseKey): \(plan.fieldName), \(plan.change.rawValue) of \(plan.model) (\(plan.table))
            \(plan.delivery.sql)
            -- parameters after the row images ($1): \(parameters)

            """
    }

    static let operations: [(String, String)] = [
        ("subscription-simple", "subscription { onCreateTeam { id mantra founded size budget active createdAt updatedAt __typename } }"),
        ("subscription-belongs-to", "subscription { onCreateMember { id name role team { id mantra } } }"),
        ("subscription-has-many", "subscription { onUpdateTeam { id members { items { id name } nextToken } } }"),
    ]

    @Test("each subscription's delivery SQL and parameters match the golden file", arguments: operations.map(\.0))
    func golden(name: String) throws {
        let (_, query) = try #require(Self.operations.first { $0.0 == name })
        let plan = try Self.plan(query)
        if let difference = Golden.check(Self.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("the statement reads the row images from $1, returns position, filterable fields and selection, in order")
    func statementShape() throws {
        let plan = try Self.plan("subscription { onCreateTeam { id } }")
        let sql = plan.delivery.sql
        #expect(sql.contains(#"FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS "t1"("image", "position"), jsonb_populate_record(NULL::"Team", "t1"."image") AS "t0""#))
        #expect(sql.hasPrefix("SELECT \"t1\".\"position\", CASE WHEN $2::boolean THEN to_json("))
        #expect(sql.hasSuffix(" ORDER BY \"t1\".\"position\""))
        #expect(plan.delivery.parameters.isEmpty)
        #expect(plan.delivery.parameters(images: "[]") == ["[]", "true"])
        #expect(plan.delivery.parameters(images: "[]", readsFields: false) == ["[]", "false"])
        // The filterable fields are every stored scalar and enum field: what a filter can name.
        for field in ["id", "mantra", "founded", "size", "budget", "active", "createdAt", "updatedAt"] {
            #expect(sql.contains("'\(field)'") || sql.contains("AS \"\(field)\""), "\(field)")
        }
    }

    @Test("the parameters after the images are the selection's own arguments")
    func selectionArguments() throws {
        let plan = try Self.plan("subscription { onCreateTeam { members(limit: 7) { items { id } nextToken } } }")
        #expect(plan.delivery.parameters.first == "7")
        #expect(plan.delivery.parameters(images: "[{}]").first == "[{}]")
        #expect(plan.delivery.parameters(images: "[{}]").dropFirst(2) == plan.delivery.parameters[...])
    }

    @Test("the plan names the field, the model, its table and the change it follows")
    func whatItFollows() throws {
        for (field, change) in [("onCreateTeam", ChangeKind.create), ("onUpdateTeam", .update), ("onDeleteTeam", .delete)] {
            let plan = try Self.plan("subscription { \(field) { id } }")
            #expect(plan.fieldName == field)
            #expect(plan.responseKey == field)
            #expect(plan.model == "Team")
            #expect(plan.change == change)
            #expect("\(plan.table)" == #"TableName(schema: nil, name: "Team")"#)
            #expect(plan.filter == nil)
            #expect(plan.operationName == nil)
        }
        let member = try Self.plan("subscription { onDeleteMember { id } }")
        #expect(member.model == "Member")
        #expect(member.change == .delete)
        #expect("\(member.table)" == #"TableName(schema: nil, name: "Member")"#)
    }

    @Test("the same selection under other subscriptions of one model plans the same statement, whatever the filter")
    func sharedStatement() throws {
        let created = try Self.plan(#"subscription { onCreateTeam(filter: {size: {gt: 1}}) { id mantra } }"#)
        let updated = try Self.plan(#"subscription { x: onUpdateTeam { id mantra } }"#)
        #expect(created.delivery == updated.delivery)
        let other = try Self.plan(#"subscription { onUpdateTeam { id } }"#)
        #expect(other.delivery != created.delivery)
    }

    @Test("an alias is the response key; fragments and __typename are read as in queries")
    func aliasesAndFragments() throws {
        let plan = try Self.plan("subscription { created: onCreateTeam { teamId: id ...F } } fragment F on Team { mantra __typename }")
        #expect(plan.responseKey == "created")
        #expect(plan.fieldName == "onCreateTeam")
        #expect(plan.delivery.sql.contains("AS \"teamId\""))
        #expect(plan.delivery.sql.contains("AS \"mantra\""))
        let inline = try Self.plan("subscription { ... on Subscription { onCreateTeam { id } } }")
        #expect(inline.fieldName == "onCreateTeam")
    }

    @Test("the operation name: as given, else as written in the document")
    func operationName() throws {
        #expect(try Self.plan("subscription OnTeams { onCreateTeam { id } }").operationName == "OnTeams")
        #expect(try Self.plan("subscription { onCreateTeam { id } }").operationName == nil)
        let two = "subscription A { onCreateTeam { id } } subscription B { onDeleteMember { id } }"
        let chosen = try Self.plan(two, operationName: "B")
        #expect(chosen.operationName == "B")
        #expect(chosen.fieldName == "onDeleteMember")
        #expect(chosen.change == .delete)
        #expect(try Self.plan(two, operationName: "A").fieldName == "onCreateTeam")
        #expect(Self.errors(two).first?.code == .validation)
        #expect(Self.errors(two, operationName: "C").first?.message == "Unknown operation named 'C'.")
    }

    /// A filter tree with enum values and variables resolved.
    static let expectedFilter: SubscriptionFilter = .all([
        .compare(field: "mantra", .beginsWith, .string("B")),
        .any([.compare(field: "size", .between, .list([.int(1), .int(5)])), .compare(field: "active", .eq, .boolean(true))]),
    ])

    @Test("a filter given inline")
    func inlineFilter() throws {
        let plan = try Self.plan(#"subscription { onCreateTeam(filter: {mantra: {beginsWith: "B"}, or: [{size: {between: [1, 5]}}, {active: {eq: true}}]}) { id } }"#)
        #expect(plan.filter == Self.expectedFilter)
        #expect(plan.filter?.fields == ["mantra", "size", "active"])
        let single = try Self.plan(#"subscription { onCreateMember(filter: {role: {eq: "LEAD"}}) { id } }"#)
        #expect(single.filter == .compare(field: "role", .eq, .string("LEAD")))
        let null = try Self.plan("subscription { onCreateTeam(filter: null) { id } }")
        #expect(null.filter == nil)
    }

    @Test("a required text value lists the subscription; what the filter checks beyond it is its residual")
    func requiredValueAndResidual() throws {
        let only = try Self.plan(#"subscription { onCreateMember(filter: {teamId: {eq: "t1"}}) { id } }"#)
        #expect(only.requiredColumnValues?.column == "teamId" && only.requiredColumnValues?.values == ["t1"])
        #expect(only.residualFilter == nil)
        let more = try Self.plan(#"subscription { onCreateMember(filter: {teamId: {eq: "t1"}, name: {beginsWith: "A"}}) { id } }"#)
        #expect(more.requiredColumnValues?.values == ["t1"])
        #expect(more.residualFilter == .compare(field: "name", .beginsWith, .string("A")))
        // Under `and`, the first required equality is listed; a second one stays in the residual.
        let two = try Self.plan(#"subscription { onCreateMember(filter: {and: [{teamId: {eq: "t1"}}, {name: {eq: "Ann"}}]}) { id } }"#)
        #expect(two.requiredColumnValues?.values == ["t1"])
        #expect(two.residualFilter == .compare(field: "name", .eq, .string("Ann")))
        // An `or` requires nothing: no listing, and the whole filter is checked.
        let either = try Self.plan(#"subscription { onCreateMember(filter: {or: [{teamId: {eq: "t1"}}, {name: {eq: "Ann"}}]}) { id } }"#)
        #expect(either.requiredColumnValues == nil)
        #expect(either.residualFilter == either.filter)
        // Enums and numbers are not listed.
        let role = try Self.plan(#"subscription { onCreateMember(filter: {role: {eq: "LEAD"}}) { id } }"#)
        #expect(role.requiredColumnValues == nil)
        #expect(role.residualFilter == role.filter)
        // An `in` of texts lists the subscription under each of them, after any equality.
        let within = try Self.plan(#"subscription { onCreateMember(filter: {teamId: {in: ["t1", "t2"]}, name: {eq: "Ann"}}) { id } }"#)
        #expect(within.requiredColumnValues?.column == "name" && within.requiredColumnValues?.values == ["Ann"])
        let anyOf = try Self.plan(#"subscription { onCreateMember(filter: {teamId: {in: ["t1", "t2"]}}) { id } }"#)
        #expect(anyOf.requiredColumnValues?.values == ["t1", "t2"] && anyOf.residualFilter == nil)
    }

    @Test("removingRequired drops exactly one matching equality, however deep in `and`, and nothing under `or`")
    func removingRequired() {
        let filter = SubscriptionFilter.all([
            .compare(field: "a", .eq, .string("x")), .all([.compare(field: "a", .eq, .string("x")), .compare(field: "b", .gt, .int(1))]),
            .any([.compare(field: "a", .eq, .string("x"))]),
        ])
        #expect(
            filter.removingRequired(field: "a", values: ["x"])
                == .all([.all([.compare(field: "a", .eq, .string("x")), .compare(field: "b", .gt, .int(1))]), .any([.compare(field: "a", .eq, .string("x"))])]))
        #expect(SubscriptionFilter.compare(field: "a", .eq, .string("x")).removingRequired(field: "a", values: ["x"]) == nil)
        #expect(SubscriptionFilter.compare(field: "a", .eq, .string("y")).removingRequired(field: "a", values: ["x"]) == .compare(field: "a", .eq, .string("y")))
    }

    @Test("a filter given by a variable, whole or in parts; an absent or null variable is no filter")
    func variableFilter() throws {
        let query = "subscription($f: ModelSubscriptionTeamFilterInput) { onCreateTeam(filter: $f) { id } }"
        let filter: InputValue = ["mantra": ["beginsWith": "B"], "or": [["size": ["between": [1, 5]]], ["active": ["eq": true]]]]
        #expect(try Self.plan(query, ["f": filter]).filter == Self.expectedFilter)
        #expect(try Self.plan(query).filter == nil)
        #expect(try Self.plan(query, ["f": nil]).filter == nil)
        let parts =
            "subscription($p: String, $low: Int!, $on: Boolean) { onCreateTeam(filter: {mantra: {beginsWith: $p}, or: [{size: {between: [$low, 5]}}, {active: {eq: $on}}]}) { id } }"
        #expect(try Self.plan(parts, ["p": "B", "low": 1, "on": true]).filter == Self.expectedFilter)
        let defaulted = "subscription($f: ModelSubscriptionTeamFilterInput = {size: {gt: 2}}) { onCreateTeam(filter: $f) { id } }"
        #expect(try Self.plan(defaulted).filter == .compare(field: "size", .gt, .int(2)))
    }

    @Test("a bad filter in a variable is refused: an undefined input field in AppSync's words for the request, a bad operand at the field")
    func badVariableFilter() {
        let query = "subscription($f: ModelSubscriptionTeamFilterInput) { onCreateTeam(filter: $f) { id } }"
        let unknown = Self.errors(query, ["f": ["mantra": ["like": "x"]]])
        #expect(unknown.first?.code == .validation)
        #expect(unknown.first?.message == "The variables input contains a field name 'like' that is not defined for input object type 'ModelSubscriptionStringInput' ")
        // DataStore's selective sync with `not` sends it; it recognises exactly these words and subscribes without the filter.
        let not = Self.errors(query, ["f": ["not": ["mantra": ["eq": "x"]]]])
        #expect(not.first?.message == "The variables input contains a field name 'not' that is not defined for input object type 'ModelSubscriptionTeamFilterInput' ")
        #expect(not.first?.locations.first?.0 == 1)
        let between = Self.errors(query, ["f": ["size": ["between": [1]]]])
        #expect(between.first?.code == .invalidArguments)
        #expect(between.first?.message == "Argument size.between expects exactly 2 elements.")
        let inline = Self.errors("subscription { t: onCreateTeam(filter: {size: {between: [1, 2, 3]}}) { id } }")
        #expect(inline.first?.code == .invalidArguments)
        #expect(inline.first?.path == ["t"])
        #expect(inline.first?.locations.first.map { [$0.line, $0.column] } == [1, 16])
    }

    /// A filter in a variable is not checked against `ModelSubscriptionTeamFilterInput` by GraphQL validation, so
    /// the planner must refuse what the input type has no field for, as the list filter does for its own.
    @Test("a variable filter naming a field the filter input does not have is refused")
    func unknownFieldInVariableFilter() {
        let query = "subscription($f: ModelSubscriptionTeamFilterInput) { onCreateTeam(filter: $f) { id } }"
        for filter: InputValue in [["nope": ["eq": "x"]], ["members": ["eq": "x"]], ["or": [["nope": ["ne": 1]]]]] {
            let errors = Self.errors(query, ["f": filter])
            #expect(!errors.isEmpty, "\(filter)")
        }
    }

    /// The errors planning `query` throws; empty when it plans.
    static func errors(_ query: String, operationName: String? = nil, _ variables: [String: InputValue] = [:], planner: OperationPlanner = planner) -> [PlanError] {
        do {
            _ = try planner.planSubscription(query: query, operationName: operationName, inputs: variables)
            return []
        } catch {
            return error.errors
        }
    }

    @Test(
        "a query or a mutation is not a subscription",
        arguments: [#"query { getTeam(id: "1") { id } }"#, #"{ getTeam(id: "1") { id } }"#, #"mutation { deleteTeam(input: {id: "1"}) { id } }"#])
    func notASubscription(query: String) {
        let errors = Self.errors(query)
        #expect(errors.count == 1)
        #expect(errors.first?.code == .unsupported)
    }

    @Test(
        "a subscription selects exactly one root field",
        arguments: [
            "subscription { a: onCreateTeam { id } b: onCreateTeam { id } }",
            "subscription { onCreateTeam { id } onDeleteTeam { id } }",
            "subscription { ...F } fragment F on Subscription { onCreateTeam { id } onDeleteTeam { id } }",
            "subscription { onCreateTeam { id } ... on Subscription { onUpdateTeam { id } } }",
            "subscription { __typename onCreateTeam { id } }",
            "subscription { onCreateTeam @skip(if: true) { id } }",
        ])
    func oneRootField(query: String) {
        let errors = Self.errors(query)
        #expect(!errors.isEmpty)
        #expect(errors.first?.code == .validation)
    }

    @Test("a repeated field with the same response key is one root field")
    func mergedRootField() throws {
        let plan = try Self.plan("subscription { onCreateTeam { id } onCreateTeam { mantra } }")
        #expect(plan.delivery.sql.contains("AS \"id\"") && plan.delivery.sql.contains("AS \"mantra\""))
    }

    @Test("unknown fields and arguments are validation errors")
    func unknownField() {
        for query in [
            "subscription { onCreateNope { id } }", "subscription { onCreateTeam { nope } }", "subscription { onCreateTeam(nope: 1) { id } }",
            #"subscription { onCreateTeam(filter: {nope: {eq: "x"}}) { id } }"#, #"subscription { onCreateTeam(filter: {mantra: {like: "x"}}) { id } }"#,
            "subscription { onCreateTeam(filter: {active: {gt: true}}) { id } }", "subscription { onCreateTeam }", "subscription { listTeams { items { id } } }",
        ] {
            let errors = Self.errors(query)
            #expect(errors.first?.code == .validation, "\(query)")
        }
        #expect(Self.errors("subscription { onCreateNope { id } }").first?.message.contains("FieldUndefined") == true)
    }

    /// Models whose subscriptions `@model(subscriptions:)` turned off or renamed, beside one that keeps its own.
    static let configured: OperationPlanner = {
        let source = """
            type Quiet @model(subscriptions: {level: off}) @auth(rules: [{ allow: public }]) {
              id: ID!
              text: String
            }
            type Named @model(subscriptions: {onCreate: ["namedCreated"]}) @auth(rules: [{ allow: public }]) {
              id: ID!
              text: String
            }
            type Loud @model @auth(rules: [{ allow: public }]) {
              id: ID!
              text: String
            }
            """
        let schema = try! SchemaParser.parseOrThrow(source: source)
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema)))
    }()

    @Test("a subscription that @model(subscriptions:) turns off does not exist; a renamed one exists under its name")
    func disabledSubscriptions() throws {
        for field in ["onCreateQuiet", "onUpdateQuiet", "onDeleteQuiet", "onCreateNamed"] {
            let errors = Self.errors("subscription { \(field) { id } }", planner: Self.configured)
            #expect(errors.first?.code == .validation, "\(field)")
        }
        let renamed = try Self.configured.planSubscription(query: "subscription { namedCreated { id text } }", operationName: nil, inputs: [:])
        #expect(renamed.fieldName == "namedCreated")
        #expect(renamed.model == "Named")
        #expect(renamed.change == .create)
        let kept = try Self.configured.planSubscription(query: "subscription { onUpdateLoud { id } }", operationName: nil, inputs: [:])
        #expect(kept.model == "Loud")
        #expect(kept.change == .update)
    }

    @Test("a model whose @auth does not allow listening refuses its subscriptions")
    func unauthorized() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("restricted"))
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)))
        let errors = Self.errors("subscription { s: onCreateSecret { id } }", planner: planner)
        #expect(errors.first?.code == .unauthorized)
        #expect(errors.first?.path == ["s"])
        #expect(try planner.planSubscription(query: "subscription { onCreateNote { id } }", operationName: nil, inputs: [:]).model == "Note")
    }

    @Test("a missing required variable is a request error")
    func missingVariable() {
        let errors = Self.errors("subscription($f: ModelSubscriptionTeamFilterInput!) { onCreateTeam(filter: $f) { id } }")
        #expect(errors.first?.message == "Variable 'f' has coerced Null value for NonNull type 'ModelSubscriptionTeamFilterInput!'")
    }
}
