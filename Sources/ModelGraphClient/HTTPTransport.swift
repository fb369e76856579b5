public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An HTTP answer: status and body.
public struct HTTPAnswer: Sendable {
    /// The status code.
    public var status: Int
    /// The body's bytes.
    public var body: [UInt8]

    /// Creates an answer.
    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// How the client's requests travel: one POST, one answer. The default is `URLSessionTransport`.
public protocol HTTPTransport: Sendable {
    /// Posts `body` to `url` with `headers`.
    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer
}

/// Foundation's URLSession (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession
    /// Seconds to wait for an answer before failing with a transport error (which `APIClient` answers by
    /// sending a query once more). A ModelGraph server answers within its own request budget, so waiting much
    /// longer only delays noticing a connection that broke without a word.
    public var timeout: TimeInterval

    /// A transport over `session`.
    public init(session: URLSession = .shared, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Posts with URLSession.
    public func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPAnswer(status: http.statusCode, body: Array(data))
    }
}
