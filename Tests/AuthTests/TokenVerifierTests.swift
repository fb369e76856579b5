import Crypto
import CryptoExtras
import Foundation
import JSON
import TestSupport
import Testing

@testable import Auth

/// `TokenVerifier` against tokens minted with generated RSA and P-256 keys and a key set read from a file:
/// valid tokens name their user; every kind of bad token is refused with its reason.
@Suite("Token verification: RS256 and ES256 against a JSON Web Key Set")
struct TokenVerifierTests {
    let minter: TokenMinter
    let folder: URL
    let verifier: TokenVerifier

    init() throws {
        minter = try TokenMinter()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("jwks.json")
        try minter.jwks().write(to: file, atomically: true, encoding: .utf8)
        verifier = TokenVerifier(
            policy: TokenPolicy(issuer: TokenMinter.issuer, audiences: [TokenMinter.client]), keys: SigningKeys(source: .file(file)))
    }

    /// The rejection verifying `token` ends in; nil when it was accepted.
    func rejection(_ token: String, now: Date = Date()) async -> TokenRejection? {
        do {
            _ = try await verifier.verify(token, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("an RS256 and an ES256 token name their user: subject, user name, groups, issuer, every claim")
    func validTokens() async throws {
        for signer in [TokenMinter.Signer.rsa, .ec] {
            let identity = try await verifier.verify(try minter.token(TokenMinter.claims(), signer: signer))
            #expect(identity.subject == "user-1")
            #expect(identity.username == "alice")
            #expect(identity.groups == ["Admins", "Editors"])
            #expect(identity.issuer == TokenMinter.issuer)
            #expect(identity.claimValues("token_use") == ["id"])
        }
    }

    @Test("a Cognito access token (client_id, no aud, username) and an aud list are accepted; a Bearer-less raw token is the input")
    func accessTokensAndAudienceLists() async throws {
        let access = TokenMinter.claims([("aud", .null), ("client_id", .string(TokenMinter.client)), ("cognito:username", .null), ("username", .string("alice"))])
        #expect(try await verifier.verify(try minter.token(access)).username == "alice")
        let listed = TokenMinter.claims([("aud", .list([.string("other"), .string(TokenMinter.client)]))])
        #expect(try await verifier.verify(try minter.token(listed)).subject == "user-1")
    }

    @Test("times: expired, not yet valid and issued in the future are refused; within the 60 s clock skew they pass")
    func times() async throws {
        // The tokens are minted at the same instant they are verified at (their iat too), however long the test runs.
        let now = Date()
        let seconds = Int(now.timeIntervalSince1970)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("exp", .int(seconds - 61))])), now: now) == .expired)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("exp", .int(seconds - 30))])), now: now) == nil)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("exp", .null)])), now: now) == .expired)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("nbf", .int(seconds + 120))])), now: now) == .notYetValid)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("nbf", .int(seconds + 30))])), now: now) == nil)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("iat", .int(seconds + 120))])), now: now) == .issuedInTheFuture)
        #expect(await rejection(try minter.token(TokenMinter.claims(now: now, [("exp", .float(Double(seconds) + 10.5))])), now: now) == nil)
    }

    @Test("wrong issuer, wrong audience, no audience, no subject")
    func claims() async throws {
        #expect(await rejection(try minter.token(TokenMinter.claims([("iss", .string("https://evil.example"))]))) == .wrongIssuer("https://evil.example"))
        #expect(await rejection(try minter.token(TokenMinter.claims([("iss", .null)]))) == .wrongIssuer(nil))
        #expect(await rejection(try minter.token(TokenMinter.claims([("aud", .string("other-app"))]))) == .wrongAudience)
        #expect(await rejection(try minter.token(TokenMinter.claims([("aud", .null)]))) == .wrongAudience)
        #expect(await rejection(try minter.token(TokenMinter.claims([("sub", .null)]))) == .noSubject)
        #expect(await rejection(try minter.token(TokenMinter.claims([("sub", .int(7))]))) == .noSubject)
    }

    @Test("alg none, HS256 signed with the public key, an ES256 header on the RSA key, and a tampered payload are refused")
    func forgeries() async throws {
        let claims = TokenMinter.claims()
        #expect(await rejection(TokenMinter.unsigned(claims, alg: "none", kid: minter.rsaID, signature: [])) == .malformed("not three base64url parts"))
        #expect(await rejection(TokenMinter.unsigned(claims, alg: "none", kid: minter.rsaID, signature: [1])) == .unsupportedAlgorithm(#""none""#))
        // The classic confusion: HMAC keyed with the RSA public key a verifier might hold as text.
        let publicKey = Data(minter.rsa.publicKey.pemRepresentation.utf8)
        let input = TokenMinter.unsigned(claims, alg: "HS256", kid: minter.rsaID, signature: []).dropLast()
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: publicKey))
        #expect(await rejection(String(input) + "." + Base64URL.encode(Array(mac))) == .unsupportedAlgorithm(#""HS256""#))
        #expect(await rejection(try minter.token(claims, signer: .ec, alg: "ES256", kid: minter.rsaID)) == .unsupportedAlgorithm("ES256 with a key for RS256"))
        #expect(await rejection(try minter.token(claims, signer: .rsa, kid: minter.ecID)) == .unsupportedAlgorithm("RS256 with a key for ES256"))
        // Another payload under a valid token's signature.
        let valid = try minter.token(claims).split(separator: ".")
        let other = Base64URL.encode(Array(JSONText.encode(TokenMinter.claims(subject: "admin")).utf8))
        #expect(await rejection("\(valid[0]).\(other).\(valid[2])") == .badSignature)
        // A signature by another key of the same type.
        let stranger = try TokenMinter()
        #expect(await rejection(try stranger.token(claims)) == .badSignature)
    }

    @Test("malformed and oversized tokens are refused before any key is looked at")
    func malformed() async throws {
        for text in ["", "abc", "a.b", "a.b.c.d", "a b.c.d", "ey.ey.ey", "e30.e30.", "W10.e30.AA", "e30.W10.AA"] {
            guard case .malformed? = await rejection(text) else {
                Issue.record("\(text) was not refused as malformed: \(String(describing: await rejection(text)))")
                continue
            }
        }
        let big = try minter.token(TokenMinter.claims([("padding", .string(String(repeating: "x", count: 20_000)))]))
        #expect(await rejection(big) == .tooLarge(big.utf8.count))
        #expect(await rejection(try minter.token(TokenMinter.claims(), kid: "nobody")) == .unknownKey("nobody"))
    }
}

