// examples/author-editor.graphql: a Post refers to two People, its author (required) and its editor (optional),
// told apart by their reference fields. Create a post with both, read both in one request, change and clear
// the editor, and see that the author cannot be cleared.
import AuthorEditorModels
import ModelGraphClient

/// The author-editor guide (two relationships to the same model; a required and an optional reference).
@Sendable func authorEditor(_ guide: Guide) async throws {
    let client = guide.client
    let ann = try await client.mutate(.create(Person(name: "Ann")))
    let bo = try await client.mutate(.create(Person(name: "Bo")))
    let cy = try await client.mutate(.create(Person(name: "Cy")))
    var post = try await client.mutate(.create(Post(title: "Two hands \(guide.run)", content: "…", authorId: ann.id, author: ann, editor: bo)))
    guide.step("created a post by \(ann.name ?? "") edited by \(bo.name ?? "")")
    try guide.expect(post.editorId, bo.id, "the new post's editorId")

    // Both relationships, and each person's posts on the right side, in one request each.
    let (people, postRequests) = try await guide.counting {
        let loaded = try await client.query(.get(Post.self, byIdentifier: post.id, includes: { post in [post.author, post.editor] }))
        return [try await loaded?.author?.name, try await loaded?.editor?.name]
    }
    try guide.expect(people, ["Ann", "Bo"], "author and editor, included")
    try guide.expect(postRequests, 1, "requests for the post, its author and editor")
    let author = try await client.query(.get(Person.self, byIdentifier: ann.id, includes: { person in [person.authoredPosts, person.editedPosts] }))
    try guide.expect([author?.authoredPosts.count, author?.editedPosts.count], [1, 0], "Ann's authored and edited posts")

    // The optional editor: change it, then clear it.
    post.setEditor(cy)
    post = try await client.mutate(.update(post))
    try guide.expect(try await client.query(.get(Post.self, byIdentifier: post.id))?.editor?.name, "Cy", "the editor after the change")
    post.setEditor(nil)
    post = try await client.mutate(.update(post))
    try guide.expect(post.editorId, nil, "the editorId after clearing it")
    try guide.expect(try await client.query(.get(Post.self, byIdentifier: post.id))?.editor?.name, nil, "the editor, read back")

    // The required author: the model has no way to clear it (`setAuthor` takes a Person, `authorId` is a
    // String); a hand-written mutation that tries is refused by the server, as a typed error.
    let clearAuthor = GraphQLRequest<String>(
        document: "mutation ClearAuthor($input: UpdatePostInput!) { updatePost(input: $input) { id } }",
        variables: ["input": .object(["id": .string(post.id), "authorId": .null])], responseField: "updatePost",
        decode: { (value, _) throws(ModelGraphError) -> String in
            guard case .string(let id)? = value["id"] else { throw ModelGraphError(kind: .decoding, message: "no id") }
            return id
        })
    do {
        _ = try await client.mutate(clearAuthor)
        throw GuideFailure(message: "clearing the required author succeeded")
    } catch let error as ModelGraphError {
        guide.step("clearing the author: \(error.errorType ?? "-"): \(error.message)")
        try guide.expect(error.kind, .graphQL, "the kind of error clearing the required author")
        try guide.expect(error.errorType, "ValidationError", "the errorType of clearing the required author")
    }
    try guide.expect(try await client.query(.get(Post.self, byIdentifier: post.id))?.author?.name, "Ann", "the author, unchanged")
}
