import Foundation
import Postgres
import Testing

/// The scenarios the seed schemas describe in their comments, end to end.
@Suite("Seed scenarios")
struct ScenarioTests {

    @Test("customer-cart: one-to-one read both ways, reassigned and cleared")
    func customerCart() async throws {
        let server = try await LiveServer.start(schema: "customer-cart")
        defer { server.stop() }
        try await server.seed(#"mutation { a: createCustomer(input: {id: "c1", name: "Ann"}) { id } b: createCustomer(input: {id: "c2", name: "Bob"}) { id } }"#)
        let cart = try await server.graphQL(#"mutation { createCart(input: {id: "k", items: ["apple", "pear"], customerId: "c1"}) { items customer { name } } }"#)
        #expect(value(cart, "data", "createCart", "items") as? [String] == ["apple", "pear"])
        #expect(value(cart, "data", "createCart", "customer", "name") as? String == "Ann")
        let active = try await server.graphQL(#"{ getCustomer(id: "c1") { activeCart { id items } } }"#)
        #expect(value(active, "data", "getCustomer", "activeCart", "id") as? String == "k")
        try await server.seed(#"mutation { updateCart(input: {id: "k", customerId: "c2"}) { id } }"#)
        let moved = try await server.graphQL(#"{ a: getCustomer(id: "c1") { activeCart { id } } b: getCustomer(id: "c2") { activeCart { id } } }"#)
        #expect(value(moved, "data", "a", "activeCart") is NSNull)
        #expect(value(moved, "data", "b", "activeCart", "id") as? String == "k")
        let cleared = try await server.graphQL(#"mutation { updateCart(input: {id: "k", customerId: null}) { customer { id } } }"#)
        #expect(value(cleared, "data", "updateCart", "customer") is NSNull)
        let missingItems = try await server.graphQL(#"mutation { createCart(input: {id: "x"}) { id } }"#)
        #expect(value(missingItems, "data") is NSNull)
    }

    @Test("objectbox-style: a tree walked four levels down and up; many-to-many links removed with either end only")
    func objectBox() async throws {
        let server = try await LiveServer.start(schema: "objectbox-style")
        defer { server.stop() }
        try await server.seed(#"mutation { createTreeNode(input: {id: "root", label: "root"}) { id } }"#)
        for (id, parent) in [("a", "root"), ("a1", "a"), ("a1x", "a1"), ("b", "root")] {
            try await server.seed("mutation { createTreeNode(input: {id: \"\(id)\", label: \"\(id)\", parentId: \"\(parent)\"}) { id } }")
        }
        // Three nested connections at their default page of 100 (1,020,202 rows in the worst case) are served, as
        // AppSync serves them; a fourth level of 100 under a list (over 10⁸) is past the cost limit.
        let threeDeep = try await server.graphQL(#"{ getTreeNode(id: "root") { label children { items { label children { items { label children { items { label } } } } } } } }"#)
        #expect(value(threeDeep, "errors") == nil, "\(threeDeep)")
        #expect(value(threeDeep, "data", "getTreeNode", "children", "items", 0, "children", "items", 0, "children", "items", 0, "label") as? String == "a1x")
        let fourDeep = try await server.graphQL(
            #"{ listTreeNodes { items { children { items { children { items { children { items { label } } } } } } } } }"#)
        #expect(value(fourDeep, "errors", 0, "errorType") as? String == "LimitExceeded")
        #expect((value(fourDeep, "errors", 0, "message") as? String)?.contains("the limit is 10000000") == true, "\(fourDeep)")
        let down = try await server.graphQL(
            #"{ getTreeNode(id: "root") { label children(limit: 10) { items { label children(limit: 10) { items { label children(limit: 10) { items { label parent { parent { label } } } } } } } } } }"#
        )
        let level1 = try #require(value(down, "data", "getTreeNode", "children", "items") as? [[String: Any]])
        #expect(level1.compactMap { $0["label"] as? String } == ["a", "b"])
        #expect(value(level1, 0, "children", "items", 0, "children", "items", 0, "label") as? String == "a1x")
        #expect(value(level1, 0, "children", "items", 0, "children", "items", 0, "parent", "parent", "label") as? String == "a")
        try await server.seed(
            #"mutation { s: createStudent(input: {id: "s", name: "Sam"}) { id } t1: createTeacher(input: {id: "t1", name: "Tia"}) { id } t2: createTeacher(input: {id: "t2", name: "Ted"}) { id } }"#
        )
        try await server.seed(
            #"mutation { a: createStudentTeacher(input: {studentId: "s", teacherId: "t1"}) { id } b: createStudentTeacher(input: {studentId: "s", teacherId: "t2"}) { id } }"#)
        let teachers = try await server.graphQL(#"{ getStudent(id: "s") { teachers { items { teacher { name students { items { student { name } } } } } } } }"#)
        let items = try #require(value(teachers, "data", "getStudent", "teachers", "items") as? [[String: Any]])
        #expect(Set(items.compactMap { value($0, "teacher", "name") as? String }) == ["Tia", "Ted"])
        try await server.seed(#"mutation { deleteTeacher(input: {id: "t1"}) { id } }"#)
        #expect(try await server.client.query(#"SELECT count(*) FROM "StudentTeacher""#).scalar == "1")
        try await server.seed(#"mutation { deleteStudent(input: {id: "s"}) { id } }"#)
        #expect(try await server.client.query(#"SELECT count(*) FROM "StudentTeacher""#).scalar == "0")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Teacher""#).scalar == "1")
    }

    @Test("post-tags: an explicit join model blocks deleting its post until the links are gone")
    func postTags() async throws {
        let server = try await LiveServer.start(schema: "post-tags")
        defer { server.stop() }
        try await server.seed(
            #"mutation { p: createPost(input: {id: "p", title: "T"}) { id } a: createTag(input: {id: "a", name: "swift"}) { id } b: createTag(input: {id: "b", name: "sql"}) { id } }"#
        )
        try await server.seed(
            #"mutation { x: createPostTag(input: {id: "pa", postId: "p", tagId: "a"}) { id } y: createPostTag(input: {id: "pb", postId: "p", tagId: "b"}) { id } }"#)
        let tags = try await server.graphQL(#"{ getPost(id: "p") { tags { items { tag { name } } } } }"#)
        #expect((value(tags, "data", "getPost", "tags", "items") as? [[String: Any]])?.compactMap { value($0, "tag", "name") as? String } == ["swift", "sql"])
        let blocked = try await server.graphQL(#"mutation { deletePost(input: {id: "p"}) { id } }"#)
        #expect(errorType(blocked) == "ReferenceInUse")
        #expect((value(blocked, "errors", 0, "message") as? String)?.contains("2 PostTag record(s)") == true)
        try await server.seed(#"mutation { x: deletePostTag(input: {id: "pa"}) { id } y: deletePostTag(input: {id: "pb"}) { id } }"#)
        let deleted = try await server.graphQL(#"mutation { deletePost(input: {id: "p"}) { title } }"#)
        #expect(value(deleted, "data", "deletePost", "title") as? String == "T")
        #expect(try await server.client.query(#"SELECT count(*) FROM "Tag""#).scalar == "2")
    }

    @Test("onDelete: CASCADE removes children and grandchildren in the same transaction")
    func cascade() async throws {
        let server = try await LiveServer.start(schema: "cascade")
        defer { server.stop() }
        try await server.seed(#"mutation { createForum(input: {id: "f", name: "F"}) { id } }"#)
        try await server.seed(#"mutation { createThread(input: {id: "t", title: "T", forumId: "f"}) { id } }"#)
        try await server.seed(#"mutation { a: createReply(input: {text: "1", threadId: "t"}) { id } b: createReply(input: {text: "2", threadId: "t"}) { id } }"#)
        let deleted = try await server.graphQL(#"mutation { deleteForum(input: {id: "f"}) { name threads { items { title replies { items { text } } } } } }"#)
        let replies = value(deleted, "data", "deleteForum", "threads", "items", 0, "replies", "items") as? [[String: Any]]
        #expect(Set(replies?.compactMap { $0["text"] as? String } ?? []) == ["1", "2"])
        #expect(try await server.client.query(#"SELECT (SELECT count(*) FROM "Thread") + (SELECT count(*) FROM "Reply")"#).scalar == "0")
    }

    @Test("composite references: a parent keyed by two fields, referenced in key order")
    func compositeReferences() async throws {
        let server = try await LiveServer.start(schema: "composite-references")
        defer { server.stop() }
        try await server.seed(#"mutation { createPerson(input: {name: "Ann", dateOfBirth: "1990-05-01"}) { name } }"#)
        let post = try await server.graphQL(
            #"mutation { createPost(input: {title: "T", content: "C", authorName: "Ann", authorDoB: "1990-05-01"}) { author { name dateOfBirth authoredPosts { items { title } } } } }"#
        )
        #expect(value(post, "data", "createPost", "author", "dateOfBirth") as? String == "1990-05-01")
        #expect(value(post, "data", "createPost", "author", "authoredPosts", "items", 0, "title") as? String == "T")
        let person = try await server.graphQL(#"{ getPerson(name: "Ann", dateOfBirth: "1990-05-01") { name } }"#)
        #expect(value(person, "data", "getPerson", "name") as? String == "Ann")
        let wrong = try await server.graphQL(#"mutation { createPost(input: {title: "T", content: "C", authorName: "Ann", authorDoB: "1990-05-02"}) { id } }"#)
        #expect(errorType(wrong) == "ReferenceNotFound")
    }

    @Test("blog-implicit: generated reference fields and @manyToMany work like declared ones")
    func blogImplicit() async throws {
        let server = try await LiveServer.start(schema: "blog-implicit")
        defer { server.stop() }
        try await server.seed(#"mutation { createPost(input: {id: "p", title: "T", rating: 5, status: ACTIVE}) { id } }"#)
        let comment = try await server.graphQL(
            #"mutation { createComment(input: {content: "hi", postCommentsId: "p"}) { postCommentsId post { title comments { items { content } } } } }"#)
        #expect(value(comment, "data", "createComment", "post", "comments", "items", 0, "content") as? String == "hi")
        try await server.seed(#"mutation { createUser(input: {id: "u", username: "ann"}) { id } }"#)
        try await server.seed(#"mutation { createPostEditor(input: {postId: "p", userId: "u"}) { id } }"#)
        let editors = try await server.graphQL(#"{ getPost(id: "p") { editors { items { user { username } } } } postEditorsByUserId(userId: "u") { items { post { title } } } }"#)
        #expect(value(editors, "data", "getPost", "editors", "items", 0, "user", "username") as? String == "ann")
        #expect(value(editors, "data", "postEditorsByUserId", "items", 0, "post", "title") as? String == "T")
        let filtered = try await server.graphQL(#"{ listComments(filter: {postCommentsId: {eq: "p"}}, limit: 1000) { items { content } } }"#)
        #expect((value(filtered, "data", "listComments", "items") as? [Any])?.count == 1)
    }
}
