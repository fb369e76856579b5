import JSON

/// The `iss` claim of `token` read without checking anything: which configured issuer should verify it, when
/// there are several. Nil when the token is not three base64url parts with a JSON payload holding a string `iss`.
/// Never a reason to trust the token: it is verified afterwards by the issuer's own `TokenVerifier`. A token
/// longer than `maximumBytes` is not read (nil).
package func unverifiedIssuer(of token: String, maximumBytes: Int) -> String? {
    guard token.utf8.count <= maximumBytes else { return nil }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let payload = Base64URL.decode(parts[1]), let claims = try? JSONReader.parse(payload, maximumDepth: 16),
        case .string(let issuer)? = claims["iss"]
    else { return nil }
    return issuer
}
