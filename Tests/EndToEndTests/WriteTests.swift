import Foundation
import Postgres
import Testing

@Suite("Writes over HTTP: update, delete, conditions, references")
struct WriteTests {

    @Test("set, move and clear an optional reference; updatedAt moves, createdAt stays")
    func moveAndClear() async throws {
        let server = try await LiveServer.start(schema: "team-members")
        defer { server.stop() }
        try await server.seed(#"mutation { a: createTeam(input: {id: "A", mantra: "a"}) { id } b: createTeam(input: {id: "B", mantra: "b"}) { id } }"#)
        let created = try await server.graphQL(#"mutation { createMember(input: {id: "m", name: "Ann", teamId: "A"}) { createdAt updatedAt team { id } } }"#)
        #expect(value(created, "data", "createMember", "team", "id") as? String == "A")
        try await Task.sleep(for: .milliseconds(20))
        let moved = try await server.graphQL(#"mutation { updateMember(input: {id: "m", teamId: "B"}) { name createdAt updatedAt team { id mantra } } }"#)
        #expect(value(moved, "data", "updateMember", "team", "id") as? String == "B")
        #expect(value(moved, "data", "updateMember", "name") as? String == "Ann")
        #expect(value(moved, "data", "updateMember", "createdAt") as? String == value(created, "data", "createMember", "createdAt") as? String)
        #expect(value(moved, "data", "updateMember", "updatedAt") as? String != value(created, "data", "createMember", "updatedAt") as? String)
        let cleared = try await server.graphQL(#"mutation { updateMember(input: {id: "m", teamId: null}) { teamId team { id } } }"#)
        #expect(value(cleared, "data", "updateMember", "team") is NSNull)
        #expect(try await server.client.query(#"SELECT "teamId" IS NULL FROM "Member" WHERE id = 'm'"#).scalar == "t")
        let required = try await server.graphQL(#"mutation { updateMember(input: {id: "m", name: null}) { id } }"#)
        #expect(errorType(required) == "ValidationError")
        #expect(try await server.client.query(#"SELECT name FROM "Member" WHERE id = 'm'"#).scalar == "Ann")
    }

    @Test("a write's selection sees the write, whether it reads the record alone or reaches back to its model")
    func selectionSeesTheWrite() async throws {
        let server = try await LiveServer.start(schema: "team-members")
        defer { server.stop() }
        try await server.seed(#"mutation { a: createTeam(input: {id: "A", mantra: "a"}) { id } b: createTeam(input: {id: "B", mantra: "b"}) { id } }"#)
        let first = try await server.graphQL(#"mutation { createMember(input: {id: "m1", name: "Ann", teamId: "A"}) { name team { mantra } } }"#)
        #expect(value(first, "data", "createMember", "team", "mantra") as? String == "a")
        let second = try await server.graphQL(#"mutation { createMember(input: {id: "m2", name: "Bo", teamId: "A"}) { id team { members { items { id } } } } }"#)
        #expect((value(second, "data", "createMember", "team", "members", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String }.sorted() == ["m1", "m2"])
        let moved = try await server.graphQL(#"mutation { updateMember(input: {id: "m1", teamId: "B"}) { team { id members { items { id } } } } }"#)
        #expect((value(moved, "data", "updateMember", "team", "members", "items") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["m1"])
        let renamed = try await server.graphQL(#"mutation { updateMember(input: {id: "m2", name: "Bea"}) { name team { id } } }"#)
        #expect(value(renamed, "data", "updateMember", "name") as? String == "Bea")
        let refused = try await server.graphQL(#"mutation { createMember(input: {id: "m3", name: "Cy", teamId: "A"}, condition: {name: {eq: "other"}}) { id team { id } } }"#)
        #expect(errorType(refused) == "DynamoDB:ConditionalCheckFailedException")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Member" WHERE id = 'm3'"#).scalar == "0")
    }

    @Test("update and delete of a missing record, and a false condition, fail with the conditional-check error and write nothing")
    func conditions() async throws {
        let server = try await LiveServer.start(schema: "team-members")
        defer { server.stop() }
        try await server.seed(#"mutation { createTeam(input: {id: "A", mantra: "a"}) { id } }"#)
        for operation in [
            #"updateTeam(input: {id: "nope", mantra: "x"})"#, #"deleteTeam(input: {id: "nope"})"#,
            #"updateTeam(input: {id: "A", mantra: "x"}, condition: {mantra: {eq: "b"}})"#,
            #"deleteTeam(input: {id: "A"}, condition: {not: {mantra: {beginsWith: "a"}}})"#,
        ] {
            let response = try await server.graphQL("mutation { \(operation) { id } }")
            #expect(errorType(response) == "DynamoDB:ConditionalCheckFailedException", "\(operation)")
            #expect(value(response, "errors", 0, "path") as? [String] == [String(operation.prefix { $0 != "(" })])
        }
        #expect(try await server.client.query(#"SELECT mantra FROM "Team""#).rows == [["a"]])
        let passed = try await server.graphQL(
            #"mutation { updateTeam(input: {id: "A", mantra: "x"}, condition: {mantra: {eq: "a"}, or: [{mantra: {attributeExists: true}}]}) { mantra } }"#)
        #expect(value(passed, "data", "updateTeam", "mantra") as? String == "x")
        let conditionalCreate = try await server.graphQL(#"mutation { createTeam(input: {id: "C", mantra: "c"}, condition: {mantra: {eq: "c"}}) { id } }"#)
        #expect(errorType(conditionalCreate) == "DynamoDB:ConditionalCheckFailedException")
        let allowedCreate = try await server.graphQL(#"mutation { createTeam(input: {id: "D", mantra: "d"}, condition: {mantra: {attributeExists: false}}) { id } }"#)
        #expect(value(allowedCreate, "data", "createTeam", "id") as? String == "D")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Team""#).scalar == "2")
    }

    @Test("a required reference blocks the parent's delete with a count; an optional one is cleared")
    func referencesOnDelete() async throws {
        let server = try await LiveServer.start(schema: "author-editor")
        defer { server.stop() }
        try await server.seed(#"mutation { a: createPerson(input: {id: "ann", name: "Ann"}) { id } b: createPerson(input: {id: "bob", name: "Bob"}) { id } }"#)
        try await server.seed(#"mutation { createPost(input: {id: "p", title: "T", content: "C", authorId: "ann", editorId: "bob"}) { id } }"#)
        let clearRequired = try await server.graphQL(#"mutation { updatePost(input: {id: "p", authorId: null}) { id } }"#)
        #expect(errorType(clearRequired) == "ValidationError")
        let blocked = try await server.graphQL(#"mutation { deletePerson(input: {id: "ann"}) { id } }"#)
        #expect(errorType(blocked) == "ReferenceInUse")
        let message = try #require(value(blocked, "errors", 0, "message") as? String)
        #expect(message.contains("1 Post record(s)") && message.contains("Post.author"), "\(message)")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Person""#).scalar == "2")
        let editorGone = try await server.graphQL(#"mutation { deletePerson(input: {id: "bob"}) { id name authoredPosts { items { id } } } }"#)
        #expect(value(editorGone, "data", "deletePerson", "name") as? String == "Bob")
        let post = try await server.graphQL(#"{ getPost(id: "p") { editorId editor { id } author { name } } }"#)
        #expect(value(post, "data", "getPost", "editor") is NSNull)
        #expect(value(post, "data", "getPost", "editorId") is NSNull)
        #expect(value(post, "data", "getPost", "author", "name") as? String == "Ann")
        let deletedPost = try await server.graphQL(#"mutation { deletePost(input: {id: "p"}) { title author { name } } }"#)
        #expect(value(deletedPost, "data", "deletePost", "title") as? String == "T")
        let deletedAuthor = try await server.graphQL(#"mutation { deletePerson(input: {id: "ann"}) { id } }"#)
        #expect(value(deletedAuthor, "data", "deletePerson", "id") as? String == "ann")
        let dangling = try await server.graphQL(#"mutation { createPost(input: {title: "T", content: "C", authorId: "ghost"}) { id } }"#)
        #expect(errorType(dangling) == "ReferenceNotFound")
        #expect((value(dangling, "errors", 0, "message") as? String)?.contains("Post.author") == true)
    }

    @Test("every primary-key variant: id auto-fill, get and delete by full identifier")
    func primaryKeyVariants() async throws {
        let server = try await LiveServer.start(schema: "custom-primary-keys")
        defer { server.stop() }
        let noID = try await server.graphQL(#"mutation { createCustomerNoId(input: {firstName: "A"}) { id } }"#)
        #expect((value(noID, "data", "createCustomerNoId", "id") as? String)?.count == 36)
        let custom = try await server.graphQL(#"mutation { createCustomerCustomKey(input: {customerId: "c1", firstName: "B"}) { customerId } }"#)
        #expect(value(custom, "data", "createCustomerCustomKey", "customerId") as? String == "c1")
        let inSortKey = try await server.graphQL(#"mutation { createCustomerIdInSortKey(input: {country: "NZ", firstName: "C"}) { country id } }"#)
        let generated = try #require(value(inSortKey, "data", "createCustomerIdInSortKey", "id") as? String)
        #expect(generated.count == 36)
        let fetched = try await server.graphQL("query($id: ID!) { getCustomerIdInSortKey(country: \"NZ\", id: $id) { firstName } }", variables: ["id": generated])
        #expect(value(fetched, "data", "getCustomerIdInSortKey", "firstName") as? String == "C")
        try await server.seed(#"mutation { createEdition(input: {isbn: "1", title: "First", description: "d"}) { isbn } }"#)
        try await server.seed(#"mutation { createEdition(input: {isbn: "1", title: "Second"}) { isbn } }"#)
        let edition = try await server.graphQL(#"{ getEdition(isbn: "1", title: "Second") { title } }"#)
        #expect(value(edition, "data", "getEdition", "title") as? String == "Second")
        let deleted = try await server.graphQL(#"mutation { deleteEdition(input: {isbn: "1", title: "First"}) { description } }"#)
        #expect(value(deleted, "data", "deleteEdition", "description") as? String == "d")
        let remaining = try await server.graphQL(#"{ listEditions(isbn: "1") { items { title } } }"#)
        #expect((value(remaining, "data", "listEditions", "items") as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Second"])
        let byFilter = try await server.graphQL(#"{ listCustomerCustomKeys(filter: {customerId: {beginsWith: "c"}}) { items { customerId } } }"#)
        #expect((value(byFilter, "data", "listCustomerCustomKeys", "items") as? [Any])?.count == 1)
    }

    @Test("concurrent creates with one key make one record and conditional-check errors; concurrent updates both land")
    func concurrency() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let results = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let response = try await server.graphQL("mutation($m: String!) { createTeam(input: {id: \"same\", mantra: $m}) { id } }", variables: ["m": "m\(index)"])
                    return value(response, "data", "createTeam", "id") as? String ?? errorType(response)
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(results.filter { $0 == "same" }.count == 1)
        #expect(results.filter { $0 == "DynamoDB:ConditionalCheckFailedException" }.count == 15)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    let field = index % 2 == 0 ? "size: \(index)" : "budget: \(index).5"
                    try await server.seed("mutation { updateTeam(input: {id: \"same\", \(field)}) { id } }")
                }
            }
            try await group.waitForAll()
        }
        let row = try await server.client.query(#"SELECT size IS NOT NULL, budget IS NOT NULL FROM "Team" WHERE id = 'same'"#).rows
        #expect(row == [["t", "t"]])
    }
}
