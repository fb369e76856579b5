import Foundation
import JSON
import Synchronization
import TestSupport
import Testing

@testable import Auth

/// `SigningKeys`: read once and kept; read again for an unknown `kid` (key rotation) at most once per interval;
/// from a file or from a URL (served here by a local HTTP server that counts what it is asked).
@Suite("Signing keys: caching, rotation, refresh limits, file and URL")
struct SigningKeysTests {
    /// A key set file holding `jwks` in a new folder (the caller removes it), and keys read from it on a hand-moved
    /// clock, at most once per 30 s.
    static func fileKeys(_ jwks: String) throws -> (folder: URL, file: URL, clock: HandMovedClock, keys: SigningKeys) {
        let folder = try Self.folder()
        let file = folder.appendingPathComponent("jwks.json")
        try jwks.write(to: file, atomically: true, encoding: .utf8)
        let clock = HandMovedClock()
        return (folder, file, clock, SigningKeys(source: .file(file), minimumRefreshInterval: .seconds(30), now: clock.now))
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a rotated-in key is found by reading the file again; a kid still unknown is not read for again within the interval")
    func rotation() async throws {
        let old = try TokenMinter()
        let new = try TokenMinter()
        let (folder, file, clock, keys) = try Self.fileKeys(try old.jwks())
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await keys.key(id: "rsa-1").algorithm == "RS256")
        // Rotation: the file now holds the new keys under new ids.
        let rotated = try new.jwks().replacingOccurrences(of: "rsa-1", with: "rsa-2")
        try rotated.write(to: file, atomically: true, encoding: .utf8)
        clock.advance(by: .seconds(31))
        #expect(try await keys.key(id: "rsa-2").algorithm == "RS256")
        // A kid nobody has: one read, then refused from memory until the interval has passed.
        clock.advance(by: .seconds(31))
        await #expect(throws: TokenRejection.unknownKey("rsa-3")) { try await keys.key(id: "rsa-3") }
        try rotated.replacingOccurrences(of: "rsa-2", with: "rsa-3").write(to: file, atomically: true, encoding: .utf8)
        clock.advance(by: .seconds(29))
        await #expect(throws: TokenRejection.unknownKey("rsa-3")) { try await keys.key(id: "rsa-3") }
        clock.advance(by: .seconds(1))
        #expect(try await keys.key(id: "rsa-3").id == "rsa-3")
    }

    @Test("keys of other types, for encryption, without a kid or with an alg their type does not verify are left out; a file that is not a key set is refused")
    func keySelection() async throws {
        let minter = try TokenMinter()
        let extra: [JSONValue] = [
            .object([("kty", .string("oct")), ("kid", .string("hmac")), ("k", .string("c2VjcmV0"))]),
            .object([("kty", .string("RSA")), ("kid", .string("enc")), ("use", .string("enc")), ("n", .string("AQAB")), ("e", .string("AQAB"))]),
            .object([("kty", .string("EC")), ("kid", .string("p384")), ("crv", .string("P-384")), ("x", .string("AA")), ("y", .string("AA"))]),
        ]
        let keys = try await SigningKey.keys(fromJWKS: Array(try minter.jwks(extra: extra).utf8))
        #expect(Set(keys.keys) == ["rsa-1", "ec-1"])
        let mislabelled = try minter.jwks().replacingOccurrences(of: #""alg":"RS256""#, with: #""alg":"HS256""#)
        #expect(Set(try await SigningKey.keys(fromJWKS: Array(mislabelled.utf8)).keys) == ["ec-1"])
        await #expect(throws: TokenRejection.self) { try await SigningKey.keys(fromJWKS: Array(#"{"kid":"x"}"#.utf8)) }
        let missing = SigningKeys(source: .file(URL(fileURLWithPath: "/nonexistent/jwks.json")))
        await #expect {
            try await missing.key(id: "rsa-1")
        } throws: {
            if case .keysUnavailable = $0 as? TokenRejection { true } else { false }
        }
    }

    @Test("from a URL: fetched once for many tokens, once more for a new kid, not again for unknown kids within the interval")
    func fromURL() async throws {
        let minter = try TokenMinter()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try minter.jwks().write(to: folder.appendingPathComponent("jwks.json"), atomically: true, encoding: .utf8)
        let server = try LocalFileServer(folder: folder)
        defer { server.stop() }
        let clock = HandMovedClock()
        let keys = SigningKeys(
            source: .url(URL(string: "http://127.0.0.1:\(server.port)/jwks.json")!), minimumRefreshInterval: .seconds(30), now: clock.now)
        let verifier = TokenVerifier(policy: TokenPolicy(issuer: TokenMinter.issuer, audiences: [TokenMinter.client]), keys: keys)
        for _ in 0..<20 { _ = try await verifier.verify(try minter.token(TokenMinter.claims(), signer: .ec)) }
        #expect(server.requests(for: "/jwks.json") == 1)
        clock.advance(by: .seconds(31))
        for _ in 0..<20 {
            await #expect(throws: TokenRejection.unknownKey("new")) { try await verifier.verify(try minter.token(TokenMinter.claims(), kid: "new")) }
        }
        #expect(server.requests(for: "/jwks.json") == 2, "one refresh for the unknown kid, then none within the interval")
        let nowhere = SigningKeys(source: .url(URL(string: "http://127.0.0.1:\(server.port)/missing.json")!))
        await #expect {
            try await nowhere.key(id: "rsa-1")
        } throws: {
            if case .keysUnavailable = $0 as? TokenRejection { true } else { false }
        }
    }
}

