import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the process schedules Swift concurrency.
package enum ConcurrencyExecutor {
    /// Runs Swift concurrency's global executor on NIO's event loops, so a request's task continues on the
    /// event loop thread that read it and writes its response there without a thread hop. Call it first in
    /// `main`, before any task runs; returns false when called twice, when the runtime has no hook, or when
    /// something else already installed one (then Swift's own pool runs tasks, which is correct, only slower).
    /// `count` event loop threads serve HTTP (and run Swift concurrency).
    ///
    /// This is NIO's `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor` with one
    /// difference: NIO runs each job isolated to the event loop's serial executor, so every call into a
    /// nonisolated async function (which asks for the generic executor) no longer matches and is re-queued
    /// on the loop: 31 such switches per bare `GET /healthz`, 66 per point lookup (uprobes on
    /// `swift_task_switch` under wrk). Jobs run here on the generic executor, as Swift's own global executor
    /// runs them, so those calls continue inline.
    @discardableResult
    package static func adoptEventLoops(count: Int = defaultEventLoopCount) -> Bool {
        NIOSingletons.groupLoopCountSuggestion = max(1, count)
        guard !installed.exchange(true, ordering: .relaxed) else { return false }
        guard let hook = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
        let slot = hook.assumingMemoryBound(to: EnqueueGlobalHook?.self)
        guard slot.pointee == nil else { return false }
        slot.pointee = { job, _ in ConcurrencyExecutor.enqueue(job) }
        return true
    }

    /// Runs `job` on an event loop: the current one when called on a loop of the group (`any()` is sticky),
    /// so no thread hop.
    private static func enqueue(_ job: UnownedJob) {
        MultiThreadedEventLoopGroup.singleton.any().execute {
            job.runSynchronously(on: genericExecutor)
        }
    }

    /// Event loops when none are configured: half the processor cores, at least one. ModelGraph shares its
    /// machine with PostgreSQL (embedded, or beside it); one loop per core left the loops sleeping and waking
    /// for every request on 2 cores, where one busy loop handles several per wake-up (docs/performance.md:
    /// 146 → 95 µs of server CPU per point lookup).
    package static var defaultEventLoopCount: Int {
        max(1, System.coreCount / 2)
    }

    /// The runtime's hook type: the job, and the runtime's own enqueue (unused: the event loops run every job).
    private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    private static let installed = Atomic<Bool>(false)

    /// The runtime's generic executor (`SerialExecutorRef::generic()`: identity and witness table both null),
    /// which Swift's own global executor passes to `swift_job_run`. Not constructible through public API.
    private static let genericExecutor: UnownedSerialExecutor = unsafeBitCast((0, 0) as (Int, Int), to: UnownedSerialExecutor.self)
}
