// examples/post-tags.graphql: Posts and Tags related many-to-many through the join model PostTag. Create posts
// and tags, join them, read a post's tags and a tag's posts through the join records in one request each, and
// remove one relation without removing what it joined.
import ModelGraphClient
import PostTagsModels

/// The post-tags (many-to-many through a join model) guide.
@Sendable func postTags(_ guide: Guide) async throws {
    let client = guide.client
    let swift = try await client.mutate(.create(Post(title: "Swift on the server \(guide.run)", content: "…")))
    let sql = try await client.mutate(.create(Post(title: "SQL for apps \(guide.run)", content: "…")))
    let server = try await client.mutate(.create(Tag(name: "server")))
    let data = try await client.mutate(.create(Tag(name: "data")))
    var joins: [PostTag] = []
    for (post, tag) in [(swift, server), (swift, data), (sql, data)] {
        joins.append(try await client.mutate(.create(PostTag(postId: post.id, tagId: tag.id))))
    }
    guide.step("created 2 posts, 2 tags and \(joins.count) join records")

    // A post's tags: the join records and, through them, the tags, in one request.
    let (names, postRequests) = try await guide.counting {
        let post = try await client.query(.get(Post.self, byIdentifier: swift.id, includes: { post in [post.tags.tag] }))
        var names: [String] = []
        for join in post?.tags.elements ?? [] { names.append(try await join.tag?.name ?? "-") }
        return names
    }
    try guide.expect(names.sorted(), ["data", "server"], "the first post's tags")
    try guide.expect(postRequests, 1, "requests for the post, its join records and tags")

    // The other way: a tag's posts.
    let (titles, tagRequests) = try await guide.counting {
        let tag = try await client.query(.get(Tag.self, byIdentifier: data.id, includes: { tag in [tag.posts.post] }))
        var titles: [String] = []
        for join in tag?.posts.elements ?? [] { titles.append(try await join.post?.title ?? "-") }
        return titles
    }
    try guide.expect(titles.sorted(), [sql.title, swift.title].compactMap { $0 }.sorted(), "the posts tagged data")
    try guide.expect(tagRequests, 1, "requests for the tag, its join records and posts")

    // Lazily: the join records of a post fetched with one list query, each tag with one get.
    let plain = try await client.query(.get(Post.self, byIdentifier: sql.id))
    try await plain?.tags.fetch()
    try guide.expect(plain?.tags.count, 1, "the second post's join records, fetched")
    try guide.expect(try await plain?.tags.first?.tag?.name, "data", "its tag, loaded when read")

    // Removing a relation is deleting its join record; the post and the tag stay.
    _ = try await client.mutate(.delete(joins[0]))
    let after = try await client.query(.get(Post.self, byIdentifier: swift.id, includes: { post in [post.tags.tag] }))
    try guide.expect(after?.tags.count, 1, "the first post's tags after removing one relation")
    try guide.expect(try await client.query(.get(Tag.self, byIdentifier: server.id))?.name, "server", "the untagged tag, still there")
}
