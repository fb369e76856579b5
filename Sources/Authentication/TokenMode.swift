package import Auth
package import ModelIR

/// A mode signed-in users prove themselves in: a Cognito user pool (`userPools`) or another OpenID Connect
/// provider (`oidc`), and the verifier of its tokens (issuer, audiences, signing keys).
package struct TokenMode: Sendable {
    /// `userPools` or `oidc`.
    package let provider: AuthProvider
    /// Checks a token of this mode and reads its claims.
    package let verifier: TokenVerifier

    /// A mode of `provider` whose tokens `verifier` checks.
    package init(provider: AuthProvider, verifier: TokenVerifier) {
        precondition(provider.isToken, "an API key is not a token mode")
        self.provider = provider
        self.verifier = verifier
    }

    /// The issuer (`iss`) of this mode's tokens.
    package var issuer: String { verifier.policy.issuer }
}