extension SigningKeysTests {
    @Test("a provider that sends a long max-age and rotates its key: the re-read for the new kid reaches the provider")
    func rotationPastMaxAge() async throws {
        let minter = try TokenMinter()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("jwks.json")
        try minter.jwks().write(to: file, atomically: true, encoding: .utf8)
        let headers = ["Cache-Control": "public, max-age=86400, must-revalidate", "Expires": "Thu, 01 Jan 2099 00:00:00 GMT"]
        let server = try LocalFileServer(folder: folder, headers: headers)
        defer { server.stop() }
        let clock = HandMovedClock()
        let keys = SigningKeys(
            source: .url(URL(string: "http://127.0.0.1:\(server.port)/jwks.json")!), minimumRefreshInterval: .seconds(30), now: clock.now)
        #expect(try await keys.key(id: "rsa-1").id == "rsa-1")
        // The provider rotates: the same key material under a new kid.
        try minter.jwks().replacingOccurrences(of: "rsa-1", with: "rsa-2").write(to: file, atomically: true, encoding: .utf8)
        // Within the interval the unknown kid is not read for (the set was read a moment ago)…
        await #expect(throws: TokenRejection.unknownKey("rsa-2")) { try await keys.key(id: "rsa-2") }
        // …and once it has passed, the read reaches the provider, whatever its max-age said.
        clock.advance(by: .seconds(31))
        #expect(try await keys.key(id: "rsa-2").id == "rsa-2")
        #expect(server.requests(for: "/jwks.json") == 2)
    }

    @Test("a provider that puts a new key under the same kid: a token it signed is accepted once the set may be read again")
    func rotationUnderSameKid() async throws {
        let old = try TokenMinter()
        let new = try TokenMinter()
        let (folder, file, clock, keys) = try Self.fileKeys(try old.jwks())
        defer { try? FileManager.default.removeItem(at: folder) }
        let verifier = TokenVerifier(policy: TokenPolicy(issuer: TokenMinter.issuer, audiences: [TokenMinter.client]), keys: keys)
        _ = try await verifier.verify(try old.token(TokenMinter.claims()))
        try new.jwks().write(to: file, atomically: true, encoding: .utf8)
        let rotated = try new.token(TokenMinter.claims())
        // Within the interval the set is not read again: a forged signature cannot make the server read on every request.
        await #expect(throws: TokenRejection.badSignature) { try await verifier.verify(rotated) }
        clock.advance(by: .seconds(31))
        #expect(try await verifier.verify(rotated).subject == "user-1")
        // The old key is gone from the set: its tokens are refused now.
        await #expect(throws: TokenRejection.badSignature) { try await verifier.verify(try old.token(TokenMinter.claims(subject: "user-2"))) }
    }

    @Test("while the key set cannot be read, every token is refused as keysUnavailable (not as an unknown kid), until a read succeeds")
    func unreadableUntilRead() async throws {
        let minter = try TokenMinter()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("jwks.json")
        let clock = HandMovedClock()
        let keys = SigningKeys(source: .file(file), minimumRefreshInterval: .seconds(30), now: clock.now)
        let isUnavailable: @Sendable (any Error) -> Bool = { if case .keysUnavailable = $0 as? TokenRejection { true } else { false } }
        await #expect(performing: { try await keys.key(id: "rsa-1") }, throws: isUnavailable)
        // Within the interval the set is not read again, and the refusal still says why.
        clock.advance(by: .seconds(10))
        await #expect(performing: { try await keys.key(id: "rsa-1") }, throws: isUnavailable)
        try minter.jwks().write(to: file, atomically: true, encoding: .utf8)
        clock.advance(by: .seconds(21))
        #expect(try await keys.key(id: "rsa-1").id == "rsa-1")
        // Once read, a kid it does not hold is unknown again.
        await #expect(throws: TokenRejection.unknownKey("nobody")) { try await keys.key(id: "nobody") }
    }
}

/// A time source that moves only when told to, so refresh intervals are tested without racing a busy machine.
final class HandMovedClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    /// Moves the time forward.
    func advance(by duration: Duration) { offset.withLock { $0 += duration } }

    /// The current time, for `SigningKeys(now:)`.
    var now: @Sendable () -> ContinuousClock.Instant { { self.start + self.offset.withLock { $0 } } }
}
