public import Foundation

/// Sends requests to a ModelGraph (or AppSync) GraphQL endpoint and reads the answers into models.
///
/// ```swift
/// let client = APIClient(endpoint: url, authorization: .apiKey(key))
/// let team = try await client.query(.get(Team.self, byIdentifier: id, includes: { team in [team.members] }))
/// ```
public struct APIClient: Sendable {
    /// The GraphQL endpoint (`https://host/graphql`).
    public var endpoint: URL
    /// How requests say who is asking.
    public var authorization: Authorization
    /// How requests travel.
    public var transport: any HTTPTransport
    /// How many more times a query is sent after its transport failed (no answer came, or the connection broke);
    /// a query only reads, so sending it again is harmless. Mutations are never sent again: one whose answer
    /// was lost may have been applied.
    public var queryRetries: Int

    /// Creates a client; the transport defaults to URLSession.
    public init(endpoint: URL, authorization: Authorization = .none, transport: any HTTPTransport = URLSessionTransport(), queryRetries: Int = 1) {
        self.endpoint = endpoint
        self.authorization = authorization
        self.transport = transport
        self.queryRetries = queryRetries
    }

    /// Runs a query and reads its answer.
    public func query<R>(_ request: GraphQLRequest<R>) async throws(ModelGraphError) -> R {
        try await send(request)
    }

    /// Runs a mutation and reads its answer.
    public func mutate<R>(_ request: GraphQLRequest<R>) async throws(ModelGraphError) -> R {
        try await send(request)
    }

    /// Posts the request; GraphQL errors in the answer throw (the first, carrying the others), whatever the status.
    private func send<R>(_ request: GraphQLRequest<R>) async throws(ModelGraphError) -> R {
        if let invalid = request.invalid { throw invalid }
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        switch authorization {
        case .none: break
        case .apiKey(let key): headers["x-api-key"] = key
        case .token(let provider):
            do {
                headers["Authorization"] = try await provider()
            } catch {
                throw ModelGraphError(kind: .transport, message: "the token provider failed: \(error)")
            }
        }
        let answer = try await post(headers: headers, body: Array(request.body.jsonText.utf8), retries: request.isQuery ? queryRetries : 0)
        guard let body = GraphQLValue(jsonText: answer.body) else {
            if answer.status != 200 { throw ModelGraphError(kind: .httpStatus(answer.status), message: String(decoding: answer.body, as: UTF8.self)) }
            throw .decoding("the answer is not JSON: \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
        }
        if case .list(let errors)? = body["errors"], let error = ModelGraphError.graphQL(errors) { throw error }
        guard answer.status == 200 else { throw ModelGraphError(kind: .httpStatus(answer.status), message: body.jsonText) }
        guard let data = body["data"], let value = data[request.responseField] else { throw .decoding("the answer has no data.\(request.responseField)") }
        return try request.decode(value, DecodingContext(client: self))
    }

    /// Posts the body, sending it again up to `retries` times after a transport error (not after cancellation),
    /// a moment later each time.
    private func post(headers: [String: String], body: [UInt8], retries: Int) async throws(ModelGraphError) -> HTTPAnswer {
        var attempt = 0
        while true {
            do {
                return try await transport.post(url: endpoint, headers: headers, body: body)
            } catch {
                if attempt >= retries || Task.isCancelled || Self.isCancellation(error) { throw ModelGraphError(kind: .transport, message: "\(error)") }
                attempt += 1
                try? await Task.sleep(for: .milliseconds(100 * attempt))
            }
        }
    }

    /// Whether a transport error is the task's cancellation rather than a failure.
    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let error = error as? URLError, error.code == .cancelled { return true }
        return false
    }
}

/// How a request says who is asking.
public enum Authorization: Sendable {
    /// No credentials.
    case none
    /// An API key, sent as `x-api-key`.
    case apiKey(String)
    /// A JSON Web Token from a user pool or OpenID Connect provider, sent as `Authorization`; the provider is
    /// asked before every request, so it can refresh the token.
    case token(@Sendable () async throws -> String)

    /// A fixed token.
    public static func jwt(_ token: String) -> Authorization { .token { token } }
}
