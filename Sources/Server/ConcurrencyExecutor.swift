import NIOCore
import NIOPosix

/// How the process schedules Swift concurrency.
package enum ConcurrencyExecutor {
    /// Runs Swift concurrency's global executor on NIO's event loops, so a request's task continues on the
    /// event loop thread that read it and writes its response there without a thread hop. Call it first in
    /// `main`, before any task runs; returns false when concurrency was already in use.
    @discardableResult
    package static func adoptEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