@Suite("The token in an Authorization header")
struct BearerTokenTests {
    @Test(
        "raw, Bearer in any case, extra spaces; empty headers have none",
        arguments: [
            ("eyJ.a.b", "eyJ.a.b"), ("Bearer eyJ.a.b", "eyJ.a.b"), ("bearer   eyJ.a.b ", "eyJ.a.b"), ("BEARER eyJ.a.b", "eyJ.a.b"),
            ("  eyJ.a.b  ", "eyJ.a.b"), ("", nil), ("   ", nil), ("Bearer ", nil), ("Bearer", nil), ("Bearer\teyJ.a.b", "eyJ.a.b"),
            ("Bearerish.a.b", "Bearerish.a.b"), ("Bearér x", "Bearér x"),
        ])
    func tokens(header: String, expected: String?) {
        #expect(bearerToken(in: header) == expected)
    }
}

@Suite("The issuer a token names, before it is verified")
struct UnverifiedIssuerTests {
    @Test("iss of a well-formed token, signed or not; nil for garbage, a payload without a string iss, or a token over the size limit")
    func issuer() throws {
        let minter = try TokenMinter()
        #expect(unverifiedIssuer(of: try minter.token(TokenMinter.claims()), maximumBytes: 16_384) == TokenMinter.issuer)
        let other = TokenMinter.unsigned(TokenMinter.claims([("iss", .string("https://idp.example"))]), alg: "none", kid: nil, signature: [1])
        #expect(unverifiedIssuer(of: other, maximumBytes: 16_384) == "https://idp.example")
        #expect(unverifiedIssuer(of: TokenMinter.unsigned(TokenMinter.claims([("iss", .int(5))]), alg: "RS256", kid: nil, signature: [1]), maximumBytes: 16_384) == nil)
        for garbage in ["", "abc", "a.b.c", "e30.W10.AA", "a.b.c.d"] { #expect(unverifiedIssuer(of: garbage, maximumBytes: 16_384) == nil, "\(garbage)") }
        let token = try minter.token(TokenMinter.claims())
        #expect(unverifiedIssuer(of: token, maximumBytes: token.utf8.count - 1) == nil)
    }
}
