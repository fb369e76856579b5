package import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The signing keys tokens are verified with: a JSON Web Key Set read from a file or fetched from a URL. It is
/// read when first needed and kept. A token whose `kid` is not in it makes it read again (key rotation), at most
/// once per `minimumRefreshInterval`, so unknown kids cannot make the server fetch on every request; concurrent
/// requests share one read. A set older than `maximumAge` is read again when next used, and kept when that
/// fails. While the last read failed, a `kid` the kept set lacks is refused as `keysUnavailable`, not as unknown.
///
/// A URL is always read from the provider: no HTTP cache answers in its place, and a provider's `Cache-Control`
/// or `Expires` is not honoured. Providers send a long `max-age` (hours) for a set that rotation changes without
/// notice; a token naming a key the set lacks is the proof that it changed, so that read must reach the provider.
/// How long the set is kept is `maximumAge` and how often it may be read is `minimumRefreshInterval`, whatever
/// the provider says.
package final class SigningKeys: Sendable {
    /// Where the key set is.
    package enum Source: Sendable, Equatable {
        /// A local JWKS file.
        case file(URL)
        /// A JWKS URL (an OIDC provider's `jwks_uri`).
        case url(URL)
    }

    private struct State {
        var keys: [String: SigningKey] = [:]
        var loadedAt: ContinuousClock.Instant?
        var lastAttempt: ContinuousClock.Instant?
        /// Why the last read failed; nil once one succeeds.
        var lastFailure: TokenRejection?
        var reading: Task<[String: SigningKey], any Error>?
    }

    /// Where the keys are read from.
    package let source: Source
    private let minimumRefreshInterval: Duration
    private let maximumAge: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    /// The session key sets are read with: no URL cache, so every read reaches the provider (`URLSession.shared`
    /// answered a rotation's re-read from its cache for as long as the provider's `max-age`).
    private static let uncachedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return URLSession(configuration: configuration)
    }()

    /// The largest key set read (bytes).
    static let maximumDocumentBytes = 1 << 20

    /// Keys from `source`. `now` tells the time the intervals are measured in (tests move it by hand).
    package init(
        source: Source, minimumRefreshInterval: Duration = .seconds(30), maximumAge: Duration = .seconds(3600),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.source = source
        self.minimumRefreshInterval = minimumRefreshInterval
        self.maximumAge = maximumAge
        self.now = now
    }

    /// The key with id `kid`, reading the set when it is not known yet (and may be by now).
    func key(id kid: String?) async throws(TokenRejection) -> SigningKey {
        let instant = now()
        let (known, stale, mayRefresh, lastFailure) = state.withLock { state in
            let known = kid.flatMap { state.keys[$0] }
            let stale = state.loadedAt.map { instant - $0 > maximumAge } ?? true
            let mayRefresh = state.lastAttempt.map { instant - $0 >= minimumRefreshInterval } ?? true
            return (known, stale, mayRefresh, state.lastFailure)
        }
        if let known, !stale { return known }
        guard mayRefresh || state.withLock({ $0.reading != nil }) else {
            if let known { return known }
            // While the set cannot be read, a kid it does not hold may well be in it: that is not the token's fault.
            throw lastFailure ?? .unknownKey(kid)
        }
        do {
            let keys = try await read()
            if let kid, let key = keys[kid] { return key }
        } catch {
            if let known { return known }
            throw (error as? TokenRejection) ?? .keysUnavailable("\(error)")
        }
        throw .unknownKey(kid)
    }

    /// The key that now holds `failed`'s `kid` when the provider has put other material under it: after a
    /// signature that `failed` did not verify, the set is read again (at most once per
    /// `minimumRefreshInterval`, like an unknown `kid`); nil when it may not be read yet, cannot be read, or
    /// holds the same key.
    func replacement(for failed: SigningKey) async -> SigningKey? {
        let instant = now()
        let mayRefresh = state.withLock { state in state.lastAttempt.map { instant - $0 >= minimumRefreshInterval } ?? true }
        guard mayRefresh, let keys = try? await read(), let current = keys[failed.id], current.material != failed.material else { return nil }
        return current
    }

    /// Reads the set (joining a read in progress) and keeps it.
    private func read() async throws -> [String: SigningKey] {
        let task = state.withLock { state -> Task<[String: SigningKey], any Error> in
            if let reading = state.reading { return reading }
            state.lastAttempt = now()
            let source = source
            let reading = Task { try await SigningKey.keys(fromJWKS: try await Self.document(at: source)) }
            state.reading = reading
            return reading
        }
        do {
            let keys = try await task.value
            state.withLock { state in
                state.keys = keys
                state.loadedAt = now()
                state.lastFailure = nil
                state.reading = nil
            }
            return keys
        } catch {
            state.withLock { state in
                state.lastFailure = (error as? TokenRejection) ?? .keysUnavailable("\(error)")
                state.reading = nil
            }
            throw error
        }
    }

    /// The key set's bytes.
    private static func document(at source: Source) async throws -> [UInt8] {
        switch source {
        case .file(let file):
            do {
                let data = try Data(contentsOf: file)
                guard data.count <= maximumDocumentBytes else { throw TokenRejection.keysUnavailable("\(file.path) is over 1 MiB") }
                return Array(data)
            } catch let rejection as TokenRejection {
                throw rejection
            } catch {
                throw TokenRejection.keysUnavailable("cannot read \(file.path): \(error.localizedDescription)")
            }
        case .url(let url):
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: 10)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            // Caches between here and the provider revalidate too.
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await uncachedSession.data(for: request)
            } catch {
                throw TokenRejection.keysUnavailable("cannot read \(url): \(error.localizedDescription)")
            }
            guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                throw TokenRejection.keysUnavailable("\(url) answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
            }
            guard data.count <= maximumDocumentBytes else { throw TokenRejection.keysUnavailable("\(url) sent over 1 MiB") }
            return Array(data)
        }
    }
}
