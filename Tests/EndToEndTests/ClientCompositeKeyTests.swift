import APISchema
import CompositeReferencesModels
import Foundation
import ModelGraphClient
import Testing

/// The Swift client with examples/composite-references.graphql: a Person identified by (name, dateOfBirth),
/// Posts referring to it with both values.
@Suite("Client end to end: composite identifiers and references")
struct ClientCompositeKeyTests {
    @Test("get by .identifier(name:dateOfBirth:) with includes; lazy author by its two-field key; lazy posts by an and-filter")
    func compositeKeys() async throws {
        let server = try await LiveServer.start(schema: "composite-references", surface: .appSync)
        defer { server.stop() }
        let client = APIClient(endpoint: server.url, authorization: .apiKey(server.key))
        let ann = try await client.mutate(.create(Person(name: "Ann", dateOfBirth: "1990-01-02")))
        _ = try await client.mutate(.create(Person(name: "Ann", dateOfBirth: "2001-05-06")))
        let post = try await client.mutate(.create(Post(id: "p1", title: "Hello", content: "…", author: ann)))
        #expect(post.authorName == "Ann")
        #expect(post.authorDoB == "1990-01-02")

        let person = try #require(
            try await client.query(.get(Person.self, byIdentifier: .identifier(name: "Ann", dateOfBirth: "1990-01-02"), includes: { person in [person.authoredPosts] })))
        #expect(person.authoredPosts.map(\.id) == ["p1"])
        #expect(person.identifier == Person.Identifier(name: "Ann", dateOfBirth: "1990-01-02"))

        let plain = try #require(try await client.query(.get(Post.self, byIdentifier: "p1")))
        #expect(try await plain.author?.dateOfBirth == "1990-01-02")

        let younger = try #require(try await client.query(.get(Person.self, byIdentifier: .identifier(name: "Ann", dateOfBirth: "2001-05-06"))))
        try await younger.authoredPosts.fetch()
        #expect(younger.authoredPosts.isEmpty)
        let older = try #require(try await client.query(.get(Person.self, byIdentifier: ann.identifier)))
        try await older.authoredPosts.fetch()
        #expect(older.authoredPosts.map(\.title) == ["Hello"])

        let born = try await client.query(.listPeople(name: "Ann", dateOfBirth: .gt("2000-01-01")))
        #expect(born.map(\.dateOfBirth) == ["2001-05-06"])

        let gone = try await client.mutate(.delete(Person.self, withIdentifier: .identifier(name: "Ann", dateOfBirth: "2001-05-06")))
        #expect(gone.dateOfBirth == "2001-05-06")
        let people = try await client.query(.list(Person.self, where: Person.keys.name == "Ann"))
        #expect(people.map(\.dateOfBirth) == ["1990-01-02"])
    }
}
