import JSON
import JWTKit

/// One public key of a key set, bound to the one algorithm it verifies: RSA keys verify RS256 only, P-256 keys
/// ES256 only, whatever a token's header claims.
struct SigningKey: Sendable {
    /// The key's `kid`.
    let id: String
    /// `RS256` or `ES256`.
    let algorithm: String
    /// jwt-kit's verifier, holding this key alone.
    let verifier: JWTKeyCollection
    /// The key's JWK as the set wrote it: a provider that rotates a key under the same `kid` changes it.
    let material: String

    /// The signing keys of a JWKS document (`{"keys": [...]}`), by `kid`. Keys without a `kid`, for
    /// encryption (`use: enc`), of other types or curves, or whose `alg` is not the one their type verifies
    /// are left out. Throws when the document is not a key set.
    static func keys(fromJWKS bytes: [UInt8]) async throws -> [String: SigningKey] {
        guard let document = try? JSONReader.parse(bytes, maximumDepth: 8), case .list(let entries)? = document["keys"] else {
            throw TokenRejection.keysUnavailable("not a JSON Web Key Set (no \"keys\" list)")
        }
        var keys: [String: SigningKey] = [:]
        for entry in entries {
            guard case .string(let id)? = entry["kid"], let algorithm = algorithm(of: entry) else { continue }
            if case .string(let use)? = entry["use"], use != "sig" { continue }
            let verifier = JWTKeyCollection()
            let set = JSONText.encode(.object([("keys", .list([entry]))]))
            do {
                try await verifier.add(jwksJSON: set)
            } catch {
                continue
            }
            keys[id] = SigningKey(id: id, algorithm: algorithm, verifier: verifier, material: set)
        }
        return keys
    }

    /// The one algorithm a JWK verifies, or nil for keys this server does not use.
    private static func algorithm(of entry: JSONValue) -> String? {
        let algorithm: String
        switch (entry["kty"], entry["crv"]) {
        case (.string("RSA")?, _): algorithm = "RS256"
        case (.string("EC")?, .string("P-256")?): algorithm = "ES256"
        default: return nil
        }
        if let stated = entry["alg"] {
            guard stated == .string(algorithm) else { return nil }
        }
        return algorithm
    }
}
