import Telemetry
import Tracing

/// The trace of one pooled job, made only while tracing is on: the context of the span that asked (captured
/// on the asking task, since task-locals do not reach the pool's threads) and when the job was queued. On the
/// worker thread it records two children of that span: `postgresql.pool_wait`, the time from queueing until a
/// connection took the job, and `postgresql.execute`, the time the job ran on the connection.
struct PoolTrace: Sendable {
    /// The asking span's context.
    let context: ServiceContext
    /// When the job was queued.
    let queued: DefaultTracerClock.Instant

    /// A trace of a job queued now, or nil while tracing is off (one atomic load) or the job belongs to no
    /// traced work.
    static func begin() -> PoolTrace? {
        guard let parent = Telemetry.parent else { return nil }
        return PoolTrace(context: parent, queued: DefaultTracerClock.now)
    }

    /// Records the wait (it ends now) and starts the span of the job's run on the connection.
    func connectionTaken() -> any Span {
        let tracer = Telemetry.tracer
        let now = DefaultTracerClock.now
        let wait = tracer.startSpan("postgresql.pool_wait", context: context, ofKind: .internal, at: queued)
        wait.end(at: now)
        let run = tracer.startSpan("postgresql.execute", context: context, ofKind: .client, at: now)
        run.attributes["db.system.name"] = "postgresql"
        return run
    }

    /// Records a job that got no connection (the database could not be reached): the wait, failed.
    func connectionFailed(_ error: PostgresError) {
        let wait = Telemetry.tracer.startSpan("postgresql.pool_wait", context: context, ofKind: .internal, at: queued)
        wait.fail("PostgresError.\(error.kind)")
        wait.end()
    }
}
