import NIOCore
import NIOPosix

/// How the process schedules Swift concurrency.
package enum ConcurrencyExecutor {
    /// Runs Swift concurrency's global executor on NIO's event loops, so a request's task continues on the
    /// event loop thread that read it and writes its response there without a thread hop. Call it first in
    /// `main`, before any task runs; returns false when concurrency was already in use.
    /// `count` event loop threads serve HTTP (and run Swift concurrency).
    @discardableResult
    package static func adoptEventLoops(count: Int = defaultEventLoopCount) -> Bool {
        NIOSingletons.groupLoopCountSuggestion = max(1, count)
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Event loops when none are configured: half the processor cores, at least one. ModelGraph shares its
    /// machine with PostgreSQL (embedded, or beside it); one loop per core left the loops sleeping and waking
    /// for every request on 2 cores, where one busy loop handles several per wake-up (docs/performance.md:
    /// 146 → 95 µs of server CPU per point lookup).
    package static var defaultEventLoopCount: Int {
        max(1, System.coreCount / 2)
    }
}
