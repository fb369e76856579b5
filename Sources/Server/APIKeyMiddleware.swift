import HTTPTypes
import Hummingbird
import Store

/// Rejects requests without a valid `x-api-key` before any parsing work (contract §5.1: HTTP 401 and the
/// `UnauthorizedException` body).
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let keys: APIKeyStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let key = request.headers[HTTPField.Name("x-api-key")!], await keys.verify(key) else {
            return Response(
                status: .unauthorized,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: GraphQLResponse.unauthorized))
            )
        }
        return try await next(request, context)
    }
}
