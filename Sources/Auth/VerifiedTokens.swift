import Foundation
import Synchronization

/// Tokens verified recently, by their exact text: a client sends the same token with every request until it
/// refreshes it, and a token seen again needs no signature check or parsing, only its time window (`exp`,
/// `nbf`, with the clock skew) checked again. Bounded in count; an entry is trusted for `lifetime` at most,
/// so a key removed from the key set stops its tokens within that time.
final class VerifiedTokens: Sendable {
    private struct Entry {
        let identity: Identity
        /// Seconds since 1970 the token is valid from and until, skew included.
        let validFrom: Double
        let validUntil: Double
        /// When it was verified.
        let verifiedAt: Double
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int
    private let lifetime: Double

    /// A cache of at most `capacity` tokens, each trusted for `lifetime` after its verification.
    init(capacity: Int = 4096, lifetime: Duration = .seconds(300)) {
        self.capacity = capacity
        self.lifetime = Double(lifetime.components.seconds)
    }

    /// The identity of `token` when it was verified within the lifetime and is valid at `now`.
    func identity(of token: String, now: Double) -> Identity? {
        entries.withLock { entries in
            guard let entry = entries[token] else { return nil }
            guard now < entry.verifiedAt + lifetime, now >= entry.validFrom, now < entry.validUntil else {
                entries[token] = nil
                return nil
            }
            return entry.identity
        }
    }

    /// Remembers that `token` names `identity` between `validFrom` and `validUntil`; when full, the cache starts
    /// over (a burst of new tokens costs verifications, never memory).
    func store(_ token: String, identity: Identity, validFrom: Double, validUntil: Double, now: Double) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = Entry(identity: identity, validFrom: validFrom, validUntil: validUntil, verifiedAt: now)
        }
    }
}
