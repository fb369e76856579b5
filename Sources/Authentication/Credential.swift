package import Foundation
import ModelIR
package import Planner

/// What a request's credentials proved: who is calling, and what its requests are counted under.
package struct Credential: Sendable, Equatable {
    /// The caller authorization rules see: its mode and, for a signed-in user, the verified token's claims.
    package var caller: Caller
    /// What the caller's requests are counted and queued under (the in-flight limit, the pool's turns): an API
    /// key's public id, or `user:<iss>|<sub>` for a signed-in user, so each of a user's tokens counts as one user.
    package var principal: String
    /// When the token stops being accepted (its `exp` plus the allowed clock skew); nil for an API key, whose
    /// revocation and expiry are checked against the database instead.
    package var expires: Date?

    /// A credential of `caller` counted under `principal`.
    package init(caller: Caller, principal: String, expires: Date? = nil) {
        self.caller = caller
        self.principal = principal
        self.expires = expires
    }

    /// True for an API key's credential.
    package var isAPIKey: Bool { caller.mode == .apiKey }

    /// True once a token credential is no longer accepted at `now`; never for an API key.
    package func isExpired(at now: Date) -> Bool {
        expires.map { now >= $0 } ?? false
    }
}

/// The answer to a request's credentials.
package enum Verdict: Sendable, Equatable {
    /// They hold: the request runs as this credential.
    case accepted(Credential)
    /// Nothing valid was presented: HTTP 401 with AppSync's `UnauthorizedException`. `reason` is for the server
    /// log only (why a token was refused, safe to print); nil when there is nothing worth logging (no credentials,
    /// or a wrong API key, which is not logged).
    case refused(reason: String?)
    /// The credentials could not be checked: HTTP 503 `ServiceUnavailable`, so clients retry rather than drop
    /// credentials that may well be good.
    case unavailable(Unavailable)
}

/// Why credentials could not be checked.
package enum Unavailable: Sendable, Equatable {
    /// The database did not answer the API-key lookup.
    case database
    /// The signing keys of the token's issuer could not be read (`reason` says why; for the log).
    case signingKeys(reason: String)

    /// What the client is told.
    package var message: String {
        switch self {
        case .database: "The database is unavailable, so the API key could not be checked; try again shortly."
        case .signingKeys: "The token's signing keys could not be read, so it could not be checked; try again shortly."
        }
    }
}
