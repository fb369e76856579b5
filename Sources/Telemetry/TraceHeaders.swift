package import Tracing

/// The W3C trace-context headers of one message, and nothing else. An incoming request's context is
/// extracted from these two values only, so whatever the tracer writes about a malformed `traceparent`
/// cannot include the request's other headers (its `Authorization`, its API key).
package struct TraceHeaders: Sendable {
    /// The `traceparent` header's value.
    package var traceparent: String?
    /// The `tracestate` header's value.
    package var tracestate: String?

    /// Headers with the given values.
    package init(traceparent: String? = nil, tracestate: String? = nil) {
        self.traceparent = traceparent
        self.tracestate = tracestate
    }

    /// The context of a request that came with these headers: its trace continued when `traceparent` names
    /// one, else a new trace.
    package func extractedContext(with tracer: any Tracer) -> ServiceContext {
        var context = ServiceContext.topLevel
        guard traceparent != nil else { return context }
        tracer.extract(self, into: &context, using: TraceHeadersExtractor())
        return context
    }

    /// The headers that carry `context` to another service (`traceparent`, and `tracestate` when there is one).
    package static func injected(_ context: ServiceContext, with tracer: any Tracer) -> TraceHeaders {
        var headers = TraceHeaders()
        tracer.inject(context, into: &headers, using: TraceHeadersInjector())
        return headers
    }

    /// The headers as name–value pairs, for a request being sent.
    package var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if let traceparent { fields.append(("traceparent", traceparent)) }
        if let tracestate { fields.append(("tracestate", tracestate)) }
        return fields
    }
}

/// Reads the two trace-context headers; any other key is absent.
private struct TraceHeadersExtractor: Extractor {
    func extract(key: String, from carrier: TraceHeaders) -> String? {
        switch key.lowercased() {
        case "traceparent": carrier.traceparent
        case "tracestate": carrier.tracestate
        default: nil
        }
    }
}

/// Writes the two trace-context headers; the tracer writes no other.
private struct TraceHeadersInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout TraceHeaders) {
        switch key.lowercased() {
        case "traceparent": carrier.traceparent = value
        case "tracestate": carrier.tracestate = value
        default: break
        }
    }
}
