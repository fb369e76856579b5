import Dispatch
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM while `serve` starts, before the HTTP server handles them (it drains and stops in order).
/// Without this they would end the process on the spot and leave the embedded PostgreSQL running. The first
/// signal asks for a stop at the next step of start-up (`check()`), which returns through the usual clean-up;
/// a second one before that step exits at once and says what it leaves running.
final class StartupSignals: @unchecked Sendable {
    /// Thrown by `check()` once a stop was asked for.
    struct StopRequested: Error {}

    private let logger: Logger
    private let lock = NSLock()
    private var requested = false
    private var handedOver = false
    private var stopping = false
    private var sources: [any DispatchSourceSignal] = []

    /// Starts catching SIGINT and SIGTERM.
    init(logger: Logger) {
        self.logger = logger
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.received() }
            source.resume()
            sources.append(source)
        }
    }

    /// Throws `StopRequested` when a signal asked to stop; the clean-up that follows is not interrupted.
    func check() throws {
        let stop = lock.withLock { () -> Bool in
            if requested { stopping = true }
            return requested
        }
        if stop { throw StopRequested() }
    }

    /// The HTTP server handles the signals from now on; a stop asked for meanwhile is passed on to it.
    func handOver() {
        let pending = lock.withLock { () -> Bool in
            handedOver = true
            return requested
        }
        if pending { kill(getpid(), SIGTERM) }
    }

    private func received() {
        let (first, active, cleaningUp) = lock.withLock { () -> (Bool, Bool, Bool) in
            defer { requested = true }
            return (!requested, !handedOver, stopping)
        }
        guard active else { return }
        if cleaningUp {
            logger.info("already stopping")
        } else if first {
            logger.info("stop requested while starting; stopping once the current step ends (signal again to exit at once)")
        } else {
            logger.warning("interrupted again: exiting now; an embedded PostgreSQL this serve started keeps running until the next serve stops it")
            exit(1)
        }
    }
}
