package import Foundation
import JSON
import JWTKit

/// What a token must be to be accepted.
package struct TokenPolicy: Sendable {
    /// The `iss` every token must carry (a Cognito user pool's or OIDC provider's issuer URL).
    package var issuer: String
    /// The client ids (audiences) accepted in `aud`, or in `client_id` when there is no `aud` (Cognito access
    /// tokens). Empty: any.
    package var audiences: Set<String>
    /// How far the server's clock may be from the issuer's, for `exp`, `nbf` and `iat`.
    package var clockSkew: Duration = .seconds(60)
    /// The longest token accepted, in bytes.
    package var maximumTokenBytes = 16 * 1024
    /// The claim listing the user's groups.
    package var groupClaim = "cognito:groups"

    /// A policy for tokens of `issuer` meant for `audiences`.
    package init(issuer: String, audiences: Set<String> = []) {
        self.issuer = issuer
        self.audiences = audiences
    }
}

/// Verifies JSON Web Tokens (RS256 or ES256, signed by a key of the configured key set) and returns whom they
/// name. The signature is checked by jwt-kit with the one key the token's `kid` names and the one algorithm
/// that key verifies; the claims are checked here.
package struct TokenVerifier: Sendable {
    /// What tokens must be.
    package let policy: TokenPolicy
    /// The keys they are signed with.
    package let keys: SigningKeys
    /// Tokens verified in the last minutes, checked again only for their time window.
    private let verified: VerifiedTokens

    /// A verifier of tokens meeting `policy`, signed by `keys`.
    package init(policy: TokenPolicy, keys: SigningKeys) {
        self.policy = policy
        self.keys = keys
        verified = VerifiedTokens()
    }

    /// The identity `token` names, when it is valid at `now`.
    package func verify(_ token: String, now: Date = Date()) async throws(TokenRejection) -> Identity {
        let size = token.utf8.count
        guard size <= policy.maximumTokenBytes else { throw .tooLarge(size) }
        let time = now.timeIntervalSince1970
        if let known = verified.identity(of: token, now: time) { return known }
        let identity = try await verifyAnew(token, now: now)
        let skew = Double(policy.clockSkew.components.seconds)
        let validFrom = max(Self.seconds(identity.claims["nbf"]) ?? -.infinity, Self.seconds(identity.claims["iat"]) ?? -.infinity) - skew
        let validUntil = (Self.seconds(identity.claims["exp"]) ?? time) + skew
        verified.store(token, identity: identity, validFrom: validFrom, validUntil: validUntil, now: time)
        return identity
    }

    /// Whether `token`'s signature verifies with `key`, which must be a key for the token's `algorithm`.
    private static func signature(of token: String, verifiesWith key: SigningKey, algorithm: String) async throws(TokenRejection) -> Bool {
        guard key.algorithm == algorithm else { throw .unsupportedAlgorithm("\(algorithm) with a key for \(key.algorithm)") }
        do {
            _ = try await key.verifier.verify(token, as: SignatureOnly.self)
            return true
        } catch {
            return false
        }
    }

    /// Every check of `token`: its form, its signature by the key its `kid` names, and its claims.
    private func verifyAnew(_ token: String, now: Date) async throws(TokenRejection) -> Identity {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[2].isEmpty, let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            Base64URL.decode(parts[2]) != nil
        else { throw .malformed("not three base64url parts") }
        guard let header = try? JSONReader.parse(headerBytes, maximumDepth: 4), case .object = header,
            let claims = try? JSONReader.parse(payloadBytes, maximumDepth: 16), case .object = claims
        else { throw .malformed("header or payload is not a JSON object") }
        guard case .string(let algorithm)? = header["alg"], algorithm == "RS256" || algorithm == "ES256" else {
            throw .unsupportedAlgorithm(Self.describe(header["alg"]))
        }
        let kid: String? = if case .string(let kid)? = header["kid"] { kid } else { nil }
        let key = try await keys.key(id: kid)
        if try await !Self.signature(of: token, verifiesWith: key, algorithm: algorithm) {
            // A provider may rotate the key under the same kid: the set is read again (rate-limited) before refusing.
            guard let replacement = await keys.replacement(for: key), try await Self.signature(of: token, verifiesWith: replacement, algorithm: algorithm) else {
                throw .badSignature
            }
        }
        return try check(claims, now: now)
    }

    /// Checks the registered claims of a payload whose signature holds.
    private func check(_ claims: JSONValue, now: Date) throws(TokenRejection) -> Identity {
        let skew = Double(policy.clockSkew.components.seconds)
        let time = now.timeIntervalSince1970
        guard let expires = Self.seconds(claims["exp"]), time < expires + skew else { throw .expired }
        if let notBefore = Self.seconds(claims["nbf"]), time + skew < notBefore { throw .notYetValid }
        if let issued = Self.seconds(claims["iat"]), time + skew < issued { throw .issuedInTheFuture }
        guard case .string(let issuer)? = claims["iss"], issuer == policy.issuer else {
            if case .string(let issuer)? = claims["iss"] { throw .wrongIssuer(issuer) }
            throw .wrongIssuer(nil)
        }
        if !policy.audiences.isEmpty {
            let audiences: [JSONValue] =
                switch claims["aud"] {
                case .list(let list)?: list
                case let single?: [single]
                case nil: claims["client_id"].map { [$0] } ?? []
                }
            guard audiences.contains(where: { if case .string(let audience) = $0 { policy.audiences.contains(audience) } else { false } }) else {
                throw .wrongAudience
            }
        }
        guard case .string(let subject)? = claims["sub"], !subject.isEmpty else { throw .noSubject }
        return Identity(claims: claims, subject: subject, issuer: issuer, groupClaim: policy.groupClaim)
    }

    /// A NumericDate claim (seconds since 1970, whole or not).
    private static func seconds(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let seconds)?: Double(seconds)
        case .float(let seconds)?: seconds
        default: nil
        }
    }

    private static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "(none)" }
        return JSONText.encode(value)
    }
}

/// jwt-kit's view of a payload when only the signature is its business: the claims are checked by
/// `TokenVerifier` on the payload as it was sent.
private struct SignatureOnly: JWTPayload {
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
