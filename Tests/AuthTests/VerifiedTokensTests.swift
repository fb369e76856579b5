import Foundation
import JSON
import TestSupport
import Testing

@testable import Auth

/// A token seen again is not verified again, but its time window still is; base64url decoding matches the
/// standard decoder it replaced.
@Suite("Verified tokens: the cache and the decoder")
struct VerifiedTokensTests {
    @Test("a token verified once is accepted again from the cache within its window, and refused once it has expired")
    func windowCheckedOnEveryUse() async throws {
        let minter = try TokenMinter()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("jwks.json")
        try minter.jwks().write(to: file, atomically: true, encoding: .utf8)
        let verifier = TokenVerifier(policy: TokenPolicy(issuer: TokenMinter.issuer, audiences: [TokenMinter.client]), keys: SigningKeys(source: .file(file)))
        let now = Date()
        let token = try minter.token(TokenMinter.claims(now: now, [("exp", .int(Int(now.timeIntervalSince1970) + 100))]))
        let first = try await verifier.verify(token, now: now)
        // The key set is gone: a second use within the window is answered from the cache.
        try FileManager.default.removeItem(at: file)
        #expect(try await verifier.verify(token, now: now.addingTimeInterval(30)) == first)
        // Past exp plus the 60 s skew the cached token is expired, as a fresh check would say.
        await #expect(throws: TokenRejection.expired) { try await verifier.verify(token, now: now.addingTimeInterval(161)) }
        // Before iat minus the skew it is not valid either.
        await #expect(throws: TokenRejection.self) { try await verifier.verify(token, now: now.addingTimeInterval(-120)) }
    }

    @Test("base64url decoding gives the standard decoder's bytes for every length, and refuses other alphabets and impossible lengths")
    func decoding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<80 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64URL.encode(bytes)
            #expect(Base64URL.decode(encoded[...]) == bytes, "length \(length)")
        }
        #expect(Base64URL.decode("ab+c"[...]) == nil)
        #expect(Base64URL.decode("abc="[...]) == nil)
        #expect(Base64URL.decode("abcde"[...]) == nil)
    }
}
