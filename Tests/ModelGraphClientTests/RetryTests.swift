import Foundation
import ModelGraphClient
import Synchronization
import TeamMembersModels
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Client retries")
struct RetryTests {
    static let endpoint = URL(string: "http://127.0.0.1:1/graphql")!

    @Test("a query whose transport fails is sent once more and answers; a mutation is sent once and throws .transport")
    func queriesOnly() async throws {
        let flaky = FlakyTransport(failures: 1, answer: #"{"data":{"getTeam":{"id":"t1","mantra":"Go","__typename":"Team"}}}"#)
        let client = APIClient(endpoint: Self.endpoint, transport: flaky)
        #expect(try await client.query(.get(Team.self, byIdentifier: "t1"))?.mantra == "Go")
        #expect(flaky.posts == 2)

        let failing = FlakyTransport(failures: 1, answer: #"{"data":{"createTeam":{"id":"t1","mantra":"Go","__typename":"Team"}}}"#)
        let writer = APIClient(endpoint: Self.endpoint, transport: failing)
        await #expect(throws: ModelGraphError.self) { try await writer.mutate(.create(Team(id: "t1", mantra: "Go"))) }
        #expect(failing.posts == 1)
    }

    @Test("a query gives up after queryRetries more tries, and never retries a cancellation")
    func limits() async throws {
        let down = FlakyTransport(failures: 10, answer: "")
        let client = APIClient(endpoint: Self.endpoint, transport: down, queryRetries: 2)
        do {
            _ = try await client.query(.get(Team.self, byIdentifier: "t1"))
            Issue.record("a transport that always fails should throw")
        } catch {
            #expect(error.kind == .transport)
        }
        #expect(down.posts == 3)

        let cancelled = FlakyTransport(failures: 10, answer: "", error: URLError(.cancelled))
        let patient = APIClient(endpoint: Self.endpoint, transport: cancelled, queryRetries: 2)
        await #expect(throws: ModelGraphError.self) { try await patient.query(.get(Team.self, byIdentifier: "t1")) }
        #expect(cancelled.posts == 1)
    }
}

/// Fails the first `failures` posts with `error`, then answers `answer`; counts the posts.
final class FlakyTransport: HTTPTransport {
    private let state = Mutex(0)
    let failures: Int
    let answer: String
    let error: URLError

    init(failures: Int, answer: String, error: URLError = URLError(.networkConnectionLost)) {
        self.failures = failures
        self.answer = answer
        self.error = error
    }

    /// The posts so far.
    var posts: Int { state.withLock { $0 } }

    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        let number = state.withLock { count in
            count += 1
            return count
        }
        if number <= failures { throw error }
        return HTTPAnswer(status: 200, body: Array(answer.utf8))
    }
}
