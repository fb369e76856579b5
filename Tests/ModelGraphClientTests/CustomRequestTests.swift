import CustomOperationsModels
import Foundation
import ModelGraphClient
import Synchronization
import TestSupport
import Testing

/// The requests the generated builders of the custom-operations fixture make (documents against goldens,
/// variables), and how their answers are read, without a server.
@Suite("Client custom operations")
struct CustomRequestTests {
    /// Checks a request's document against `Goldens/<name>.graphql` and its variables against `variables`.
    func check<R>(_ request: GraphQLRequest<R>, golden name: String, variables: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let difference = Golden.check(request.document + "\n", named: "\(name).graphql") {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
        #expect(GraphQLValue.object(request.variables).jsonText == variables, sourceLocation: sourceLocation)
    }

    @Test("a non-model answer selects every field; an argument left nil is declared but not sent, so the server takes its default")
    func nonModel() {
        check(GraphQLRequest<Stats?>.postStats(), golden: "custom-post-stats", variables: "{}")
        check(GraphQLRequest<Stats?>.postStats(minRating: 3), golden: "custom-post-stats", variables: #"{"minRating":3}"#)
    }

    @Test("models: the model's selection, with includes; scalars and enums: no selection set; values only in variables")
    func modelsAndScalars() {
        check(GraphQLRequest<[Post?]?>.topPosts(limit: 5), golden: "custom-top-posts", variables: #"{"limit":5}"#)
        check(
            GraphQLRequest<[Post?]?>.topPosts(limit: 1, includes: { post in [post.comments] }), golden: "custom-top-posts-comments",
            variables: #"{"limit":1}"#)
        check(GraphQLRequest<[String?]?>.titles(), golden: "custom-titles", variables: "{}")
        let hostile = #"") { __typename } #"#
        let echo = GraphQLRequest<String?>.echo(message: hostile, mood: .grumpy)
        check(echo, golden: "custom-echo", variables: #"{"message":"\") { __typename } #","mood":"GRUMPY"}"#)
        #expect(!echo.document.contains("__typename"))
    }

    @Test("a mutation: a list of input objects, fields left nil (a default, a nullable one) left out; an input object argument")
    func mutations() {
        check(
            GraphQLRequest<Receipt?>.checkout(cart: [CartLine(sku: "a", quantity: 2), CartLine(sku: "b")], coupon: nil), golden: "custom-checkout",
            variables: #"{"cart":[{"quantity":2,"sku":"a"},{"sku":"b"}]}"#)
        check(
            GraphQLRequest<Post?>.ratePost(input: RatingInput(postId: "p1", rating: 4)), golden: "custom-rate-post",
            variables: #"{"input":{"postId":"p1","rating":4}}"#)
    }

    @Test("a non-model type that holds itself: the selection leaves out the field that would repeat it, and ends")
    func recursiveSelection() {
        let node = EmbeddedSchema(
            name: "Node",
            fields: [
                ModelField("name", "String"), ModelField("children", "[Node]", .embedded({ EmbeddedSchema(name: "Node", fields: []) })),
                ModelField("stats", "Stats", .embedded({ Stats.embeddedSchema })),
            ])
        let request = GraphQLRequest<String?>.custom(.query, field: "tree", selection: .fields(of: node))
        #expect(request.document == "query Tree {\n  tree {\n    name\n    stats {\n      posts\n      averageRating\n      best\n      moods\n    }\n  }\n}")
    }

    @Test("answers: a non-model type with an enum list, models and nulls in a list, a scalar; a mutation is not sent again after a transport error")
    func answers() async throws {
        let transport = ScriptedAnswers(
            #"{"data":{"postStats":{"posts":2,"averageRating":4,"best":null,"moods":["HAPPY",null]}}}"#,
            #"{"data":{"topPosts":[{"id":"p1","title":"First","rating":4,"__typename":"Post"},null]}}"#, #"{"data":{"titles":null}}"#)
        let client = APIClient(endpoint: URL(string: "http://localhost/graphql")!, transport: transport)
        let stats = try #require(try await client.query(.postStats()))
        #expect(stats.posts == 2 && stats.averageRating == 4.0 && stats.best == nil && stats.moods == [.happy, nil])
        let posts = try #require(try await client.query(.topPosts(limit: 2)))
        #expect(posts.count == 2 && posts[0]?.title == "First" && posts[1] == nil)
        #expect(try await client.query(.titles()) == nil)

        let broken = ScriptedAnswers()
        let failing = APIClient(endpoint: URL(string: "http://localhost/graphql")!, transport: broken)
        await #expect(throws: ModelGraphError.self) { try await failing.mutate(.notify(message: "x")) }
        #expect(broken.sent == 1)
        await #expect(throws: ModelGraphError.self) { try await failing.query(.titles()) }
        #expect(broken.sent == 3, "a query is sent once more")
    }
}

/// The error of a transport whose connection broke.
struct ConnectionLost: Error {}

/// Answers each request with the next body of a list, and fails (a transport error) once they run out.
final class ScriptedAnswers: HTTPTransport {
    private let bodies: Mutex<[String]>
    private let count = Mutex(0)

    init(_ bodies: String...) {
        self.bodies = Mutex(bodies)
    }

    /// The requests sent so far.
    var sent: Int { count.withLock { $0 } }

    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        count.withLock { $0 += 1 }
        guard let next = bodies.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { throw ConnectionLost() }
        return HTTPAnswer(status: 200, body: Array(next.utf8))
    }
}
