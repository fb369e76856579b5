package import JSON

/// The caller a verified token names, and everything its payload says.
package struct Identity: Sendable, Equatable {
    /// `sub`: the user's stable id.
    package var subject: String
    /// The user name: `cognito:username` in Cognito ID tokens, `username` in access tokens (and other providers).
    package var username: String?
    /// The groups the configured group claim lists (a list of strings, or one string).
    package var groups: [String]
    /// `iss`.
    package var issuer: String
    /// The whole payload, for rules that name other claims.
    package var claims: JSONValue

    /// Reads the identity a verified payload describes; `groupClaim` names the claim that lists groups.
    init(claims: JSONValue, subject: String, issuer: String, groupClaim: String) {
        self.subject = subject
        self.issuer = issuer
        self.claims = claims
        username = Self.text(claims["cognito:username"]) ?? Self.text(claims["username"])
        groups = Self.texts(claims[groupClaim])
    }

    /// The values of claim `name` as text: a string or number gives one, a list its strings and numbers.
    package func claimValues(_ name: String) -> [String] {
        Self.texts(claims[name])
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        default: nil
        }
    }

    private static func texts(_ value: JSONValue?) -> [String] {
        if case .list(let items)? = value { return items.compactMap { text($0) } }
        return text(value).map { [$0] } ?? []
    }
}
