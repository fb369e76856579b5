import Synchronization

/// How many requests of one API key may use the database at once, the rest waiting in arrival order.
///
/// The pool serves statements first come, first served; without this, one key with hundreds of requests in
/// flight queues hundreds of statements ahead of everyone else's. With at most `permits` (by default the
/// pool's size) per key, another key's statement waits behind at most that many of each busy key's. Parsing,
/// planning and writing answers are not held back, so one key alone still keeps every connection busy.
package final class KeyPermits: Sendable {
    /// Requests of one key that may use the database at once.
    package let permits: Int
    /// Requests of one key that may wait for a permit; one more is refused.
    package let maximumWaiting: Int

    /// Whether a request may go on.
    package enum Outcome: Sendable, Equatable {
        /// It holds a permit until `release`.
        case granted
        /// Too many of the key's requests are already waiting.
        case queueFull
        /// No permit came free within the time allowed, or the request was cancelled while waiting.
        case timedOut
    }

    private struct Waiter {
        let ticket: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct KeyState {
        var held = 0
        /// In arrival order; at most `maximumWaiting` long, so removing from the front stays cheap.
        var waiting: [Waiter] = []
    }

    private struct State {
        var keys: [String: KeyState] = [:]
        var nextTicket: UInt64 = 0
        /// Tickets drawn and not yet queued, and whether they timed out or were cancelled in between.
        var pending: [UInt64: Bool] = [:]
    }

    private let state = Mutex(State())

    /// Creates permits: `permits` per key at once, `maximumWaiting` more per key waiting.
    package init(permits: Int, maximumWaiting: Int = 1024) {
        self.permits = max(1, permits)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// Waits (in arrival order) for one of `key`'s permits, at most `timeout` (nil: as long as it takes).
    package func acquire(_ key: String, timeout: Duration?) async -> Outcome {
        enum Immediate { case granted, full, wait(UInt64) }
        let immediate: Immediate = state.withLock { state in
            var entry = state.keys[key, default: KeyState()]
            if entry.held < permits {
                entry.held += 1
                state.keys[key] = entry
                return .granted
            }
            guard entry.waiting.count < maximumWaiting else { return .full }
            state.nextTicket += 1
            state.pending[state.nextTicket] = false
            return .wait(state.nextTicket)
        }
        switch immediate {
        case .granted: return .granted
        case .full: return .queueFull
        case .wait(let ticket): return await wait(key, ticket: ticket, timeout: timeout) ? .granted : .timedOut
        }
    }

    /// Gives a permit back: to the key's first waiter, if any.
    package func release(_ key: String) {
        let next: Waiter? = state.withLock { state in
            guard var entry = state.keys[key] else { return nil }
            if !entry.waiting.isEmpty {
                let waiter = entry.waiting.removeFirst()
                // The permit passes straight to the waiter: `held` stays as it is.
                state.keys[key] = entry
                return waiter
            }
            entry.held -= 1
            state.keys[key] = entry.held > 0 ? entry : nil
            return nil
        }
        next?.continuation.resume(returning: true)
    }

    /// Requests of `key` holding a permit and waiting for one (for tests and metrics).
    package func counts(_ key: String) -> (held: Int, waiting: Int) {
        state.withLock { state in
            let entry = state.keys[key]
            return (entry?.held ?? 0, entry?.waiting.count ?? 0)
        }
    }

    /// Queues the waiter with `ticket`; true when it was handed a permit, false when it timed out or was
    /// cancelled first (then it is no longer queued).
    private func wait(_ key: String, ticket: UInt64, timeout: Duration?) async -> Bool {
        let timer = timeout.map { timeout in
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { self?.abandon(key, ticket: ticket) }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let queued = state.withLock { state in
                    // Timed out or cancelled before it could queue: `abandon` found nothing to remove.
                    let abandoned = state.pending.removeValue(forKey: ticket) ?? true
                    if abandoned { return false }
                    state.keys[key, default: KeyState()].waiting.append(Waiter(ticket: ticket, continuation: continuation))
                    return true
                }
                if !queued { continuation.resume(returning: false) }
            }
        } onCancel: {
            abandon(key, ticket: ticket)
        }
    }

    /// Takes the waiter with `ticket` out of the queue, if it is still there, and tells it no permit came.
    private func abandon(_ key: String, ticket: UInt64) {
        let waiter: Waiter? = state.withLock { state in
            if state.pending[ticket] != nil {
                state.pending[ticket] = true
                return nil
            }
            guard var entry = state.keys[key], let index = entry.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            let waiter = entry.waiting.remove(at: index)
            state.keys[key] = entry
            return waiter
        }
        waiter?.continuation.resume(returning: false)
    }
}
