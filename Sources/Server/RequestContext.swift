import Authentication
import Execution
import HTTPTypes
import Hummingbird
import NIOCore
import Planner

/// The context of every request: Hummingbird's core storage plus the request's id, drawn when the request
/// arrives so every response (401s and health checks included) and every log line can carry it.
struct ModelGraphRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    var coreContext: CoreRequestContextStorage
    /// The id sent back in `x-request-id` and written on the request's log lines.
    let requestID: String
    /// The connection the request came on; only `/metrics` asks where it comes from (`isLocalClient`), so
    /// the address is not read on every request.
    let channel: any Channel
    /// What the request's credentials proved (its caller, and the API key or user it counts under), once
    /// `AuthorizationMiddleware` has checked them.
    var credential: Credential?

    /// Creates the context of a request that just arrived.
    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        requestID = RequestIDs.shared.next()
        channel = source.channel
    }

    /// The request's origin for the executor: its id, its caller and the principal it counts under, and whether
    /// its client is still connected.
    var origin: RequestOrigin {
        let channel = channel
        return RequestOrigin(
            requestID: requestID, keyID: credential?.principal, caller: credential?.caller ?? .apiKey, isConnected: { await ClientConnection.isOpen(channel) })
    }

    /// The origin of `request`, which also tells a custom operation's handler the request's headers and the
    /// client's address (read only when a handler asks).
    func origin(of request: Request) -> RequestOrigin {
        var origin = origin
        let headers = request.headers
        let channel = channel
        origin.details = {
            let address = channel.remoteAddress?.ipAddress
            var merged: [(String, String)] = []
            for field in headers {
                let name = field.name.canonicalName.lowercased()
                if let index = merged.firstIndex(where: { $0.0 == name }) { merged[index].1 += "," + field.value } else { merged.append((name, field.value)) }
            }
            return RequestDetails(headers: merged, sourceIP: address)
        }
        return origin
    }

    /// True when the client connected from this machine (a loopback address or a Unix socket).
    var isLocalClient: Bool {
        switch channel.remoteAddress {
        case .v4?: channel.remoteAddress?.ipAddress?.hasPrefix("127.") == true
        case .v6?: channel.remoteAddress?.ipAddress == "::1"
        case .unixDomainSocket?: true
        case nil: false
        }
    }
}

/// Adds `x-request-id` to every response, whichever route or middleware produced it.
struct RequestIDMiddleware: RouterMiddleware {
    /// The header's name.
    static let header = HTTPField.Name("x-request-id")!

    func handle(_ request: Request, context: ModelGraphRequestContext, next: (Request, ModelGraphRequestContext) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = context.requestID
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.header] = context.requestID
            return response
        }
    }
}
