package import Crypto
package import CryptoExtras
package import Foundation
package import JSON

/// Mints tokens for the tests with keys it generates: an RSA and a P-256 key, each with a `kid`, published as a
/// JWKS document. Headers and payloads are written as given, so tests can make any token a client could send.
package struct TokenMinter: Sendable {
    /// The RSA key (RS256).
    package let rsa: _RSA.Signing.PrivateKey
    /// The P-256 key (ES256).
    package let ec: P256.Signing.PrivateKey
    /// The RSA key's `kid`.
    package let rsaID = "rsa-1"
    /// The P-256 key's `kid`.
    package let ecID = "ec-1"
    /// The issuer of the tokens `claims` describes: a Cognito user pool's, region eu-west-1, pool eu-west-1_TEST.
    package static let issuer = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_TEST"
    /// The audience (client id) of those tokens.
    package static let client = "client-app"

    /// A minter with freshly generated keys.
    package init() throws {
        rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        ec = P256.Signing.PrivateKey()
    }

    /// The JWKS document of both public keys (`extra` entries appended).
    package func jwks(extra: [JSONValue] = []) throws -> String {
        let primitives = try rsa.publicKey.getKeyPrimitives()
        let raw = Array(ec.publicKey.rawRepresentation)
        let keys: [JSONValue] = [
            .object([
                ("kty", .string("RSA")), ("kid", .string(rsaID)), ("use", .string("sig")), ("alg", .string("RS256")),
                ("n", .string(Self.base64URL(primitives.modulus))), ("e", .string(Self.base64URL(primitives.publicExponent))),
            ]),
            .object([
                ("kty", .string("EC")), ("kid", .string(ecID)), ("crv", .string("P-256")),
                ("x", .string(Self.base64URL(raw[0..<32]))), ("y", .string(Self.base64URL(raw[32..<64]))),
            ]),
        ]
        return JSONText.encode(.object([("keys", .list(keys + extra))]))
    }

    /// Claims of a valid token for `subject`, issued now and expiring in an hour; `changes` are applied on top.
    package static func claims(subject: String = "user-1", now: Date = Date(), _ changes: [(String, JSONValue)] = []) -> JSONValue {
        let seconds = Int(now.timeIntervalSince1970)
        var fields: [(String, JSONValue)] = [
            ("sub", .string(subject)), ("iss", .string(issuer)), ("aud", .string(client)), ("token_use", .string("id")),
            ("cognito:username", .string("alice")), ("cognito:groups", .list([.string("Admins"), .string("Editors")])),
            ("iat", .int(seconds)), ("exp", .int(seconds + 3600)),
        ]
        for (name, value) in changes {
            fields.removeAll { $0.0 == name }
            if value != .null { fields.append((name, value)) }
        }
        return .object(fields)
    }

    /// Which key signs a token.
    package enum Signer: Sendable {
        /// The RSA key, RS256.
        case rsa
        /// The P-256 key, ES256.
        case ec
    }

    /// A token of `claims` signed by `signer`, with header `alg`/`kid` as given (by default the signer's own).
    package func token(_ claims: JSONValue, signer: Signer = .rsa, alg: String? = nil, kid: String? = nil) throws -> String {
        let header = JSONValue.object([
            ("alg", .string(alg ?? (signer == .rsa ? "RS256" : "ES256"))), ("typ", .string("JWT")), ("kid", .string(kid ?? (signer == .rsa ? rsaID : ecID))),
        ])
        let input = Self.base64URL(Array(JSONText.encode(header).utf8)) + "." + Self.base64URL(Array(JSONText.encode(claims).utf8))
        return input + "." + Self.base64URL(try signature(of: input, signer: signer))
    }

    /// The signature of `input` by `signer`.
    package func signature(of input: String, signer: Signer) throws -> [UInt8] {
        let bytes = Data(input.utf8)
        switch signer {
        case .rsa: return Array(try rsa.signature(for: bytes, padding: .insecurePKCS1v1_5).rawRepresentation)
        case .ec: return Array(try ec.signature(for: bytes).rawRepresentation)
        }
    }

    /// A token whose header names `alg` and whose signature part is `signature`, for forged tokens.
    package static func unsigned(_ claims: JSONValue, alg: String, kid: String?, signature: [UInt8]) -> String {
        var header: [(String, JSONValue)] = [("alg", .string(alg)), ("typ", .string("JWT"))]
        if let kid { header.append(("kid", .string(kid))) }
        return Self.base64URL(Array(JSONText.encode(.object(header)).utf8)) + "." + Self.base64URL(Array(JSONText.encode(claims).utf8)) + "."
            + Self.base64URL(signature)
    }

    /// `bytes` in base64url without padding, as JWTs and JWKs write binary values.
    package static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
