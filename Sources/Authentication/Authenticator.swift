import Auth
import Foundation
import JSON
package import ModelIR
import Planner
package import Store

/// Decides who a request is, from the credentials it carries, for every transport: an `Authorization` token
/// (raw, as Amplify clients send it, or `Bearer <token>`) is verified by the configured token mode whose issuer
/// it names; otherwise an `x-api-key` is checked, when API keys are a configured mode. Nothing valid is refused.
/// Like AppSync's default and additional authorization modes, every configured mode is accepted on every request;
/// the default mode is listed first.
package struct Authenticator: Sendable {
    /// The configured modes, the default first.
    package let modes: [AuthProvider]
    /// Where API keys are checked; nil when `apiKey` is not a mode.
    package let apiKeys: APIKeyStore?
    /// The token modes (`userPools`, `oidc`), each with its own issuer.
    package let tokenModes: [TokenMode]

    /// An authenticator for `modes` (the default first, each at most once), checking keys in `keys` when
    /// `apiKey` is one of them and tokens with `tokenModes` (one per token mode listed, distinct issuers).
    package init(modes: [AuthProvider], keys: APIKeyStore, tokenModes: [TokenMode]) {
        precondition(Set(modes).count == modes.count, "a mode listed twice")
        precondition(Set(tokenModes.map(\.provider)) == Set(modes.filter(\.isToken)), "every token mode needs its verifier")
        precondition(Set(tokenModes.map(\.issuer)).count == tokenModes.count, "two token modes of one issuer")
        self.modes = modes
        apiKeys = modes.contains(.apiKey) ? keys : nil
        self.tokenModes = tokenModes
    }

    /// True when a token mode is configured: otherwise `Authorization` values are not looked at.
    package var acceptsTokens: Bool { !tokenModes.isEmpty }

    /// API keys only: how the server runs without authorization options.
    package static func apiKeysOnly(_ keys: APIKeyStore) -> Authenticator {
        Authenticator(modes: [.apiKey], keys: keys, tokenModes: [])
    }

    /// The verdict on a request that carried `apiKey` (its `x-api-key`) and `authorization` (its
    /// `Authorization` value). A token decides when one is present and a token mode is configured: a bad token
    /// is refused even beside a good key. Without token modes, `Authorization` is not looked at.
    package func authenticate(apiKey: String?, authorization: String?) async -> Verdict {
        if acceptsTokens, let authorization, let token = bearerToken(in: authorization) {
            return await verify(token)
        }
        guard let apiKey else { return .refused(reason: nil) }
        guard let apiKeys else { return .refused(reason: "an x-api-key was sent, but apiKey is not an authorization mode of this server") }
        switch await apiKeys.check(apiKey) {
        case .valid(let id): return .accepted(Credential(caller: .apiKey, principal: id))
        case .invalid: return .refused(reason: nil)
        case .unavailable: return .unavailable(.database)
        }
    }

    /// Verifies `token` with the token mode of its issuer (the only one, when there is one).
    private func verify(_ token: String) async -> Verdict {
        let mode: TokenMode
        if tokenModes.count == 1 {
            mode = tokenModes[0]
        } else {
            let limit = tokenModes.map(\.verifier.policy.maximumTokenBytes).max() ?? 0
            guard let issuer = unverifiedIssuer(of: token, maximumBytes: limit) else {
                return .refused(reason: Self.logSafe(TokenRejection.malformed("no readable iss claim").description))
            }
            guard let match = tokenModes.first(where: { $0.issuer == issuer }) else {
                return .refused(reason: Self.logSafe(TokenRejection.wrongIssuer(issuer).description))
            }
            mode = match
        }
        do {
            let identity = try await mode.verifier.verify(token)
            let caller = Caller(mode: mode.provider, claims: identity.claims)
            return .accepted(Credential(caller: caller, principal: "user:\(identity.issuer)|\(identity.subject)", expires: Self.expiry(of: identity, mode)))
        } catch {
            if case .keysUnavailable(let why) = error { return .unavailable(.signingKeys(reason: Self.logSafe(why))) }
            return .refused(reason: Self.logSafe(error.description))
        }
    }

    /// When a verified token stops being accepted: its `exp` plus the clock skew the verifier allows.
    private static func expiry(of identity: Identity, _ mode: TokenMode) -> Date? {
        let seconds: Double
        switch identity.claims["exp"] {
        case .int(let whole)?: seconds = Double(whole)
        case .float(let fraction)?: seconds = fraction
        default: return nil
        }
        return Date(timeIntervalSince1970: seconds + Double(mode.verifier.policy.clockSkew.components.seconds))
    }

    /// A refusal's reason as it may appear on a log line: it quotes what the token said (its issuer, `alg` or
    /// `kid`), which the client chose, so it is cut to 200 characters and control characters are escaped.
    static func logSafe(_ text: String) -> String {
        let cut = String(String.UnicodeScalarView(text.unicodeScalars.prefix(200)))
        guard cut.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return cut }
        return String(JSONText.quote(cut).dropFirst().dropLast())
    }
}
