import Synchronization

/// Requests in flight per principal: an API key's id, or a signed-in user (`Credential.principal`).
package final class InFlightRequests: Sendable {
    /// Most requests one principal may have in flight.
    package let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    /// Creates a counter.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Counts a request in; false when the principal is at its limit.
    package func enter(_ id: String) -> Bool {
        counts.withLock { counts in
            let current = counts[id, default: 0]
            guard current < limit else { return false }
            counts[id] = current + 1
            return true
        }
    }

    /// Counts a request out.
    package func leave(_ id: String) {
        counts.withLock { counts in
            let remaining = counts[id, default: 1] - 1
            counts[id] = remaining > 0 ? remaining : nil
        }
    }
}
