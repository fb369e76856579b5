import CustomOperationsModels
import Foundation
import JSON
import ModelGraphClient
import Testing

/// The generated builders of the custom-operations fixture's queries and mutations, sent by the Swift client to a
/// live server: SQL handlers returning a non-model type, models and scalars; functions returning models, JSON and
/// a receipt for a list of input objects; a refused caller as a typed error.
@Suite("Client end to end: custom queries and mutations")
struct ClientCustomOperationTests {
    /// A server of the fixture with the function server of `CustomFunctionOperationTests` (posts p1 "First" and
    /// p2 "Second", unrated), and a client with its API key.
    static func start() async throws -> (LiveServer, FunctionServer, APIClient) {
        let (server, functions) = try await CustomFunctionOperationTests.start()
        return (server, functions, APIClient(endpoint: server.url, authorization: .apiKey(server.key)))
    }

    @Test("SQL: a mutation taking an input object; a non-model answer with an argument's default and with a value; models with includes and lazily")
    func sqlHandlers() async throws {
        let (server, functions, client) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let rated = try #require(try await client.mutate(.ratePost(input: RatingInput(postId: "p1", rating: 4))))
        #expect(rated.id == "p1" && rated.title == "First" && rated.rating == 4)

        // minRating left out: the server takes its default (0), so both posts count.
        let all = try #require(try await client.query(.postStats()))
        #expect(all.posts == 2 && all.averageRating == 4 && all.best == "Second" && all.moods == [.happy])
        let rated3 = try #require(try await client.query(.postStats(minRating: 3)))
        #expect(rated3.posts == 1 && rated3.best == "First")

        let commented = try #require(try await client.mutate(.commentAndRate(postId: "p2", content: "Nice", rating: 5)))
        #expect(commented.rating == 5)
        let top = try #require(try await client.query(.topPosts(limit: 5)))
        #expect(top.map { $0?.id } == ["p2", "p1"])
        // Not included: the comments load with one list query through the client the answer came from.
        let best = try #require(top.first ?? nil)
        #expect(best.comments.isLoaded == false)
        try await best.comments.fetch()
        #expect(best.comments.map(\.content) == ["Nice"])
        let included = try #require(try await client.query(.topPosts(limit: 1, includes: { post in [post.comments] })))
        #expect(included.count == 1 && included[0]?.comments.isLoaded == true && included[0]?.comments.map(\.content) == ["Nice"])

        #expect(try await client.query(.titles()) == ["First", "Second"])
        let hostile = #"'; DROP TABLE "Post"; --"#
        #expect(try await client.query(.echoText(text: hostile)) == hostile)
        #expect(try await client.query(.echoText()) == nil)
    }

    @Test("functions: a pipeline taking a list of input objects (a field's default applied by the server), models, JSON, an async call")
    func functionHandlers() async throws {
        let (server, functions, client) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let receipt = try #require(try await client.mutate(.checkout(cart: [CartLine(sku: "a", quantity: 2), CartLine(sku: "b")], coupon: nil)))
        #expect(receipt.order == "o-1" && receipt.total == 12.5)
        #expect(receipt.lines.map(\.sku) == ["a", "b"] && receipt.lines.map(\.quantity) == [2, 1])
        // The values travelled as variables: the function sees them there, and the document names them only.
        let price = try #require(await functions.calls.events("price").first)
        let cart: JSONValue = .list([.object([("quantity", .int(2)), ("sku", .string("a"))]), .object([("sku", .string("b"))])])
        #expect(price["info"]?["variables"] == .object([("cart", cart)]))
        // The arguments the function receives have the input type's default filled in.
        let applied: JSONValue = .list([.object([("sku", .string("a")), ("quantity", .int(2))]), .object([("sku", .string("b")), ("quantity", .int(1))])])
        #expect(price["arguments"] == .object([("cart", applied)]))

        let recommended = try #require(try await client.query(.recommended(count: 2)))
        #expect(recommended.compactMap { $0?.title } == ["Second", "First"])
        let echoed = try #require(try await client.query(.echo(message: "hi", mood: .grumpy)))
        #expect(echoed.contains(#""mood":"GRUMPY""#) && echoed.contains(#""message":"hi""#))
        #expect(try await client.mutate(.notify(message: "hello"))?.success == true)

        await #expect {
            _ = try await client.query(.adminReport())
        } throws: { error in
            (error as? ModelGraphError)?.errorType == "Unauthorized" && (error as? ModelGraphError)?.kind == .graphQL
        }
    }
}
