import Crypto
import CryptoExtras
import Foundation
import JSON

@testable import Auth

/// Mints tokens for the tests with keys it generates: an RSA and a P-256 key, each with a `kid`, published as a
/// JWKS document. Headers and payloads are written as given, so tests can make any token a client could send.
struct TokenMinter {
    let rsa: _RSA.Signing.PrivateKey
    let ec: P256.Signing.PrivateKey
    let rsaID = "rsa-1"
    let ecID = "ec-1"
    static let issuer = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_TEST"
    static let client = "client-app"

    init() throws {
        rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        ec = P256.Signing.PrivateKey()
    }

    /// The JWKS document of both public keys (`extra` entries appended).
    func jwks(extra: [JSONValue] = []) throws -> String {
        let primitives = try rsa.publicKey.getKeyPrimitives()
        let raw = Array(ec.publicKey.rawRepresentation)
        let keys: [JSONValue] = [
            .object([
                ("kty", .string("RSA")), ("kid", .string(rsaID)), ("use", .string("sig")), ("alg", .string("RS256")),
                ("n", .string(Base64URL.encode(primitives.modulus))), ("e", .string(Base64URL.encode(primitives.publicExponent))),
            ]),
            .object([
                ("kty", .string("EC")), ("kid", .string(ecID)), ("crv", .string("P-256")),
                ("x", .string(Base64URL.encode(raw[0..<32]))), ("y", .string(Base64URL.encode(raw[32..<64]))),
            ]),
        ]
        return JSONText.encode(.object([("keys", .list(keys + extra))]))
    }

    /// Claims of a valid token for `subject`, issued now and expiring in an hour; `changes` are applied on top.
    static func claims(subject: String = "user-1", now: Date = Date(), _ changes: [(String, JSONValue)] = []) -> JSONValue {
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

    enum Signer { case rsa, ec }

    /// A token of `claims` signed by `signer`, with header `alg`/`kid` as given (by default the signer's own).
    func token(_ claims: JSONValue, signer: Signer = .rsa, alg: String? = nil, kid: String? = nil) throws -> String {
        let header = JSONValue.object([
            ("alg", .string(alg ?? (signer == .rsa ? "RS256" : "ES256"))), ("typ", .string("JWT")), ("kid", .string(kid ?? (signer == .rsa ? rsaID : ecID))),
        ])
        let input = Base64URL.encode(Array(JSONText.encode(header).utf8)) + "." + Base64URL.encode(Array(JSONText.encode(claims).utf8))
        return input + "." + Base64URL.encode(try signature(of: input, signer: signer))
    }

    /// The signature of `input` by `signer`.
    func signature(of input: String, signer: Signer) throws -> [UInt8] {
        let bytes = Data(input.utf8)
        switch signer {
        case .rsa: return Array(try rsa.signature(for: bytes, padding: .insecurePKCS1v1_5).rawRepresentation)
        case .ec: return Array(try ec.signature(for: bytes).rawRepresentation)
        }
    }

    /// A token whose header names `alg` and whose signature part is `signature`, for forged tokens.
    static func unsigned(_ claims: JSONValue, alg: String, kid: String?, signature: [UInt8]) -> String {
        var header: [(String, JSONValue)] = [("alg", .string(alg)), ("typ", .string("JWT"))]
        if let kid { header.append(("kid", .string(kid))) }
        return Base64URL.encode(Array(JSONText.encode(.object(header)).utf8)) + "." + Base64URL.encode(Array(JSONText.encode(claims).utf8)) + "."
            + Base64URL.encode(signature)
    }
}
