package import Foundation
package import Postgres
import Synchronization

/// API keys: created and revoked through the CLI, stored as SHA-256 hashes, checked in constant time.
/// A key reads `mg_<id>_<secret>`: the id is a short public identifier, the secret is never stored.
package final class APIKeyStore: Sendable {
    /// A key as `keys list` shows it (never the secret).
    package struct KeyInfo: Sendable, Equatable {
        package var id: String
        package var description: String?
        package var createdAt: String
        package var expiresAt: String
        package var revokedAt: String?
        package var lastUsedAt: String?
    }

    /// Default lifetime (7 days) and the longest allowed (365 days), as AppSync.
    package static let defaultLifetime: TimeInterval = 7 * 86_400
    package static let maximumLifetime: TimeInterval = 365 * 86_400
    /// How long a key proven before the database stopped answering keeps working while it does not answer.
    package static let outageTolerance: TimeInterval = 300

    private struct CachedKey {
        /// False for an id with no key row (cached too, so unknown ids cost one read per cache lifetime).
        var exists = true
        /// When this instance last recorded the key's use (carried across reloads of the entry).
        var useRecordedAt: Date?
        var hash: [UInt8]
        var expiresAt: Date
        var revoked: Bool
        var loadedAt: Date
        /// The secret last proven to match `hash` while this entry is loaded: the same key on later requests is
        /// compared byte for byte (in constant time) instead of being hashed again. Dropped with the entry.
        var verifiedSecret: [UInt8]?
    }

    private let client: PostgresClient
    /// Where key rows are read when a read replica can serve them (nil: the primary, `client`).
    private let replicaRead: ReplicaRead?
    private let cache = Mutex<[String: CachedKey]>([:])
    /// Most ids cached at once: unknown ids come from anyone, so the cache starts over rather than grow.
    private let cacheCapacity = 10_000
    /// How long a cached key is trusted before it is re-read (revocations take effect within this time).
    private let cacheLifetime: TimeInterval

    /// How long a checked key is trusted by default, in seconds: the longest a revocation takes to reach an
    /// instance that missed its announcement (`revocationChannel`).
    package static let defaultCacheLifetime: TimeInterval = 5

    /// How often, at most, this instance records a key's use (`last_used_at`, which `keys list` shows): a write
    /// on the primary, so not once per cache lifetime.
    package static let useRecordingInterval: TimeInterval = 60

    /// Reads a statement's rows on a read replica; nil when none can serve it now (then the primary does).
    package typealias ReplicaRead = @Sendable (_ sql: String, _ parameters: [String?]) async -> QueryResult?

    /// Creates the store. With `replicaRead`, key rows are read from a replica: requests served by replicas then
    /// cost the primary nothing for their key. An id the replica does not have (a key created a moment ago) is
    /// looked up on the primary before it is refused.
    package init(client: PostgresClient, cacheLifetime: TimeInterval = APIKeyStore.defaultCacheLifetime, replicaRead: ReplicaRead? = nil) {
        self.client = client
        self.cacheLifetime = cacheLifetime
        self.replicaRead = replicaRead
    }

    /// Creates a key valid for `lifetime` seconds and returns it; only its hash is kept.
    package func create(description: String?, lifetime: TimeInterval = APIKeyStore.defaultLifetime) async throws -> String {
        guard lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw StoreError.user("A key's lifetime must be more than 0 and at most 365 days.")
        }
        try await SystemTables.ensure(client)
        let id = Self.randomString(length: 8, alphabet: "0123456789abcdef")
        let secret = Self.randomString(length: 32, alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let hash = Hashes.sha256Hex(secret)
        _ = try await client.query(
            "INSERT INTO modelgraph.api_keys (id, secret_hash, description, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision))",
            [id, hash, description, String(lifetime)]
        )
        return "mg_\(id)_\(secret)"
    }

    /// Every key, newest first.
    package func list() async throws -> [KeyInfo] {
        try await SystemTables.ensure(client)
        let format = "YYYY-MM-DD\"T\"HH24:MI:SS\"Z\""
        let rows = try await client.query(
            """
            SELECT id, description, to_char(created_at AT TIME ZONE 'UTC', $1), to_char(expires_at AT TIME ZONE 'UTC', $1),
                   to_char(revoked_at AT TIME ZONE 'UTC', $1), to_char(last_used_at AT TIME ZONE 'UTC', $1)
            FROM modelgraph.api_keys ORDER BY created_at DESC, id
            """, [format]
        ).rows
        return rows.map { KeyInfo(id: $0[0] ?? "", description: $0[1], createdAt: $0[2] ?? "", expiresAt: $0[3] ?? "", revokedAt: $0[4], lastUsedAt: $0[5]) }
    }

    /// The channel a revocation is announced on, with the key's id as payload, when it commits: servers
    /// listening there forget the key at once instead of trusting their cached copy until it is re-read.
    package static let revocationChannel = "modelgraph_key_revocations"

    /// Revokes a key by id and announces it on `revocationChannel` in the same transaction; false when there
    /// is no such key.
    package func revoke(id: String) async throws -> Bool {
        try await SystemTables.ensure(client)
        let result = try await client.query(
            """
            WITH revoked AS (UPDATE modelgraph.api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id)
            SELECT pg_notify($2, id) FROM revoked
            """, [id, Self.revocationChannel])
        cache.withLock { $0[id] = nil }
        return result.rows.count == 1
    }

    /// Drops the cached copies of the keys with these ids (revoked elsewhere): their next check reads them again.
    package func forget(ids: [String]) {
        cache.withLock { cache in
            for id in ids { cache[id] = nil }
        }
    }

    /// Replaces key `id`: returns a new key with the same description; the old one stays valid for `grace`
    /// seconds more (or until it expires, if sooner). Nil when there is no active key with that id.
    package func rotate(id: String, grace: TimeInterval, lifetime: TimeInterval = APIKeyStore.defaultLifetime) async throws -> String? {
        try await SystemTables.ensure(client)
        let row = try await client.query(
            "UPDATE modelgraph.api_keys SET expires_at = least(expires_at, now() + make_interval(secs => $2::double precision)) WHERE id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING description",
            [id, String(grace)]
        ).rows.first
        guard let row else { return nil }
        cache.withLock { $0[id] = nil }
        return try await create(description: row[0], lifetime: lifetime)
    }

    /// True when at least one usable key exists.
    package func hasUsableKey() async throws -> Bool {
        try await SystemTables.ensure(client)
        let count = try await client.query("SELECT count(*) FROM modelgraph.api_keys WHERE revoked_at IS NULL AND expires_at > now()").scalar
        return (Int(count ?? "0") ?? 0) > 0
    }

    /// The public id part of a key (`mg_<id>_<secret>`); nil when the key is not shaped so.
    package static func publicID(of key: String) -> String? {
        parts(of: key)?.id
    }

    /// A key's public id is this many characters; its secret at least one and at most `maximumSecretLength`.
    private static let idLength = 8
    private static let maximumSecretLength = 64

    /// A well-formed key's public id and secret: `mg_<8 characters>_<1 to 64 characters>`.
    private static func parts(of key: String) -> (id: String, secret: [UInt8])? {
        if let parts = printableASCIIParts(of: key) { return parts }
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "mg", parts[1].count == idLength, !parts[2].isEmpty, parts[2].count <= maximumSecretLength else { return nil }
        return (String(parts[1]), Array(parts[2].utf8))
    }

    /// `parts(of:)` for the usual key of printable ASCII, where each byte is a character: found by scanning the
    /// bytes once rather than splitting into substrings and counting characters (every request checks its key).
    /// Nil for any other key, which then goes the general way.
    private static func printableASCIIParts(of key: String) -> (id: String, secret: [UInt8])? {
        var key = key
        return key.withUTF8 { bytes -> (id: String, secret: [UInt8])? in
            let underscore = UInt8(ascii: "_")
            // `mg_` (3 bytes), the id, `_`, then the secret.
            let secretStart = 3 + idLength + 1
            guard bytes.count > secretStart, bytes.count <= secretStart + maximumSecretLength, bytes[0] == UInt8(ascii: "m"), bytes[1] == UInt8(ascii: "g"),
                bytes[2] == underscore, bytes[secretStart - 1] == underscore, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            else { return nil }
            let id = UnsafeBufferPointer(rebasing: bytes[3..<(secretStart - 1)])
            let secret = UnsafeBufferPointer(rebasing: bytes[secretStart...])
            guard !id.contains(underscore), !secret.contains(underscore) else { return nil }
            return (String(decoding: id, as: UTF8.self), Array(secret))
        }
    }

    /// What checking a presented key found.
    package enum KeyCheck: Sendable, Equatable {
        /// A known, unexpired, unrevoked key, by its public id.
        case valid(id: String)
        /// Unknown, malformed, expired, revoked, or the secret does not match.
        case invalid
        /// The key could not be looked up because the database did not answer: neither good nor bad.
        case unavailable
    }

    /// True when `key` is a known, unexpired, unrevoked key. The hash comparison takes the same time whatever
    /// the bytes.
    package func verify(_ key: String) async -> Bool {
        if case .valid = await check(key) { return true }
        return false
    }

    /// Checks `key`: valid (with its public id), invalid, or unavailable when the database could not be asked.
    package func check(_ key: String) async -> KeyCheck {
        guard let (id, secret) = Self.parts(of: key) else { return .invalid }
        let now = Date()
        var entry = cache.withLock { $0[id] }
        if entry == nil || now.timeIntervalSince(entry!.loadedAt) > cacheLifetime {
            do {
                entry = try await load(id: id, at: now)
            } catch {
                // The database did not answer. A key proven recently goes on working (its request meets the same
                // outage and reports it in the GraphQL answer, and what needs no database still works); any
                // other key can be neither accepted nor refused.
                guard let stale = entry, stale.verifiedSecret != nil, now.timeIntervalSince(stale.loadedAt) < Self.outageTolerance else {
                    return .unavailable
                }
            }
        }
        guard let entry, entry.exists, !entry.revoked, entry.expiresAt > now else { return .invalid }
        if let verified = entry.verifiedSecret { return Self.constantTimeEqual(verified, secret) ? .valid(id: id) : .invalid }
        guard Self.constantTimeEqual(entry.hash, Hashes.sha256(secret)) else { return .invalid }
        let recordUse = cache.withLock { cache -> Bool in
            guard cache[id]?.loadedAt == entry.loadedAt else { return false }
            cache[id]?.verifiedSecret = secret
            if let recorded = cache[id]?.useRecordedAt, now.timeIntervalSince(recorded) < Self.useRecordingInterval { return false }
            cache[id]?.useRecordedAt = now
            return true
        }
        // Only a proven key records its use, at most once per interval; a failure to record it refuses nothing.
        if recordUse { _ = try? await client.query("UPDATE modelgraph.api_keys SET last_used_at = now() WHERE id = $1", [id]) }
        return .valid(id: id)
    }

    /// The key row of `id` (read only), cached with a negative entry when there is none. Throws when the
    /// database does not answer.
    private func load(id: String, at now: Date) async throws -> CachedKey {
        let sql = "SELECT secret_hash, extract(epoch FROM expires_at)::text, revoked_at IS NOT NULL FROM modelgraph.api_keys WHERE id = $1"
        var row = await replicaRead?(sql, [id])?.rows.first
        if row == nil { row = try await client.query(sql, [id], idempotent: true).rows.first }
        var entry = CachedKey(exists: false, hash: [], expiresAt: .distantPast, revoked: true, loadedAt: now)
        if let row, let hashText = row[0], let expiry = Double(row[1] ?? "") {
            // A hash that is not 64 hex digits (a row edited by hand) matches no secret.
            let digits = Array(hashText.utf8)
            var hash: [UInt8] = []
            if digits.count == 64 {
                for offset in stride(from: 0, to: 64, by: 2) {
                    guard let byte = UInt8(String(decoding: digits[offset..<offset + 2], as: UTF8.self), radix: 16) else { hash = []; break }
                    hash.append(byte)
                }
            }
            entry = CachedKey(hash: hash, expiresAt: Date(timeIntervalSince1970: expiry), revoked: row[2] == "t", loadedAt: now)
        }
        cache.withLock { cache in
            if cache.count >= cacheCapacity, cache[id] == nil { cache.removeAll(keepingCapacity: true) }
            entry.useRecordedAt = cache[id]?.useRecordedAt
            cache[id] = entry
        }
        return entry
    }

    /// True when `a` and `b` hold the same bytes, in a time that depends only on their lengths.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    static func randomString(length: Int, alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }
}
