import APISchema
import Planner
import SchemaParser
import TestSupport
import Testing

/// Nested and batch writes: their planned SQL (one statement of CTEs, the counts it must report, the
/// read-back), the limits checked before any SQL is built, and AppSync's API refusing their keys.
@Suite("Planned SQL: nested and batch writes")
struct NestedWritePlanTests {
    /// The planner of fixture `name` on `surface`, with `limits`.
    static func planner(_ name: String, surface: APISurface = .extended, limits: WriteLimits = WriteLimits()) -> OperationPlanner {
        // Fixtures are part of the repository; failing to read one is a broken checkout.
        let schema = try! SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name))
        var view = APISchemaView(api: try! APISchema.build(from: schema, surface: surface))
        view.writeLimits = limits
        return OperationPlanner(view: view)
    }

    /// The rendering of the planner goldens, with each expected count.
    static func render(_ operation: PlannedOperation) -> String {
        var text = PlannerTests.render(operation)
        for case .statement(let statement, _) in operation.fields.map(\.plan) {
            for expected in statement.expectedCounts {
                text += "-- expected count: column \(expected.column) = \(expected.count), else \(expected.failure)\n"
            }
        }
        return text
    }

    static let operations: [(name: String, fixture: String, query: String, variables: [String: InputValue])] = [
        (
            "nested-create", "schema",
            #"mutation($m: [CreateTeamMembersItemInput!]) { createTeam(input: {mantra: "Go", members: {create: $m, connect: [{id: "m9"}]}}) { id members { items { name } } } }"#,
            ["m": [["name": "A", "role": "LEAD"], ["name": "B", "role": "MEMBER"]]]
        ),
        (
            "nested-create-belongs-to", "schema",
            #"mutation { a: createMember(input: {name: "A", team: {create: {mantra: "M", members: {create: [{name: "B"}]}}}}) { id } b: createMember(input: {name: "C", team: {connect: {id: "t1"}}}) { id } }"#,
            [:]
        ),
        (
            "nested-create-many-to-many", "objectbox-style",
            #"mutation { createStudent(input: {name: "S", teachers: {create: [{name: "T"}], connect: [{id: "t2"}]}}) { id teachers { items { teacher { name } } } } }"#,
            [:]
        ),
        (
            "nested-create-readback", "schema",
            #"mutation($m: [CreateTeamMembersItemInput!]) { createTeam(input: {mantra: "Go", members: {create: $m}}) { id mantra members { items { id name } } membersCount } }"#,
            ["m": [["name": "A", "role": "LEAD"], ["name": "B", "role": "MEMBER"]]]
        ),
        (
            "nested-create-readback-union", "objectbox-style",
            #"mutation { createTreeNode(input: {label: "r", children: {create: [{label: "a", children: {create: [{label: "a1"}, {label: "a2"}]}}, {label: "b"}]}}) { label children { items { label children { items { label } } } } } }"#,
            [:]
        ),
        (
            "nested-create-condition", "schema",
            #"mutation { createTeam(input: {mantra: "Go", members: {create: [{name: "A"}]}}, condition: {mantra: {attributeExists: false}}) { id } }"#,
            [:]
        ),
        (
            "batch-create", "schema",
            #"mutation($input: [CreateTeamInput!]!) { batchCreateTeam(input: $input) { id mantra } }"#,
            ["input": [["mantra": "a"], ["mantra": "b"]]]
        ),
        (
            "batch-create-readback", "schema",
            #"mutation { batchCreateTeam(input: [{mantra: "a", members: {create: [{name: "x"}]}}, {mantra: "b"}]) { id members { items { name } } } }"#,
            [:]
        ),
        (
            "nested-update-set", "schema",
            #"mutation($keys: [ModelMemberKeyInput!]) { updateTeam(input: {id: "t1", mantra: "x", members: {set: $keys}}) { id members { items { id } } } }"#,
            ["keys": [["id": "m1"], ["id": "m2"]]]
        ),
        (
            "nested-update-connect-disconnect", "schema",
            #"mutation { updateTeam(input: {id: "t1", members: {create: [{name: "n"}], connect: [{id: "m1"}], disconnect: [{id: "m2"}], delete: [{id: "m3"}]}}, condition: {size: {gt: 1}}) { id } }"#,
            [:]
        ),
        (
            "nested-update-belongs-to", "schema",
            #"mutation($off: Boolean) { a: updateMember(input: {id: "m1", team: {connect: {id: "t2"}}}) { id } b: updateMember(input: {id: "m2", team: {disconnect: $off}}) { id } c: updateMember(input: {id: "m3", team: {create: {mantra: "new"}}}) { id } }"#,
            ["off": true]
        ),
        (
            "nested-update-has-one", "customer-cart",
            #"mutation { updateCustomer(input: {id: "c1", activeCart: {connect: {id: "k2"}, disconnect: true}}) { id activeCart { id } } }"#,
            [:]
        ),
        (
            "nested-update-many-to-many", "objectbox-style",
            #"mutation { a: updateStudent(input: {id: "s1", teachers: {create: [{name: "T"}], set: [{id: "t1"}]}}) { id } b: updateStudent(input: {id: "s2", teachers: {connect: [{id: "t2"}], disconnect: [{id: "t3"}], delete: [{id: "t4"}]}}) { id } }"#,
            [:]
        ),
        ("batch-update", "schema", #"mutation { batchUpdateTeam(input: [{id: "t1", mantra: "x"}, {id: "t2", size: 3}]) { id mantra size } }"#, [:]),
        ("batch-delete", "schema", #"mutation { batchDeleteTeam(input: [{id: "t1"}, {id: "t2"}]) { id mantra } }"#, [:]),
        ("batch-delete-references", "author-editor", #"mutation { batchDeletePerson(input: [{id: "a"}, {id: "b"}]) { id } }"#, [:]),
    ]

    @Test("each nested or batch write plans as its golden file", arguments: operations.map(\.name))
    func golden(name: String) throws {
        let operation = try #require(Self.operations.first { $0.name == name })
        let plan = try Self.planner(operation.fixture).plan(query: operation.query, operationName: nil, inputs: operation.variables)
        for case .failure(let error) in plan.fields.map(\.plan) { Issue.record("\(error)") }
        if let difference = Golden.check(Self.render(plan), named: "\(name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("the one-statement read-back of a nested create compiles the caller's rules as the read-back does")
    func readBackUnderOwnerRules() throws {
        let query = #"mutation { createNote(input: {title: "n", comments: {create: [{body: "b"}]}}) { id title comments { items { body author } } } }"#
        let plan = try Self.planner("owners").plan(query: query, operationName: nil, inputs: [:], caller: SortAndCountTests.alice)
        for case .failure(let error) in plan.fields.map(\.plan) { Issue.record("\(error)") }
        if let difference = Golden.check(Self.render(plan), named: "nested-create-readback-owner.sql") { Issue.record(Comment(rawValue: difference)) }
    }

    /// The error of the only root field of `query`, or nil when it planned.
    static func failure(_ planner: OperationPlanner, _ query: String, _ variables: [String: InputValue] = [:]) throws -> PlanError? {
        let plan = try planner.plan(query: query, operationName: nil, inputs: variables)
        if case .failure(let error) = plan.fields.first?.plan { return error }
        return nil
    }

    /// The error that refuses the whole request (a variable's value its type does not allow), if any.
    static func requestFailure(_ planner: OperationPlanner, _ query: String, _ variables: [String: InputValue] = [:]) -> PlanError? {
        do {
            _ = try planner.plan(query: query, operationName: nil, inputs: variables)
            return nil
        } catch {
            return error.errors.first
        }
    }

    /// AppSync's words for a variable naming a field its input type does not define.
    static func undefinedField(_ name: String, _ type: String) -> String {
        "The variables input contains a field name '\(name)' that is not defined for input object type '\(type)' "
    }

    @Test("on AppSync's API a relation key sent in variables gets the error of any unknown input field")
    func appSyncRefusesNestedKeys() throws {
        let query = "mutation($input: CreateTeamInput!) { createTeam(input: $input) { id } }"
        let input: InputValue = ["mantra": "Go", "members": ["create": [["name": "A"]]]]
        let refused = Self.requestFailure(Self.planner("schema", surface: .appSync), query, ["input": input])
        #expect(refused?.message == Self.undefinedField("members", "CreateTeamInput"))
        #expect(try Self.failure(Self.planner("schema"), query, ["input": input]) == nil)
    }

    @Test("nesting, records per mutation and batch size are limited before SQL is built")
    func limits() throws {
        let planner = Self.planner("objectbox-style", limits: WriteLimits(maximumNesting: 2, maximumRecords: 4, maximumBatch: 2))
        let deep =
            #"mutation { createTreeNode(input: {label: "a", children: {create: [{label: "b", children: {create: [{label: "c", children: {create: [{label: "d"}]}}]}}]}}) { id } }"#
        let tooDeep = try Self.failure(planner, deep)
        #expect(tooDeep?.code == .limitExceeded)
        #expect(tooDeep?.message == "The nested write follows relationships 3 levels deep; the limit is 2 (nested write depth).")
        let wide = #"mutation { createCustomer(input: {name: "a", orders: {create: [{summary: "1"}, {summary: "2"}, {summary: "3"}, {summary: "4"}]}}) { id } }"#
        #expect(try Self.failure(planner, wide)?.message == "The mutation writes 5 records; the limit is 4 (records per mutation).")
        let fits = #"mutation { createCustomer(input: {name: "a", orders: {create: [{summary: "1"}, {summary: "2"}, {summary: "3"}]}}) { id } }"#
        #expect(try Self.failure(planner, fits) == nil)
        let batch = #"mutation { batchCreateCustomer(input: [{name: "a"}, {name: "b"}, {name: "c"}]) { id } }"#
        #expect(try Self.failure(planner, batch)?.message == "The batch has 3 items; the limit is 2 (batch size).")
    }

    @Test("a nested item refuses the reference its parent fills and the field back to the parent, sent in variables")
    func itemRefusesParentFields() throws {
        let planner = Self.planner("schema")
        let query = "mutation($input: CreateTeamInput!) { createTeam(input: $input) { id } }"
        let reference: InputValue = ["mantra": "a", "members": ["create": [["name": "b", "teamId": "x"]]]]
        #expect(Self.requestFailure(planner, query, ["input": reference])?.message == Self.undefinedField("teamId", "CreateTeamMembersItemInput"))
        let back: InputValue = ["mantra": "a", "members": ["create": [["name": "b", "team": ["connect": ["id": "x"]]]]]]
        #expect(Self.requestFailure(planner, query, ["input": back])?.message == Self.undefinedField("team", "CreateTeamMembersItemInput"))
        let both = #"mutation { createMember(input: {name: "b", teamId: "x", team: {connect: {id: "y"}}}) { id } }"#
        #expect(try Self.failure(planner, both)?.message == "Field 'teamId' cannot be given together with 'team', which sets it.")
    }

    @Test("a nested update refuses parts that cannot go together, a required reference set to null, and takes a null relation as no change")
    func updateRefusals() throws {
        let planner = Self.planner("objectbox-style")
        let mixed = #"mutation { updateCustomer(input: {id: "c", orders: {set: [], connect: [{id: "o"}]}}) { id } }"#
        #expect(
            try Self.failure(planner, mixed)?.message == "Give 'set' for 'Customer.orders' alone or with 'create', not with 'connect', 'disconnect' or 'delete'.")
        let both = #"mutation { updateOrder(input: {id: "o", customer: {connect: {id: "c"}, disconnect: true}}) { id } }"#
        #expect(try Self.failure(planner, both)?.message == "Give one of 'create', 'connect' or 'disconnect' for 'Order.customer', not several.")
        let unknown = #"mutation($p: UpdateCustomerOrdersRelationInput) { updateCustomer(input: {id: "c", orders: $p}) { id } }"#
        #expect(Self.requestFailure(planner, unknown, ["p": ["move": []]])?.message == Self.undefinedField("move", "UpdateCustomerOrdersRelationInput"))
        #expect(try Self.failure(planner, #"mutation { updateCustomer(input: {id: "c", name: "n", orders: null}) { id } }"#) == nil)
        #expect(try Self.failure(planner, #"mutation { batchUpdateCustomer(input: [{id: "c", orders: null}]) { id } }"#) == nil)
        let carts = Self.planner("customer-cart")
        let twice = #"mutation { updateCustomer(input: {id: "c", activeCart: {disconnect: true, delete: true}}) { id } }"#
        #expect(try Self.failure(carts, twice)?.message == "Give either 'disconnect' or 'delete' for 'Customer.activeCart', not both.")
        let required = try Self.failure(Self.planner("cascade"), #"mutation { updateForum(input: {id: "f", threads: {set: [{id: "t"}]}}) { id } }"#)
        #expect(required?.code == .badValue)
        #expect(
            required?.message
                == "'set' cannot be used on 'Forum.threads': Thread.forumId is required, so the reference cannot be set to null. Delete the record, or connect it to another one."
        )
    }

    @Test("a nested update does not delete or relink records whose own mutation the schema disables")
    func updateNeedsTheTargetsMutation() throws {
        let source = """
            type Post @model @auth(rules: [{allow: public}]) { id: ID! comments: [Comment] @hasMany(references: ["postId"]) }
            type Comment @model(mutations: {create: "createComment", update: null, delete: null}) @auth(rules: [{allow: public}]) {
              id: ID! postId: ID post: Post @belongsTo(references: ["postId"]) }
            """
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: try SchemaParser.parseOrThrow(source: source), surface: .extended)))
        let delete = #"mutation { updatePost(input: {id: "p", comments: {delete: [{id: "c"}]}}) { id } }"#
        #expect(try Self.failure(planner, delete)?.message == "'delete' cannot be used on 'Post.comments': the API has no delete mutation for Comment.")
        let set = #"mutation { updatePost(input: {id: "p", comments: {set: []}}) { id } }"#
        #expect(try Self.failure(planner, set)?.message == "'set' cannot be used on 'Post.comments': the API has no update mutation for Comment.")
        #expect(try Self.failure(planner, #"mutation { updatePost(input: {id: "p", comments: {create: [{}]}}) { id } }"#) == nil)
    }
}
