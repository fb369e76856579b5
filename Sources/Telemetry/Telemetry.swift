import Synchronization
package import Tracing

/// Whether this process records traces, and the tracer it records them with. Set once, before the server
/// starts (`enable`); until then, and always in a build without the `OpenTelemetry` trait, `isEnabled` is
/// false and every instrumented place skips its tracing work after that one check: no tracer lookup, no
/// span, no attribute is built on the request path.
package enum Telemetry {
    /// The fast check: one relaxed atomic load.
    private static let enabled = Atomic<Bool>(false)
    /// The tracer spans are started with, once enabled.
    private static let storedTracer = Mutex<(any Tracer)?>(nil)

    /// True once `enable` ran: spans are recorded (subject to the tracer's sampler).
    @inline(__always)
    package static var isEnabled: Bool { enabled.load(ordering: .relaxed) }

    /// The tracer to start spans with; only meaningful when `isEnabled`.
    package static var tracer: any Tracer { storedTracer.withLock { $0 } ?? NoOpTracer() }

    /// Turns tracing on with `tracer` for the rest of the process.
    package static func enable(tracer: any Tracer) {
        storedTracer.withLock { $0 = tracer }
        enabled.store(true, ordering: .releasing)
    }

    /// The context of the traced work this task is part of (an HTTP request, a delivery batch), or nil when
    /// tracing is off or the task is part of none: the places that make child spans (planning, statements,
    /// the pool, outgoing calls) make none for start-up work, health checks or WebSocket messages, which
    /// would otherwise each start a trace of their own.
    /// Nil too while the traced work's own span is not recorded (its trace was not sampled): its children would
    /// be dropped by the sampler anyway, so none is started.
    @inline(__always)
    package static var parent: ServiceContext? { isEnabled && recording ? ServiceContext.current : nil }

    /// The context outgoing calls carry in `traceparent`, sampled or not (an unsampled trace is passed on as
    /// unsampled, so the function's own tracing keeps the caller's decision); nil when tracing is off or the
    /// task is part of no traced work.
    @inline(__always)
    package static var propagated: ServiceContext? { isEnabled ? ServiceContext.current : nil }

    /// False while the traced work this task is part of was not sampled (bound by whoever started its span).
    @TaskLocal package static var recording = true
}

extension Telemetry {
    /// The server span of the HTTP request this task serves (bound by the server's tracing middleware), so
    /// the handler can add what it learns later: the operation's name and type.
    @TaskLocal package static var requestSpan: (any Span)?
}
