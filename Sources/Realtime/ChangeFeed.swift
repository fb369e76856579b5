import Foundation
package import Logging
import Planner
import Postgres
import Store
import Synchronization

/// Reads the change log for this process, on one dedicated connection and thread (libpq blocks; no event loop
/// or cooperative thread waits on it).
///
/// The connection LISTENs on `ChangeLog.channel`; a notification, a local write (`noteLocalWrite`) or the
/// poll interval wakes the thread, which reads the changes after its cursor and hands them over in id order
/// (`nextBatch`). A notification is only a wake-up, so one lost while the connection was down loses nothing:
/// after a reconnect the thread LISTENs again and reads on from its cursor. Local writes are announced to the
/// other processes with a NOTIFY sent from this connection, in its own tiny transaction rather than in the
/// writer's, so writers never queue on the lock NOTIFY takes at commit; the poll also picks up writes made
/// outside ModelGraph. While no subscription is open the reader skips ahead instead of reading rows.
package final class ChangeFeed: Sendable {
    /// How the feed reads.
    package struct Configuration: Sendable {
        /// Where the change log is.
        package var conninfo: String
        /// The longest a change waits when no notification comes (writes made outside ModelGraph).
        package var pollInterval: Duration = .seconds(1)
        /// How long changes stay in the log (how long a process may be cut off without losing changes).
        package var retention: Duration = .seconds(600)
        /// How often this process prunes the log.
        package var pruneInterval: Duration = .seconds(60)
        /// Most changes handed over at once.
        package var batchSize = 500
        /// Most bytes of row images handed over at once (a change larger than this alone is handed over alone):
        /// what a batch holds in memory, several times over while it is read and delivered, whatever the rows'
        /// size.
        package var batchBytes = 4 << 20
        /// The shortest time between two reads. Under a stream of writes, reads then take the changes of several
        /// writes at once (one read and one delivery statement for many writes); a write after a quiet spell is
        /// read at once.
        package var minimumReadInterval: Duration = .milliseconds(50)
        /// The longest a gap in the log holds back the changes after it (`ChangeCursor`).
        package var gapPatience: Duration = .seconds(30)
        /// The change the feed starts after: the newest one when the server got ready, so that a write made
        /// after a subscription started is delivered however late the feed's thread first connects. Nil: the
        /// newest one when it does.
        package var startAfter: Int64?

        /// Creates a configuration.
        package init(conninfo: String) { self.conninfo = conninfo }
    }

    private struct State {
        var stopping = false
        var localWrite = false
        var pending: ChangeBatch?
        var waiter: CheckedContinuation<ChangeBatch?, Never>?
    }

    private let configuration: Configuration
    private let logger: Logger
    private let isInterested: @Sendable () -> Bool
    private let keysRevoked: @Sendable ([String]) -> Void
    private let state = Mutex(State())
    private let wake: WakePipe

    /// Creates a feed; `isInterested` says whether any subscription is open (read on the feed's thread).
    /// The feed's connection also hears API key revocations (`APIKeyStore.revocationChannel`) and passes the
    /// ids to `keysRevoked`, on its thread: it must return quickly.
    package init(
        configuration: Configuration, logger: Logger, keysRevoked: @escaping @Sendable ([String]) -> Void = { _ in },
        isInterested: @escaping @Sendable () -> Bool
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.isInterested = isInterested
        self.keysRevoked = keysRevoked
        wake = try WakePipe()
    }

    /// Starts the reading thread.
    package func start() {
        let thread = Thread { [self] in
            var loop = ChangeFeedLoop(feed: self)
            loop.run()
        }
        thread.name = "modelgraph-change-feed"
        thread.start()
    }

    /// Stops the thread (it closes its connection and ends within a poll interval); `nextBatch` returns nil
    /// from then on. Does not wait.
    package func stop() {
        let waiter = state.withLock { state -> CheckedContinuation<ChangeBatch?, Never>? in
            state.stopping = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
        wake.signal()
    }

    /// Says that a write committed here: the thread reads at once and tells the other processes.
    package func noteLocalWrite() {
        let first = state.withLock { state in
            defer { state.localWrite = true }
            return !state.localWrite
        }
        if first { wake.signal() }
    }

    /// The next batch of changes, in id order; nil once stopped.
    package func nextBatch() async -> ChangeBatch? {
        let taken: ChangeBatch?? = state.withLock { state in
            if let pending = state.pending {
                state.pending = nil
                return .some(pending)
            }
            return state.stopping ? .some(nil) : nil
        }
        if let taken {
            wake.signal()
            return taken
        }
        return await withCheckedContinuation { continuation in
            let ready: ChangeBatch?? = state.withLock { state in
                if let pending = state.pending {
                    state.pending = nil
                    return .some(pending)
                }
                if state.stopping { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready {
                continuation.resume(returning: ready)
                wake.signal()
            }
        }
    }

    // MARK: For the loop

    var settings: Configuration { configuration }
    var log: Logger { logger }
    var wantsChanges: Bool { isInterested() }
    func revoked(_ ids: [String]) { keysRevoked(ids) }
    var pipe: WakePipe { wake }
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// True once, after a local write was noted.
    func takeLocalWrite() -> Bool {
        state.withLock { state in
            defer { state.localWrite = false }
            return state.localWrite
        }
    }

    /// True when a batch may be handed over (the last one was taken).
    var canHandOver: Bool { state.withLock { $0.pending == nil } }

    /// Hands `batch` to the subscriptions (to a waiting `nextBatch`, or kept for the next one).
    func handOver(_ batch: ChangeBatch) {
        let waiter = state.withLock { state -> CheckedContinuation<ChangeBatch?, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending = batch
            return nil
        }
        waiter?.resume(returning: batch)
    }
}
