// examples/blog-implicit.graphql: relations without arguments (the server names Comment's reference field
// postCommentsId) and @manyToMany, whose join model PostEditor the server generates. Comments and their post
// loaded three levels deep in one request; editors and their posts through the generated join model.
import BlogImplicitModels
import ModelGraphClient

/// The post/comments (nested includes) and post/editors (@manyToMany) guides.
@Sendable func blogImplicit(_ guide: Guide) async throws {
    let client = guide.client
    let post = try await client.mutate(.create(Post(title: "Relations \(guide.run)", rating: 5, status: .active)))
    var comments: [Comment] = []
    for text in ["First", "Second", "Third"] { comments.append(try await client.mutate(.create(Comment(content: text, post: post)))) }
    guide.step("created a post and \(comments.count) comments on it")
    try guide.expect(comments[0].postCommentsId, post.id, "the comment's generated reference field")

    // A comment, its post, and that post's comments: three levels, one request, nothing lazy left to load.
    let (contents, nestedRequests) = try await guide.counting {
        let comment = try await client.query(.get(Comment.self, byIdentifier: comments[0].id, includes: { comment in [comment.post.comments] }))
        return try await comment?.post?.comments.map(\.content)
    }
    try guide.expect(contents?.compactMap { $0 }.sorted(), ["First", "Second", "Third"], "comment.post.comments, included")
    try guide.expect(nestedRequests, 1, "requests for comment.post.comments")

    // @manyToMany: the join records of the generated PostEditor model relate posts and users.
    let ann = try await client.mutate(.create(User(username: "ann-\(guide.run)")))
    let bo = try await client.mutate(.create(User(username: "bo-\(guide.run)")))
    let other = try await client.mutate(.create(Post(title: "Other \(guide.run)", rating: 3, status: .inactive)))
    for (edited, user) in [(post, ann), (post, bo), (other, ann)] {
        _ = try await client.mutate(.create(PostEditor(postId: edited.id, userId: user.id)))
    }
    let (editors, editorRequests) = try await guide.counting {
        let loaded = try await client.query(.get(Post.self, byIdentifier: post.id, includes: { post in [post.editors.user] }))
        var names: [String] = []
        for join in loaded?.editors.elements ?? [] { names.append(try await join.user?.username ?? "-") }
        return names.sorted()
    }
    try guide.expect(editors, [ann.username, bo.username], "the post's editors, through PostEditor")
    try guide.expect(editorRequests, 1, "requests for the post, its join records and users")
    let (posts, postRequests) = try await guide.counting {
        let loaded = try await client.query(.get(User.self, byIdentifier: ann.id, includes: { user in [user.posts.post] }))
        var titles: [String] = []
        for join in loaded?.posts.elements ?? [] { titles.append(try await join.post?.title ?? "-") }
        return titles.sorted()
    }
    try guide.expect(posts, [other.title, post.title].sorted(), "\(ann.username)'s posts, the other side")
    try guide.expect(postRequests, 1, "requests for the user, its join records and posts")
}
