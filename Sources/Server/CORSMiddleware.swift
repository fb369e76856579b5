import HTTPTypes
import Hummingbird

/// CORS for a configured list of origins (off when the list is empty). Answers preflight requests itself.
struct AllowedOriginsMiddleware<Context: RequestContext>: RouterMiddleware {
    let origins: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin], origins.contains(origin) || origins.contains("*") else {
            return try await next(request, context)
        }
        if request.method == .options {
            var headers = HTTPFields()
            headers[.accessControlAllowOrigin] = origin
            headers[.accessControlAllowMethods] = "GET, POST, OPTIONS"
            headers[.accessControlAllowHeaders] = "content-type, x-api-key, x-amz-user-agent"
            headers[.accessControlMaxAge] = "600"
            headers[.vary] = "Origin"
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = "x-request-id"
        response.headers[.vary] = "Origin"
        return response
    }
}
