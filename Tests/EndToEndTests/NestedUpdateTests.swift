import APISchema
import Execution
import Foundation
import Planner
import Postgres
import Realtime
import Testing

/// Nested updates over HTTP against PostgreSQL: `updateX` connects, disconnects, deletes, replaces (`set`)
/// and creates related records in one statement, all or nothing, and reads back the new tree.
@Suite("Nested updates")
struct NestedUpdateTests {
    /// The `field` values of the objects at `path` of `response`.
    static func strings(_ response: [String: Any], _ field: String, at path: String...) -> Set<String> {
        var node: Any? = response
        for step in path { node = (node as? [String: Any])?[step] }
        return Set((node as? [[String: Any]] ?? []).compactMap { $0[field] as? String })
    }

    /// The single cell of `sql`.
    static func scalar(_ server: LiveServer, _ sql: String) async throws -> String? {
        try await server.client.query(sql).scalar
    }

    @Test("connect, disconnect, delete and create in one update; the read-back is the new tree; a false condition writes nothing")
    func hasManyParts() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(
            #"mutation { createCustomer(input: {id: "c1", name: "ann", orders: {create: [{id: "o1", summary: "one"}, {id: "o2", summary: "two"}]}}) { id } }"#)
        try await server.seed(#"mutation { createOrder(input: {id: "o3", summary: "three"}) { id } }"#)
        let refused = try await server.graphQL(
            #"mutation { updateCustomer(input: {id: "c1", name: "x", orders: {connect: [{id: "o3"}]}}, condition: {name: {eq: "bob"}}) { id } }"#)
        #expect(NestedWriteTests.errorTypes(refused) == ["DynamoDB:ConditionalCheckFailedException"], "\(refused)")
        #expect(try await Self.scalar(server, #"SELECT count(*) FROM "Order" WHERE "customerId" IS NULL"#) == "1")
        let response = try await server.graphQL(
            #"""
            mutation { updateCustomer(input: {id: "c1", name: "ann2", orders: {create: [{summary: "new"}], connect: [{id: "o3"}], disconnect: [{id: "o1"}], delete: [{id: "o2"}]}},
                                      condition: {name: {eq: "ann"}}) {
              name orders { items { summary } } } }
            """#)
        #expect(response["errors"] == nil, "\(response)")
        #expect(value(response, "data", "updateCustomer", "name") as? String == "ann2")
        #expect(Self.strings(response, "summary", at: "data", "updateCustomer", "orders", "items") == ["three", "new"])
        let orders = try await Self.scalar(server, #"SELECT string_agg("summary" || ':' || coalesce("customerId", '-'), ',' ORDER BY "summary") FROM "Order""#)
        #expect(orders == "new:c1,one:-,three:c1")
    }

    @Test("set replaces the children exactly, and set: [] disconnects them all")
    func setReplaces() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        try await server.seed(
            #"mutation { createTeam(input: {id: "t1", mantra: "a", members: {create: [{id: "m1", name: "1"}, {id: "m2", name: "2"}, {id: "m3", name: "3"}]}}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m4", name: "4"}) { id } }"#)
        let response = try await server.graphQL(
            "mutation($keys: [ModelMemberKeyInput!]) { updateTeam(input: {id: \"t1\", members: {set: $keys}}) { members { items { id } } } }",
            variables: ["keys": [["id": "m2"], ["id": "m4"]]])
        #expect(response["errors"] == nil, "\(response)")
        #expect(Self.strings(response, "id", at: "data", "updateTeam", "members", "items") == ["m2", "m4"])
        #expect(try await Self.scalar(server, #"SELECT string_agg("id", ',' ORDER BY "id") FROM "Member" WHERE "teamId" = 't1'"#) == "m2,m4")
        // The same document with other keys of the same count: the cached plan, bound to the new values.
        let again = try await server.graphQL(
            "mutation($keys: [ModelMemberKeyInput!]) { updateTeam(input: {id: \"t1\", members: {set: $keys}}) { members { items { id } } } }",
            variables: ["keys": [["id": "m1"], ["id": "m3"]]])
        #expect(Self.strings(again, "id", at: "data", "updateTeam", "members", "items") == ["m1", "m3"], "\(again)")
        let cleared = try await server.graphQL(#"mutation { updateTeam(input: {id: "t1", members: {set: []}}) { members { items { id } } } }"#)
        #expect(Self.strings(cleared, "id", at: "data", "updateTeam", "members", "items") == [], "\(cleared)")
        #expect(try await Self.scalar(server, #"SELECT count(*) FROM "Member" WHERE "teamId" IS NOT NULL"#) == "0")
        #expect(try await NestedWriteTests.count(server, "Member") == 4)
    }

    @Test("manyToMany: set, connect (already linked: no second join record), disconnect keeps the far record, delete removes it and its join records")
    func manyToMany() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(
            #"mutation { createStudent(input: {id: "s1", name: "s", teachers: {create: [{id: "t1", name: "one"}, {id: "t2", name: "two"}]}}) { id } }"#)
        try await server.seed(#"mutation { createStudent(input: {id: "s2", name: "other", teachers: {connect: [{id: "t2"}]}}) { id } }"#)
        try await server.seed(#"mutation { createTeacher(input: {id: "t3", name: "three"}) { id } }"#)
        let set = try await server.graphQL(#"mutation { updateStudent(input: {id: "s1", teachers: {set: [{id: "t2"}, {id: "t3"}]}}) { teachers { items { teacherId } } } }"#)
        #expect(set["errors"] == nil, "\(set)")
        #expect(Self.strings(set, "teacherId", at: "data", "updateStudent", "teachers", "items") == ["t2", "t3"])
        let again = try await server.graphQL(#"mutation { updateStudent(input: {id: "s1", teachers: {connect: [{id: "t3"}]}}) { id } }"#)
        #expect(again["errors"] == nil, "\(again)")
        #expect(try await Self.scalar(server, #"SELECT string_agg("teacherId", ',' ORDER BY "teacherId") FROM "StudentTeacher" WHERE "studentId" = 's1'"#) == "t2,t3")
        let dropped = try await server.graphQL(
            #"mutation { updateStudent(input: {id: "s1", teachers: {disconnect: [{id: "t3"}], delete: [{id: "t2"}]}}) { teachers { items { teacherId } } } }"#)
        #expect(dropped["errors"] == nil, "\(dropped)")
        #expect(Self.strings(dropped, "teacherId", at: "data", "updateStudent", "teachers", "items") == [])
        #expect(try await Self.scalar(server, #"SELECT string_agg("id", ',' ORDER BY "id") FROM "Teacher""#) == "t1,t3")
        #expect(try await NestedWriteTests.count(server, "StudentTeacher") == 0)
    }

    @Test("belongsTo: disconnect, connect and create set the record's own reference; hasOne: connect with disconnect: true replaces, delete: true deletes")
    func toOne() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(#"mutation { createOrder(input: {id: "o1", summary: "s", customer: {create: {id: "c1", name: "ann"}}}) { id } }"#)
        try await server.seed(#"mutation { createCustomer(input: {id: "c2", name: "bo"}) { id } }"#)
        // `disconnect: $off` chooses the SQL: false and true are planned apart, not one plan for both.
        let toggle = "mutation($off: Boolean) { updateOrder(input: {id: \"o1\", customer: {disconnect: $off}}) { customer { name } } }"
        let kept = try await server.graphQL(toggle, variables: ["off": false])
        #expect(value(kept, "data", "updateOrder", "customer", "name") as? String == "ann", "\(kept)")
        let off = try await server.graphQL(toggle, variables: ["off": true])
        #expect(off["errors"] == nil && value(off, "data", "updateOrder", "customer") is NSNull, "\(off)")
        let on = try await server.graphQL(#"mutation { updateOrder(input: {id: "o1", customer: {connect: {id: "c2"}}}) { customer { name } } }"#)
        #expect(value(on, "data", "updateOrder", "customer", "name") as? String == "bo", "\(on)")
        let made = try await server.graphQL(#"mutation { updateOrder(input: {id: "o1", customer: {create: {name: "cy"}}}) { customer { name } } }"#)
        #expect(value(made, "data", "updateOrder", "customer", "name") as? String == "cy", "\(made)")
        #expect(try await NestedWriteTests.count(server, "Customer") == 3)

        let carts = try await LiveServer.start(schema: "customer-cart")
        defer { carts.stop() }
        try await carts.seed(#"mutation { createCustomer(input: {id: "c1", activeCart: {create: {id: "k1", items: ["a"]}}}) { id } }"#)
        try await carts.seed(#"mutation { createCart(input: {id: "k2", items: ["b"]}) { id } }"#)
        let replaced = try await carts.graphQL(#"mutation { updateCustomer(input: {id: "c1", activeCart: {connect: {id: "k2"}, disconnect: true}}) { activeCart { id } } }"#)
        #expect(value(replaced, "data", "updateCustomer", "activeCart", "id") as? String == "k2", "\(replaced)")
        #expect(try await Self.scalar(carts, #"SELECT string_agg("id" || ':' || coalesce("customerId", '-'), ',' ORDER BY "id") FROM "Cart""#) == "k1:-,k2:c1")
        let deleted = try await carts.graphQL(#"mutation { updateCustomer(input: {id: "c1", activeCart: {delete: true}}) { activeCart { id } } }"#)
        #expect(deleted["errors"] == nil && value(deleted, "data", "updateCustomer", "activeCart") is NSNull, "\(deleted)")
        #expect(try await Self.scalar(carts, #"SELECT string_agg("id", ',') FROM "Cart""#) == "k1")
    }

    @Test("disconnect and set of a required reference are refused before any SQL, with ValidationError")
    func requiredReference() async throws {
        let server = try await LiveServer.start(schema: "bench-blog")
        defer { server.stop() }
        try await server.seed(
            #"mutation { createBlog(input: {id: "b1", name: "blog", posts: {create: [{id: "p1", title: "t", rating: 1, status: DRAFT}]}}) { id } }"#)
        for mutation in [
            #"mutation { updateBlog(input: {id: "b1", name: "x", posts: {disconnect: [{id: "p1"}]}}) { id } }"#,
            #"mutation { updateBlog(input: {id: "b1", name: "x", posts: {set: []}}) { id } }"#,
            #"mutation { updatePost(input: {id: "p1", title: "x", blog: {disconnect: true}}) { id } }"#,
        ] {
            let response = try await server.graphQL(mutation)
            let error = (response["errors"] as? [[String: Any]])?.first
            #expect(error?["errorType"] as? String == "ValidationError", "\(response)")
            #expect((error?["message"] as? String)?.contains("is required, so the reference cannot be set to null") == true, "\(response)")
        }
        #expect(try await Self.scalar(server, #"SELECT "name" || ':' || (SELECT "title" || "blogId" FROM "Post") FROM "Blog""#) == "blog:tb1")
    }

    @Test(
        "a key that is not this parent's child is ReferenceNotFound and writes nothing, for delete, disconnect and a connect of a missing record; two parts on one record fail too")
    func otherParentsKey() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(#"mutation { createCustomer(input: {id: "c1", name: "ann", orders: {create: [{id: "o1", summary: "one"}]}}) { id } }"#)
        try await server.seed(#"mutation { createCustomer(input: {id: "c2", name: "bo", orders: {create: [{id: "o2", summary: "two"}]}}) { id } }"#)
        for parts in [#"delete: [{id: "o2"}]"#, #"disconnect: [{id: "o2"}]"#, #"create: [{summary: "x"}], connect: [{id: "nope"}]"#] {
            let response = try await server.graphQL(#"mutation { updateCustomer(input: {id: "c1", name: "changed", orders: {"# + parts + "}}) { id } }")
            #expect(NestedWriteTests.errorTypes(response) == ["ReferenceNotFound"], "\(parts): \(response)")
        }
        // Two parts changing one record cannot both apply (a statement changes a row once): a count falls short.
        let twice = try await server.graphQL(#"mutation { updateCustomer(input: {id: "c1", name: "changed", orders: {disconnect: [{id: "o1"}], delete: [{id: "o1"}]}}) { id } }"#)
        #expect(NestedWriteTests.errorTypes(twice) == ["DynamoDB:ConditionalCheckFailedException"], "\(twice)")
        #expect(try await Self.scalar(server, #"SELECT string_agg("name", ',' ORDER BY "id") FROM "Customer""#) == "ann,bo")
        #expect(try await Self.scalar(server, #"SELECT string_agg("id" || ':' || "customerId", ',' ORDER BY "id") FROM "Order""#) == "o1:c1,o2:c2")
    }

    @Test("a child the caller's rules do not let them change is Unauthorized, and nothing is written")
    func guardedChildDenied() async throws {
        let h = try await OwnerRuleTests.harness()
        defer { h.server.stop() }
        let alice = OwnerRuleTests.user("alice"), bob = OwnerRuleTests.user("bob")
        let made = await h.run(#"mutation { createNote(input: {id: "n1", title: "t", comments: {create: [{id: "r1", body: "mine"}]}}) { id } }"#, as: alice)
        #expect(made.errors.isEmpty, "\(made.errors)")
        _ = await h.run(#"mutation { createRemark(input: {id: "r2", body: "bob's"}) { id } }"#, as: bob)
        let stolen = await h.run(#"mutation { updateNote(input: {id: "n1", title: "changed", comments: {connect: [{id: "r2"}]}}) { id } }"#, as: alice)
        #expect(stolen.errors.map(\.errorType) == ["Unauthorized"], "\(stolen.errors)")
        let kept = await h.run(#"mutation { updateNote(input: {id: "n1", title: "fine", comments: {disconnect: [{id: "r1"}]}}) { id comments { items { id } } } }"#, as: alice)
        #expect(kept.errors.isEmpty, "\(kept.errors)")
        #expect(try await h.server.client.query(#"SELECT "title" FROM "Note""#).scalar == "fine")
        #expect(try await h.server.client.query(#"SELECT string_agg("id" || ':' || coalesce("noteId", '-'), ',' ORDER BY "id") FROM "Remark""#).scalar == "r1:-,r2:-")
    }

    @Test("a nested delete does what a plain delete does: its children cascade, or a restricting reference refuses it and nothing is written")
    func deleteFollowsReferences() async throws {
        let forums = try await LiveServer.start(schema: "cascade")
        defer { forums.stop() }
        try await forums.seed(
            #"mutation { createForum(input: {id: "f1", name: "f", threads: {create: [{id: "t1", title: "t", replies: {create: [{text: "a"}, {text: "b"}]}}]}}) { id } }"#)
        let cascaded = try await forums.graphQL(#"mutation { updateForum(input: {id: "f1", threads: {delete: [{id: "t1"}]}}) { threads { items { id } } } }"#)
        #expect(cascaded["errors"] == nil, "\(cascaded)")
        #expect(try await NestedWriteTests.count(forums, "Thread") == 0)
        #expect(try await NestedWriteTests.count(forums, "Reply") == 0)

        let blogs = try await LiveServer.start(schema: "bench-blog")
        defer { blogs.stop() }
        try await blogs.seed(
            #"mutation { createBlog(input: {id: "b1", name: "blog", posts: {create: [{id: "p1", title: "t", rating: 1, status: DRAFT, comments: {create: [{content: "c"}]}}]}}) { id } }"#
        )
        let restricted = try await blogs.graphQL(#"mutation { updateBlog(input: {id: "b1", name: "x", posts: {delete: [{id: "p1"}]}}) { id } }"#)
        #expect(NestedWriteTests.errorTypes(restricted) == ["ReferenceInUse"], "\(restricted)")
        #expect(try await Self.scalar(blogs, #"SELECT "name" FROM "Blog""#) == "blog")
        #expect(try await NestedWriteTests.count(blogs, "Post") == 1)
    }

    @Test("subscribers receive onUpdate for a connected child and onDelete for a deleted one")
    func subscriptionEvents() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings())
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "t1", mantra: "crew", members: {create: [{id: "m1", name: "ann"}]}}) { id } }"#)
        try await server.seed(#"mutation { createMember(input: {id: "m2", name: "bob"}) { id } }"#)
        let updates = try await RealtimeDeliveryTests.connect(server)
        defer { updates.close() }
        let deletes = try await RealtimeDeliveryTests.connect(server)
        defer { deletes.close() }
        try await RealtimeDeliveryTests.subscribe(updates, "u", "subscription { onUpdateMember { id teamId } }")
        try await RealtimeDeliveryTests.subscribe(deletes, "d", "subscription { onDeleteMember { id name } }")
        try await server.seed(#"mutation { updateTeam(input: {id: "t1", members: {connect: [{id: "m2"}], delete: [{id: "m1"}]}}) { id } }"#)
        let updated = try await RealtimeDeliveryTests.event(updates, "u")
        #expect(value(updated, "onUpdateMember", "id") as? String == "m2" && value(updated, "onUpdateMember", "teamId") as? String == "t1", "\(updated)")
        let deleted = try await RealtimeDeliveryTests.event(deletes, "d")
        #expect(value(deleted, "onDeleteMember", "name") as? String == "ann", "\(deleted)")
    }

    @Test("inside @transaction a nested update whose part fails rolls back the root fields before it too")
    func inTransaction() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(#"mutation { createCustomer(input: {id: "c1", name: "ann", orders: {create: [{id: "o1", summary: "one"}]}}) { id } }"#)
        let response = try await server.graphQL(
            #"""
            mutation @transaction {
              first: createOrder(input: {id: "o2", summary: "kept?"}) { id }
              second: updateCustomer(input: {id: "c1", name: "x", orders: {connect: [{id: "o2"}], delete: [{id: "nope"}]}}) { id }
            }
            """#)
        #expect(NestedWriteTests.errorTypes(response) == ["TransactionRolledBack", "ReferenceNotFound"], "\(response)")
        #expect(try await Self.scalar(server, #"SELECT string_agg("id", ',') FROM "Order""#) == "o1")
        #expect(try await Self.scalar(server, #"SELECT "name" FROM "Customer""#) == "ann")
    }

    @Test("limits apply to nested updates; batch updates and --appsync refuse relation fields")
    func limitsAndRefusals() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style", writeLimits: WriteLimits(maximumNesting: 5, maximumRecords: 3))
        defer { server.stop() }
        try await server.seed(#"mutation { createCustomer(input: {id: "c1", name: "ann"}) { id } }"#)
        let wide = try await server.graphQL(
            #"mutation { updateCustomer(input: {id: "c1", name: "x", orders: {create: [{summary: "1"}, {summary: "2"}, {summary: "3"}]}}) { id } }"#)
        #expect(NestedWriteTests.errorTypes(wide) == ["LimitExceeded"], "\(wide)")
        let batch = try await server.graphQL(#"mutation { batchUpdateCustomer(input: [{id: "c1", orders: {set: []}}]) { id } }"#)
        #expect(NestedWriteTests.errorTypes(batch) == ["InvalidArgumentsError"], "\(batch)")
        #expect(try await Self.scalar(server, #"SELECT "name" FROM "Customer""#) == "ann")
        #expect(try await NestedWriteTests.count(server, "Order") == 0)

        let appSync = try await LiveServer.start(schema: "schema", surface: .appSync)
        defer { appSync.stop() }
        let refused = try await appSync.graphQL(
            "mutation($input: UpdateTeamInput!) { updateTeam(input: $input) { id } }", variables: ["input": ["id": "t1", "members": ["set": []]]])
        #expect(
            (refused["errors"] as? [[String: Any]])?.first?["message"] as? String
                == "The variables input contains a field name 'members' that is not defined for input object type 'UpdateTeamInput' ", "\(refused)")
    }
}
