import Synchronization

/// Subscriptions of connections that closed a moment ago, kept for `window`: a client that reconnects and
/// starts the same subscription (same API key or signed-in user, same id — AppSync clients reuse theirs — and the
/// same request) gets the events it missed, from the change log, before the live ones. Bounded in entries; the
/// oldest go first.
final class ResumeWindow: Sendable {
    /// What identifies a subscription across connections.
    struct Key: Hashable, Sendable {
        /// The API key, or the signed-in user's principal (`SessionCredential.resumeKey`).
        var credential: String
        var subscriptionID: String
    }

    private struct Entry {
        var request: String
        var position: Int64
        var expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[Key: Entry]>([:])
    let window: Duration
    let capacity: Int

    init(window: Duration, capacity: Int) {
        self.window = window
        self.capacity = capacity
    }

    /// Remembers that `key`'s subscription of `request` had been sent every change up to `position`.
    func remember(_ key: Key, request: String, position: Int64, now: ContinuousClock.Instant = .now) {
        guard window > .zero else { return }
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires })?.key { entries[oldest] = nil }
            }
            entries[key] = Entry(request: request, position: position, expires: now + window)
        }
    }

    /// Entries kept now (some may have expired).
    var count: Int { entries.withLock { $0.count } }

    /// Forgets every entry (their changes may be gone from the log).
    func clear() {
        entries.withLock { $0 = [:] }
    }

    /// The position to replay from when `key` starts `request` again within the window (the entry is used up);
    /// nil otherwise.
    func take(_ key: Key, request: String, now: ContinuousClock.Instant = .now) -> Int64? {
        entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: key), entry.expires > now, entry.request == request else { return nil }
            return entry.position
        }
    }
}
