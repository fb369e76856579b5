// examples/composite-references.graphql: a Person is identified by (name, dateOfBirth); a Post refers to its
// author with both values, in identifier order. Create, get by the two-field identifier, load both sides.
import CompositeReferencesModels
import ModelGraphClient

/// The composite-key person/posts guide.
@Sendable func compositeReferences(_ guide: Guide) async throws {
    let client = guide.client
    let name = "Ann \(guide.run)"
    let ann = try await client.mutate(.create(Person(name: name, dateOfBirth: "1990-01-02")))
    let namesake = try await client.mutate(.create(Person(name: name, dateOfBirth: "2001-05-06")))
    let post = try await client.mutate(.create(Post(title: "Keys", content: "…", author: ann)))
    guide.step("created two people named \(name) and a post by the older one")
    try guide.expect([post.authorName, post.authorDoB], [name, "1990-01-02"], "the post's reference fields, in identifier order")

    // By the full identifier, with the person's posts, in one request.
    let (titles, requests) = try await guide.counting {
        try await client.query(
            .get(Person.self, byIdentifier: .identifier(name: name, dateOfBirth: "1990-01-02"), includes: { person in [person.authoredPosts] })
        )?.authoredPosts.map(\.title)
    }
    try guide.expect(titles, ["Keys"], "the older \(name)'s posts, included")
    try guide.expect(requests, 1, "requests for the person and their posts")

    // The same name, the other birth date: another person, with no posts (fetched lazily, by both fields).
    let other = try await client.query(.get(Person.self, byIdentifier: namesake.identifier))
    try await other?.authoredPosts.fetch()
    try guide.expect(other?.authoredPosts.count, 0, "the younger \(name)'s posts, fetched")

    // From the post: its author, loaded by the two-field key when read.
    let plain = try await client.query(.get(Post.self, byIdentifier: post.id))
    try guide.expect(try await plain?.author?.dateOfBirth, "1990-01-02", "the post's author's birth date, loaded when read")

    // Delete by the full identifier; the other person stays.
    _ = try await client.mutate(.delete(Person.self, withIdentifier: .identifier(name: name, dateOfBirth: "2001-05-06")))
    let left = try await client.query(.list(Person.self, where: Person.keys.name == name))
    try guide.expect(left.map(\.dateOfBirth), ["1990-01-02"], "the people named \(name) after the delete")
}
