import Authentication
import Execution
import Foundation
import HTTPTypes
import Hummingbird
import JSON
import Studio

/// The studio's routes: the page at `/` (and on `GET /graphql` for a client that accepts HTML, through
/// `StudioPageMiddleware`), its files at `/studio/<path>`, `/studio/config.json`, and `POST /studio/plan`
/// (behind the same credentials check as `/graphql`). Every answer carries the studio's headers.
enum StudioRoutes {
    /// The Content-Security-Policy of every studio response: the page's own scripts and styles only (no inline
    /// script or style, no eval), requests to this server only (WebSockets included), never framed.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// The headers every studio response carries.
    static var securityHeaders: HTTPFields {
        [
            HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy, HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
    }

    /// Adds the routes to `router`; `authorization` guards the plan endpoint.
    static func add(
        to router: Router<ModelGraphRequestContext>, settings: StudioSettings, authorization: AuthorizationMiddleware, handler: StudioPlanHandler, authModes: [String]
    ) {
        let assets = settings.assets
        let config = configJSON(settings: settings, authModes: authModes)
        router.get("/") { request, _ in asset(assets.index, request: request) }
        router.get("/studio/config.json") { _, _ in json(.ok, config) }
        if settings.plans {
            router.group("studio/plan").add(middleware: authorization).post { request, context in await handler.post(request, origin: context.origin) }
        } else {
            router.post("/studio/plan") { _, _ in
                json(
                    .notFound,
                    ResponseJSON.gatewayFailure(
                        "This server does not show plans: start serve with --studio-plans to see the SQL of operations and PostgreSQL's plans.", errorType: "StudioPlansDisabled"))
            }
        }
        router.get("/studio/**") { request, _ in
            let path = request.uri.path.dropFirst("/studio/".count)
            return asset(assets.asset(at: String(path)), request: request)
        }
    }

    /// `/studio/config.json`: what the page needs to know of this server.
    static func configJSON(settings: StudioSettings, authModes: [String]) -> String {
        "{\"plans\":" + (settings.plans ? "true" : "false") + ",\"realtimePath\":\"/graphql/realtime\",\"version\":" + JSONText.quote(settings.assets.version)
            + ",\"authModes\":[" + authModes.map(JSONText.quote).joined(separator: ",") + "]}"
    }

    /// An asset (304 when the client holds this version), or 404 when there is none at the path.
    static func asset(_ asset: StudioAsset?, request: Request) -> Response {
        var headers = securityHeaders
        guard let asset else {
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
        }
        headers[.eTag] = asset.etag
        // Asset names carry no version: the browser asks again each time and gets a 304 while it holds the latest.
        headers[.cacheControl] = "no-cache"
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == asset.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }

    /// A JSON answer with the studio's headers, never cached.
    static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Answers `GET /graphql` with the studio's page when the client accepts HTML (a browser opening the address),
/// before any credentials are asked for; every other request goes on to the API.
struct StudioPageMiddleware: RouterMiddleware {
    let index: StudioAsset?

    func handle(_ request: Request, context: ModelGraphRequestContext, next: (Request, ModelGraphRequestContext) async throws -> Response) async throws -> Response {
        guard request.method == .get, Self.acceptsHTML(request.headers[.accept]) else { return try await next(request, context) }
        return StudioRoutes.asset(index, request: request)
    }

    /// True when an `Accept` header names `text/html`.
    static func acceptsHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        return accept.split(separator: ",").contains { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "text/html" }
    }
}
