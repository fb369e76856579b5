import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Telemetry
import Tracing

/// The client span of one outgoing call (a function's, or an `@http` field's), made only while tracing is on.
/// The call carries the span's context in `traceparent`/`tracestate`, so a trace continues into the
/// function's own code. The span holds the function's name or the endpoint's host, the method and the status,
/// never the URL's path or query (an `@http` URL holds the request's arguments) or the body. For a request
/// whose trace was not sampled no span is made, and the call carries the request's context, marked unsampled.
struct CallTrace: Sendable {
    /// The call's span, when its trace is recorded.
    let span: (any Span)?
    /// The context the call carries.
    let context: ServiceContext

    /// A span named `name` for a call to `url`, child of the current context; nil while tracing is off or the
    /// call belongs to no traced work.
    static func begin(_ name: String, method: String, url: String, attributes: (inout SpanAttributes) -> Void = { _ in }) -> CallTrace? {
        guard let parent = Telemetry.parent else { return Telemetry.propagated.map { CallTrace(span: nil, context: $0) } }
        let span = Telemetry.tracer.startSpan(name, context: parent, ofKind: .client)
        let endpoint = URL(string: url)
        span.updateAttributes { attributes in
            attributes["http.request.method"] = method
            attributes["server.address"] = endpoint?.host
            attributes["server.port"] = endpoint?.port
        }
        span.updateAttributes(attributes)
        return CallTrace(span: span, context: span.context)
    }

    /// Adds the call's trace-context headers to an outgoing request's.
    func inject(into headers: inout HTTPHeaders) {
        for field in TraceHeaders.injected(context, with: Telemetry.tracer).fields { headers.replaceOrAdd(name: field.name, value: field.value) }
    }

    /// Records the endpoint's answer status.
    func answered(_ status: UInt) {
        span?.attributes["http.response.status_code"] = Int(status)
    }

    /// Ends the span, failed with `errorType` when there is one.
    func end(failure errorType: String?) {
        if let errorType { span?.fail(errorType) }
        span?.end()
    }
}
