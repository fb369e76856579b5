import Foundation
import ModelGraphClient
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every guide's walkthrough gets: the client, a count of the requests it sent, and a tag that keeps this
/// run's records apart from earlier runs' on the same server.
struct Guide: Sendable {
    /// The client, over `requests`.
    let client: APIClient
    /// Counts what the client sends, so a step can say how many requests it cost.
    let requests: CountingTransport
    /// A short random tag for identifiers and names.
    let run: String

    /// A client for `endpoint`, counting its requests.
    init(endpoint: URL, authorization: Authorization) {
        requests = CountingTransport()
        client = APIClient(endpoint: endpoint, authorization: authorization, transport: requests)
        run = String(newModelID().prefix(8))
    }

    /// Prints a step the walkthrough took.
    func step(_ text: String) {
        print("- \(text)")
    }

    /// Checks what a step promised; a broken promise stops the walkthrough with a non-zero exit.
    func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws(GuideFailure) {
        guard actual == expected else { throw GuideFailure(message: "\(what): expected \(expected), got \(actual)") }
        print("  ok: \(what) = \(actual)")
    }

    /// Runs `body`, returning how many requests it sent along with its result.
    func counting<T>(_ body: () async throws -> T) async rethrows -> (T, Int) {
        let before = requests.count
        let result = try await body()
        return (result, requests.count - before)
    }
}

/// A step whose outcome was not the guide's.
struct GuideFailure: Error, CustomStringConvertible {
    /// What was expected and what happened.
    let message: String

    /// The message.
    var description: String { message }
}

/// URLSession, counting the requests that go through it.
final class CountingTransport: HTTPTransport {
    private let sent = Mutex(0)
    private let transport = URLSessionTransport()

    /// The requests sent so far.
    var count: Int { sent.withLock { $0 } }

    /// Counts, then posts.
    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        sent.withLock { $0 += 1 }
        return try await transport.post(url: url, headers: headers, body: body)
    }
}
