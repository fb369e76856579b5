import Authentication
import Execution
import HTTPTypes
import Hummingbird
import Logging

/// Decides who a request is before any parsing work (docs/api-contract.md §11.2), with the configured
/// authorization modes (`Authenticator`): nothing valid gets HTTP 401 and AppSync's `UnauthorizedException` body
/// (a refused token's reason goes to the log, beside the request id, never to the client); credentials that
/// cannot be checked (the database down for a key, the signing keys unreadable for a token) get 503
/// `ServiceUnavailable`. It bounds the requests one principal (API key or user) may have in flight (429,
/// `LimitExceeded`), and hands the credential on in the request's context.
struct AuthorizationMiddleware: RouterMiddleware {
    let authenticator: Authenticator
    let inFlight: InFlightRequests
    let logger: Logger

    func handle(_ request: Request, context: ModelGraphRequestContext, next: (Request, ModelGraphRequestContext) async throws -> Response) async throws -> Response {
        let verdict = await authenticator.authenticate(apiKey: request.headers.value(of: .apiKey), authorization: request.headers.value(of: .authorization))
        let credential: Credential
        switch verdict {
        case .accepted(let accepted):
            credential = accepted
        case .refused(let reason):
            if let reason { logger.info("request refused", metadata: ["requestId": "\(context.requestID)", "reason": "\(reason)"]) }
            // amplify-js names the error from this header, not from the body (it then refreshes or rotates modes).
            var refusal = Self.json(.unauthorized, ResponseJSON.unauthorized)
            refusal.headers[Self.errorTypeHeader] = "UnauthorizedException"
            return refusal
        case .unavailable(let unavailable):
            if case .signingKeys(let reason) = unavailable {
                logger.warning("token signing keys unavailable", metadata: ["requestId": "\(context.requestID)", "reason": "\(reason)"])
            }
            // The credentials may well be good: say the service is down, so clients retry instead of discarding them.
            return Self.json(.serviceUnavailable, ResponseJSON.failure(unavailable.message, errorType: "ServiceUnavailable", requestID: context.requestID))
        }
        guard inFlight.enter(credential.principal) else {
            let holder = credential.isAPIKey ? "API key" : "user"
            let body = ResponseJSON.failure("Too many concurrent requests for this \(holder) (limit \(inFlight.limit)); retry shortly.", errorType: "LimitExceeded")
            return Self.json(.tooManyRequests, body)
        }
        defer { inFlight.leave(credential.principal) }
        var context = context
        context.credential = credential
        return try await next(request, context)
    }

    /// AppSync's header naming the error of a refused request.
    static let errorTypeHeader = HTTPField.Name("x-amzn-ErrorType")!

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
