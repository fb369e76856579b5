import Execution
import HTTPTypes
import Hummingbird
import Store
import Synchronization

/// Rejects requests without a valid `x-api-key` before any parsing work (docs/api-contract.md §11.2: HTTP 401 and the
/// `UnauthorizedException` body; 503 `ServiceUnavailable` when the database cannot be asked), and bounds the
/// requests one key may have in flight (429, `LimitExceeded`).
struct APIKeyMiddleware: RouterMiddleware {
    let keys: APIKeyStore
    let inFlight: InFlightRequests

    func handle(_ request: Request, context: ModelGraphRequestContext, next: (Request, ModelGraphRequestContext) async throws -> Response) async throws -> Response {
        var check = APIKeyStore.KeyCheck.invalid
        if let key = request.headers[HTTPField.Name("x-api-key")!] { check = await keys.check(key) }
        let id: String
        switch check {
        case .valid(let keyID):
            id = keyID
        case .invalid:
            return Self.json(.unauthorized, ResponseJSON.unauthorized)
        case .unavailable:
            // The key may well be good: say the service is down, so clients retry instead of discarding it.
            let body = ResponseJSON.failure(
                "The database is unavailable, so the API key could not be checked; try again shortly.", errorType: "ServiceUnavailable", requestID: context.requestID)
            return Self.json(.serviceUnavailable, body)
        }
        guard inFlight.enter(id) else {
            let body = ResponseJSON.failure("Too many concurrent requests for this API key (limit \(inFlight.limit)); retry shortly.", errorType: "LimitExceeded")
            return Self.json(.tooManyRequests, body)
        }
        defer { inFlight.leave(id) }
        var context = context
        context.apiKeyID = id
        return try await next(request, context)
    }

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Requests in flight per API key id.
package final class InFlightRequests: Sendable {
    /// Most requests one key may have in flight.
    package let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    /// Creates a counter.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Counts a request in; false when the key is at its limit.
    package func enter(_ id: String) -> Bool {
        counts.withLock { counts in
            let current = counts[id, default: 0]
            guard current < limit else { return false }
            counts[id] = current + 1
            return true
        }
    }

    /// Counts a request out.
    package func leave(_ id: String) {
        counts.withLock { counts in
            let remaining = counts[id, default: 1] - 1
            counts[id] = remaining > 0 ? remaining : nil
        }
    }
}
