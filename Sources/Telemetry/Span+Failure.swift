package import Tracing

extension Span {
    /// Marks the span failed with `type`, a name from ModelGraph's own vocabulary (an error's Swift type, a
    /// GraphQL `errorType`, an HTTP status class): never an error's message, which may quote the request's
    /// values. `error.type` is the attribute OpenTelemetry's conventions name for it.
    package func fail(_ type: String) {
        attributes["error.type"] = type
        setStatus(SpanStatus(code: .error, message: type))
    }

    /// Marks the span failed with the Swift type of `error` (its type's name only, not its description).
    package func fail(_ error: any Error) {
        fail(String(describing: Swift.type(of: error)))
    }
}
