import Synchronization

/// The last commit position of each caller (an API key's id, or `user:<iss>|<sub>`) that wrote within the
/// window, so its next reads on this instance wait for a replica that has it. Memory is bounded: entries live
/// in two generations of at most `capacity` each; the current one becomes the previous when it is full or a
/// window old, and the previous one is dropped then. A caller forgotten early (more than `capacity` writers in
/// one window) reads from replicas as a caller without writes would.
package final class RecentWrites: Sendable {
    private struct Entry {
        var position: WALPosition
        var at: ContinuousClock.Instant
    }

    private struct Generations {
        var current: [String: Entry] = [:]
        var previous: [String: Entry] = [:]
        var started = ContinuousClock.now
    }

    /// How long a caller's write is remembered.
    package let window: Duration
    /// Most callers per generation.
    package let capacity: Int
    private let state = Mutex(Generations())

    /// Remembers writes for `window`, at most about `2 × capacity` callers at once.
    package init(window: Duration = .seconds(10), capacity: Int = 100_000) {
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Remembers that `principal` wrote at `position` (keeping the furthest position it wrote).
    package func remember(_ position: WALPosition, for principal: String, now: ContinuousClock.Instant = .now) {
        state.withLock { generations in
            if generations.current.count >= capacity || now - generations.started >= window {
                generations.previous = generations.current
                generations.current = [:]
                generations.started = now
            }
            let known = generations.current[principal]?.position ?? generations.previous[principal]?.position
            generations.current[principal] = Entry(position: max(known ?? position, position), at: now)
        }
    }

    /// The position `principal` last wrote at, when that was within the window.
    package func position(for principal: String, now: ContinuousClock.Instant = .now) -> WALPosition? {
        state.withLock { generations in
            guard let entry = generations.current[principal] ?? generations.previous[principal], now - entry.at <= window else { return nil }
            return entry.position
        }
    }

    /// Callers remembered now (for tests).
    package var count: Int { state.withLock { $0.current.count + $0.previous.count } }
}
