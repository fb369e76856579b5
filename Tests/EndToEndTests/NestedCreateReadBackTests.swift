import Foundation
import Postgres
import Testing

/// A nested create answered from its own statement's CTEs where they hold every record the selection can see,
/// read back after the write where older records can be seen too; its `condition` on the root; and a batch
/// delete that records still point at, over HTTP against PostgreSQL.
@Suite("Nested create read-back, condition, batch delete references")
struct NestedCreateReadBackTests {
    /// The number of rows of `table`.
    static func count(_ server: LiveServer, _ table: String) async throws -> Int {
        Int(try await server.client.query("SELECT count(*) FROM \"\(table)\"").scalar ?? "") ?? -1
    }

    /// The `errorType`s of a response.
    static func errorTypes(_ response: [String: Any]) -> [String] {
        (response["errors"] as? [[String: Any]] ?? []).compactMap { $0["errorType"] as? String }
    }

    /// The values of `key` in the `items` of the connection at `path`.
    static func items(_ response: Any?, _ path: [Any], _ key: String) -> [String] {
        var current = response
        for step in path { current = value(current, step) }
        return (value(current, "items") as? [[String: Any]] ?? []).compactMap { $0[key] as? String }
    }

    @Test("the new records of a tree, their counts and ids are what a later query reads from the tables")
    func newRecordsFromTheStatement() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        let tree = try await server.graphQL(
            """
            mutation { createTreeNode(input: {label: "r", children: {create: [
              {label: "a", children: {create: [{label: "a1"}, {label: "a2"}]}}, {label: "b"}]}}) {
                id label childrenCount children { items { id label children { items { label } } } } } }
            """)
        #expect(tree["errors"] == nil, "\(tree)")
        let created = try #require(value(tree, "data", "createTreeNode") as? [String: Any])
        #expect(created["childrenCount"] as? Int == 2)
        #expect(Set(Self.items(created, ["children"], "label")) == ["a", "b"])
        let children = value(created, "children", "items") as? [[String: Any]] ?? []
        let a = children.first { $0["label"] as? String == "a" }
        #expect(Set(Self.items(a, ["children"], "label")) == ["a1", "a2"])
        #expect(Self.items(children.first { $0["label"] as? String == "b" }, ["children"], "label").isEmpty)
        let id = try #require(created["id"] as? String)
        let read = try await server.graphQL(
            "query { getTreeNode(id: \"\(id)\") { id label childrenCount children { items { id label children { items { label } } } } } }")
        #expect((value(read, "data", "getTreeNode") as? NSDictionary) == (created as NSDictionary), "\(read) vs \(tree)")
        let customer = try await server.graphQL(
            #"mutation { createCustomer(input: {name: "c", orders: {create: [{summary: "1"}, {summary: "2"}, {summary: "3"}]}}) { name ordersCount orders { items { summary } } } }"#
        )
        #expect(value(customer, "data", "createCustomer", "ordersCount") as? Int == 3, "\(customer)")
        #expect(Self.items(customer, ["data", "createCustomer", "orders"], "summary").sorted() == ["1", "2", "3"])
    }

    @Test("where the selection can see records the statement did not create, it reads them back after the write")
    func olderRecordsAreReadBack() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        let customer = try #require(
            value(try await server.graphQL(#"mutation { createCustomer(input: {name: "ann", orders: {create: [{summary: "old"}]}}) { id } }"#), "data", "createCustomer", "id")
                as? String)
        // belongsTo an existing record: its other orders are older than the statement.
        let order = try await server.graphQL(
            "mutation { createOrder(input: {summary: \"new\", customer: {connect: {id: \"\(customer)\"}}}) { customer { name ordersCount orders { items { summary } } } } }")
        #expect(Self.items(order, ["data", "createOrder", "customer", "orders"], "summary").sorted() == ["new", "old"], "\(order)")
        #expect(value(order, "data", "createOrder", "customer", "ordersCount") as? Int == 2)
        // A connected child is an older record the new parent now has.
        let loose = try #require(value(try await server.graphQL(#"mutation { createOrder(input: {summary: "loose"}) { id } }"#), "data", "createOrder", "id") as? String)
        let moved = try await server.graphQL(
            "mutation { createCustomer(input: {name: \"bo\", orders: {connect: [{id: \"\(loose)\"}], create: [{summary: \"fresh\"}]}}) { orders { items { summary } } } }")
        #expect(Self.items(moved, ["data", "createCustomer", "orders"], "summary").sorted() == ["fresh", "loose"], "\(moved)")
        // A new child's belongsTo back to the new parent.
        let back = try await server.graphQL(#"mutation { createCustomer(input: {name: "cy", orders: {create: [{summary: "x"}]}}) { orders { items { customer { name } } } } }"#)
        #expect((value(back, "data", "createCustomer", "orders", "items", 0, "customer", "name") as? String) == "cy", "\(back)")
    }

    @Test("a nested create's condition applies to the root: false writes nothing (ConditionalCheckFailed), true writes the tree")
    func conditionOnTheRoot() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        for selection in ["{ id }", "{ id orders { items { summary customer { name } } } }"] {
            let refused = try await server.graphQL(
                #"mutation { createCustomer(input: {name: "x", orders: {create: [{summary: "s"}]}}, condition: {name: {attributeExists: true}}) "# + selection + " }")
            #expect(Self.errorTypes(refused) == ["DynamoDB:ConditionalCheckFailedException"], "\(refused)")
            #expect(value(refused, "data", "createCustomer") is NSNull)
        }
        #expect(try await Self.count(server, "Customer") == 0)
        #expect(try await Self.count(server, "Order") == 0)
        let accepted = try await server.graphQL(
            #"mutation { createCustomer(input: {name: "x", orders: {create: [{summary: "s"}]}}, condition: {name: {attributeExists: false}}) { name orders { items { summary } } } }"#
        )
        #expect(accepted["errors"] == nil, "\(accepted)")
        #expect(Self.items(accepted, ["data", "createCustomer", "orders"], "summary") == ["s"])
        #expect(try await Self.count(server, "Order") == 1)
    }

    @Test("a batch delete that records still point at reports ReferenceInUse with their count and deletes nothing")
    func batchDeleteReferenceInUse() async throws {
        let server = try await LiveServer.start(schema: "author-editor")
        defer { server.stop() }
        try await server.seed(
            """
            mutation { a: createPerson(input: {id: "ann", name: "Ann"}) { id } b: createPerson(input: {id: "bo", name: "Bo"}) { id }
              c: createPerson(input: {id: "cy", name: "Cy"}) { id }
              p1: createPost(input: {id: "p1", title: "t", content: "c", authorId: "ann"}) { id }
              p2: createPost(input: {id: "p2", title: "t", content: "c", authorId: "ann"}) { id }
              p3: createPost(input: {id: "p3", title: "t", content: "c", authorId: "bo"}) { id } }
            """)
        let response = try await server.graphQL(#"mutation { batchDeletePerson(input: [{id: "ann"}, {id: "bo"}, {id: "cy"}]) { id } }"#)
        #expect(Self.errorTypes(response) == ["ReferenceInUse"], "\(response)")
        let message = value(response, "errors", 0, "message") as? String ?? ""
        #expect(message.contains(": 3 Post record(s) still refer to it"), "\(message)")
        #expect(try await Self.count(server, "Person") == 3)
    }
}
