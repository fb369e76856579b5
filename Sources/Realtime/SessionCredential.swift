import Authentication
import Foundation

/// What a real-time connection, or one of its subscriptions, was accepted with: the credentials it presented and
/// what they proved.
struct SessionCredential: Sendable {
    /// The `x-api-key` presented, as sent; nil when none was.
    var presentedKey: String?
    /// The `Authorization` value presented, as sent; nil when none was.
    var presentedToken: String?
    /// What the presented credentials proved: the caller and the principal it counts under.
    var proved: Credential

    /// The API key the server checks again every few seconds (revocation, expiry); nil when a token was accepted.
    var apiKey: String? { proved.isAPIKey ? presentedKey : nil }

    /// What a closed connection's subscription is resumed under: the API key itself, or the signed-in user (so a
    /// refreshed token of the same user resumes it).
    var resumeKey: String { apiKey ?? proved.principal }

    /// True when `key` and `token` are exactly the credentials presented: nothing new to check.
    func presents(key: String?, token: String?) -> Bool {
        presentedKey == key && presentedToken == token
    }
}
