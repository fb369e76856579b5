import APISchema
import Execution
import Foundation
import Planner
import Postgres
import Realtime
import Testing

/// Nested creates and batch writes over HTTP against PostgreSQL: a tree in one mutation, join records made
/// by the server, and all or nothing when any part fails.
@Suite("Nested and batch writes")
struct NestedWriteTests {
    /// The number of rows of `table`.
    static func count(_ server: LiveServer, _ table: String) async throws -> Int {
        Int(try await server.client.query("SELECT count(*) FROM \"\(table)\"").scalar ?? "") ?? -1
    }

    /// The `errorType`s of a response.
    static func errorTypes(_ response: [String: Any]) -> [String] {
        (response["errors"] as? [[String: Any]] ?? []).compactMap { $0["errorType"] as? String }
    }

    @Test("a three-level tree is one mutation, and the read-back sees all of it")
    func threeLevelTree() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        let response = try await server.graphQL(
            """
            mutation { createTreeNode(input: {label: "root", children: {create: [
              {label: "a", children: {create: [{label: "a1"}, {label: "a2"}]}},
              {label: "b"}]}}) {
                label children { items { label children { items { label parent { label } } } } } } }
            """)
        #expect(response["errors"] == nil, "\(response)")
        let children = try #require(value(response, "data", "createTreeNode", "children", "items") as? [[String: Any]])
        #expect(Set(children.compactMap { $0["label"] as? String }) == ["a", "b"])
        let a = try #require(children.first { $0["label"] as? String == "a" })
        let grandchildren = try #require(value(a, "children", "items") as? [[String: Any]])
        #expect(Set(grandchildren.compactMap { $0["label"] as? String }) == ["a1", "a2"])
        #expect(grandchildren.allSatisfy { value($0, "parent", "label") as? String == "a" })
        #expect(try await Self.count(server, "TreeNode") == 5)
    }

    @Test("belongsTo create and connect, hasMany connect, and manyToMany creates and connects with join records")
    func relationships() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        let order = try await server.graphQL(#"mutation { createOrder(input: {summary: "o", customer: {create: {name: "ann"}}}) { id customer { name } } }"#)
        #expect(value(order, "data", "createOrder", "customer", "name") as? String == "ann", "\(order)")
        let loose = try #require(value(try await server.graphQL(#"mutation { createOrder(input: {summary: "loose"}) { id } }"#), "data", "createOrder", "id") as? String)
        let customer = try await server.graphQL(
            "mutation { createCustomer(input: {name: \"bo\", orders: {connect: [{id: \"\(loose)\"}], create: [{summary: \"new\"}]}}) { id orders { items { summary } } } }")
        let summaries = (value(customer, "data", "createCustomer", "orders", "items") as? [[String: Any]] ?? []).compactMap { $0["summary"] as? String }
        #expect(Set(summaries) == ["loose", "new"], "\(customer)")
        let teacher = try #require(value(try await server.graphQL(#"mutation { createTeacher(input: {name: "t1"}) { id } }"#), "data", "createTeacher", "id") as? String)
        let student = try await server.graphQL(
            "mutation { createStudent(input: {name: \"s\", teachers: {create: [{name: \"t2\"}], connect: [{id: \"\(teacher)\"}]}}) { teachers { items { teacher { name } } } } }")
        let teachers = (value(student, "data", "createStudent", "teachers", "items") as? [[String: Any]] ?? []).compactMap { value($0, "teacher", "name") as? String }
        #expect(Set(teachers) == ["t1", "t2"], "\(student)")
        #expect(try await Self.count(server, "StudentTeacher") == 2)
    }

    @Test("a connect to a missing key fails with ReferenceNotFound and writes nothing")
    func missingConnect() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        for mutation in [
            #"mutation { createCustomer(input: {name: "x", orders: {create: [{summary: "s"}], connect: [{id: "nope"}]}}) { id } }"#,
            #"mutation { createStudent(input: {name: "x", teachers: {create: [{name: "t"}], connect: [{id: "nope"}]}}) { id } }"#,
            #"mutation { createOrder(input: {summary: "s", customer: {connect: {id: "nope"}}}) { id } }"#,
        ] {
            let response = try await server.graphQL(mutation)
            #expect(Self.errorTypes(response) == ["ReferenceNotFound"], "\(response)")
        }
        for table in ["Customer", "Order", "Student", "Teacher", "StudentTeacher"] {
            #expect(try await Self.count(server, table) == 0, "\(table)")
        }
    }

    @Test("inside @transaction a connect to a missing key rolls back the fields before it too")
    func missingConnectInTransaction() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        let response = try await server.graphQL(
            #"""
            mutation @transaction {
              first: createCustomer(input: {name: "kept?"}) { id }
              second: createCustomer(input: {name: "x", orders: {create: [{summary: "s"}], connect: [{id: "nope"}]}}) { id }
            }
            """#)
        #expect(Self.errorTypes(response) == ["TransactionRolledBack", "ReferenceNotFound"], "\(response)")
        for table in ["Customer", "Order"] {
            #expect(try await Self.count(server, table) == 0, "\(table)")
        }
    }

    @Test("limits answer LimitExceeded and write nothing")
    func limits() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style", writeLimits: WriteLimits(maximumNesting: 1, maximumRecords: 3, maximumBatch: 2))
        defer { server.stop() }
        let deep = try await server.graphQL(#"mutation { createTreeNode(input: {label: "a", children: {create: [{label: "b", children: {create: [{label: "c"}]}}]}}) { id } }"#)
        #expect(Self.errorTypes(deep) == ["LimitExceeded"], "\(deep)")
        let wide = try await server.graphQL(#"mutation { createCustomer(input: {name: "a", orders: {create: [{summary: "1"}, {summary: "2"}, {summary: "3"}]}}) { id } }"#)
        #expect(Self.errorTypes(wide) == ["LimitExceeded"], "\(wide)")
        let batch = try await server.graphQL(#"mutation { batchCreateCustomer(input: [{name: "a"}, {name: "b"}, {name: "c"}]) { id } }"#)
        #expect(Self.errorTypes(batch) == ["LimitExceeded"], "\(batch)")
        #expect(try await Self.count(server, "TreeNode") == 0)
        #expect(try await Self.count(server, "Customer") == 0)
    }

    @Test("batches are all or nothing, in input order: a duplicate key or a missing record writes nothing")
    func batches() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let created = try await server.graphQL(#"mutation { batchCreateTeam(input: [{id: "t1", mantra: "a"}, {id: "t2", mantra: "b"}, {id: "t3", mantra: "c"}]) { id mantra } }"#)
        #expect((value(created, "data", "batchCreateTeam") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["t1", "t2", "t3"], "\(created)")
        let duplicate = try await server.graphQL(#"mutation { batchCreateTeam(input: [{id: "t4", mantra: "d"}, {id: "t4", mantra: "e"}]) { id } }"#)
        #expect(Self.errorTypes(duplicate) == ["DynamoDB:ConditionalCheckFailedException"], "\(duplicate)")
        let existing = try await server.graphQL(#"mutation { batchCreateTeam(input: [{id: "t5", mantra: "d"}, {id: "t1", mantra: "e"}]) { id } }"#)
        #expect(Self.errorTypes(existing) == ["DynamoDB:ConditionalCheckFailedException"], "\(existing)")
        #expect(try await Self.count(server, "Team") == 3)
        let updated = try await server.graphQL(#"mutation { batchUpdateTeam(input: [{id: "t3", mantra: "C"}, {id: "t1", mantra: "A"}]) { id mantra members { items { id } } } }"#)
        #expect((value(updated, "data", "batchUpdateTeam") as? [[String: Any]])?.compactMap { $0["mantra"] as? String } == ["C", "A"], "\(updated)")
        for failing in [
            #"mutation { batchUpdateTeam(input: [{id: "t1", mantra: "X"}, {id: "t1", mantra: "Y"}]) { id } }"#,
            #"mutation { batchUpdateTeam(input: [{id: "t2", mantra: "X"}, {id: "gone", mantra: "Y"}]) { id } }"#,
            #"mutation { batchDeleteTeam(input: [{id: "t2"}, {id: "gone"}]) { id } }"#,
            #"mutation { batchDeleteTeam(input: [{id: "t2"}, {id: "t2"}]) { id } }"#,
        ] {
            let response = try await server.graphQL(failing)
            #expect(Self.errorTypes(response) == ["DynamoDB:ConditionalCheckFailedException"], "\(failing): \(response)")
        }
        let mantras = try await server.client.query(#"SELECT string_agg("mantra", ',' ORDER BY "id") FROM "Team""#).scalar
        #expect(mantras == "A,b,C")
        let deleted = try await server.graphQL(#"mutation { batchDeleteTeam(input: [{id: "t2"}, {id: "t1"}]) { id mantra } }"#)
        #expect((value(deleted, "data", "batchDeleteTeam") as? [[String: Any]])?.compactMap { $0["mantra"] as? String } == ["b", "A"], "\(deleted)")
        #expect(try await Self.count(server, "Team") == 1)
    }

    @Test("a nested child the caller's rules refuse rolls the whole tree back; so does connecting someone else's record")
    func guardedChildDenied() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let alice = OwnerRuleTests.user("alice"), bob = OwnerRuleTests.user("bob")
        let own = await h.run(
            #"mutation { createNote(input: {id: "n1", title: "t", comments: {create: [{id: "r1", body: "mine"}]}}) { id comments { items { body author } } } }"#, as: alice)
        #expect(own.errors.isEmpty, "\(own.errors)")
        let denied = await h.run(
            #"mutation { createNote(input: {id: "n2", title: "t", comments: {create: [{id: "r2", body: "ok"}, {id: "r3", body: "forged", author: "sub-bob::bob"}]}}) { id } }"#,
            as: alice)
        #expect(denied.errors.map(\.errorType) == ["Unauthorized"], "\(denied.errors)")
        let stolen = await h.run(#"mutation { createNote(input: {id: "n3", title: "t", comments: {connect: [{id: "r1"}]}}) { id } }"#, as: bob)
        #expect(stolen.errors.map(\.errorType) == ["Unauthorized"], "\(stolen.errors)")
        #expect(try await h.server.client.query(#"SELECT string_agg("id", ',' ORDER BY "id") FROM "Note""#).scalar == "n1")
        #expect(try await h.server.client.query(#"SELECT string_agg("id" || ':' || coalesce("noteId", '-'), ',' ORDER BY "id") FROM "Remark""#).scalar == "r1:n1")
    }

    @Test("a subscriber to onCreate of the child model receives the nested records")
    func subscriptionEvents() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        let socket = try await RealtimeDeliveryTests.connect(server)
        defer { socket.close() }
        try await RealtimeDeliveryTests.subscribe(socket, "members", "subscription { onCreateMember { name team { mantra } } }")
        try await server.seed(#"mutation { createTeam(input: {mantra: "crew", members: {create: [{name: "ann"}, {name: "bob"}]}}) { id } }"#)
        var names: Set<String> = []
        for _ in 0..<2 {
            let event = try await RealtimeDeliveryTests.event(socket, "members")
            #expect(value(event, "onCreateMember", "team", "mantra") as? String == "crew")
            if let name = value(event, "onCreateMember", "name") as? String { names.insert(name) }
        }
        #expect(names == ["ann", "bob"])
    }

    @Test("under --appsync the nested keys and batch fields do not exist")
    func appSyncRefuses() async throws {
        let server = try await LiveServer.start(schema: "schema", surface: .appSync)
        defer { server.stop() }
        let nested = try await server.graphQL(
            "mutation($input: CreateTeamInput!) { createTeam(input: $input) { id } }", variables: ["input": ["mantra": "m", "members": ["create": [["name": "a"]]]]])
        let message = (response: nested, text: (nested["errors"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message.text == "The variables input contains a field name 'members' that is not defined for input object type 'CreateTeamInput' ", "\(nested)")
        let batch = try await server.graphQL(#"mutation { batchCreateTeam(input: [{mantra: "a"}]) { id } }"#)
        #expect(((batch["errors"] as? [[String: Any]])?.first?["message"] as? String)?.contains("FieldUndefined") == true, "\(batch)")
        #expect(try await Self.count(server, "Team") == 0)
    }
}
