/// Why a presented token was refused. The client only ever hears that it is not authorized; this is for the
/// server's log, beside the request id.
package enum TokenRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three base64url parts with JSON header and payload.
    case malformed(String)
    /// Longer than the policy allows (bytes).
    case tooLarge(Int)
    /// A signing algorithm other than RS256 and ES256 (`none`, the HMAC ones), or one its key is not for.
    case unsupportedAlgorithm(String)
    /// No key with the token's `kid`, even after the key set was fetched again.
    case unknownKey(String?)
    /// The signature does not match the header and payload.
    case badSignature
    /// `exp` has passed, or there is none.
    case expired
    /// `nbf` has not come yet.
    case notYetValid
    /// `iat` lies in the future.
    case issuedInTheFuture
    /// `iss` is not the configured issuer.
    case wrongIssuer(String?)
    /// Neither `aud` nor `client_id` is one of the configured audiences.
    case wrongAudience
    /// No `sub` claim.
    case noSubject
    /// The key set could not be read (its URL did not answer, or its file is missing or not a key set).
    case keysUnavailable(String)

    package var description: String {
        switch self {
        case .malformed(let why): "malformed token: \(why)"
        case .tooLarge(let bytes): "token of \(bytes) bytes is too large"
        case .unsupportedAlgorithm(let algorithm): "unsupported signing algorithm \(algorithm)"
        case .unknownKey(let kid): "no signing key \(kid ?? "(no kid)")"
        case .badSignature: "bad signature"
        case .expired: "expired"
        case .notYetValid: "not valid yet (nbf)"
        case .issuedInTheFuture: "issued in the future (iat)"
        case .wrongIssuer(let issuer): "wrong issuer \(issuer ?? "(none)")"
        case .wrongAudience: "wrong audience"
        case .noSubject: "no sub claim"
        case .keysUnavailable(let why): "signing keys unavailable: \(why)"
        }
    }
}
