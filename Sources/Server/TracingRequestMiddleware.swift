import Execution
import HTTPTypes
import Hummingbird
import Telemetry
import Tracing

/// The server span of every request to `/graphql`, installed (first on that route) only while tracing is on. Its parent is the
/// trace the request's `traceparent`/`tracestate` name, read from those two headers alone; its attributes are
/// the method, the matched route, the status, the request id and, once the handler ran it, the GraphQL
/// operation's name and type. Nothing the client sent as a value (the URL's query, the body, other headers)
/// is recorded. The span is the current context while the request runs, so planning, statements and
/// function calls are its children.
struct TracingRequestMiddleware: RouterMiddleware {
    /// The request's W3C trace-context headers.
    private static let traceparent = HTTPField.Name("traceparent")!
    private static let tracestate = HTTPField.Name("tracestate")!

    func handle(_ request: Request, context: ModelGraphRequestContext, next: (Request, ModelGraphRequestContext) async throws -> Response) async throws -> Response {
        let tracer = Telemetry.tracer
        let headers = TraceHeaders(traceparent: request.headers[Self.traceparent], tracestate: request.headers[Self.tracestate])
        let method = request.method.rawValue
        let span = tracer.startSpan(method, context: headers.extractedContext(with: tracer), ofKind: .server)
        span.updateAttributes { attributes in
            attributes["http.request.method"] = method
            attributes["modelgraph.request.id"] = context.requestID
        }
        defer { span.end() }
        do {
            let response = try await ServiceContext.$current.withValue(span.context) {
                try await Telemetry.$recording.withValue(span.isRecording) {
                    try await Telemetry.$requestSpan.withValue(span) { try await next(request, context) }
                }
            }
            finish(span, method: method, route: context.endpointPath, status: Int(response.status.code))
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            finish(span, method: method, route: context.endpointPath, status: Int(status))
            throw error
        }
    }

    /// Names the span after its route (`POST /graphql`) and records the status; a 5xx marks it failed.
    private func finish(_ span: any Span, method: String, route: String?, status: Int) {
        if let route { span.operationName = "\(method) \(route)" }
        span.updateAttributes { attributes in
            attributes["http.route"] = route
            attributes["http.response.status_code"] = status
        }
        if status >= 500 { span.fail(String(status)) }
    }

    /// Adds what running the operation told to the request's span: the operation's name (as the document or
    /// the client names it, at most 128 characters) and type, and the first error's type when it failed.
    /// Called only while tracing is on.
    static func record(_ result: ExecutionResult) {
        guard let span = Telemetry.requestSpan else { return }
        span.updateAttributes { attributes in
            if let name = result.operationName { attributes["graphql.operation.name"] = String(name.prefix(128)) }
            if let kind = result.kind { attributes["graphql.operation.type"] = kind.rawValue }
        }
        if let first = result.errors.first { span.fail(first.errorType ?? "GraphQLError") }
    }
}
