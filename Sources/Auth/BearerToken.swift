/// The token in an `Authorization` header: the raw token, as Amplify clients send it, or `Bearer <token>`
/// (any case, any run of spaces). Nil for an empty header or a `Bearer` with nothing after it.
package func bearerToken(in header: String) -> String? {
    let trimmed = header.trimmingPrefixAndSuffix(while: { $0 == " " || $0 == "\t" })
    let parts = trimmed.split(separator: " ", maxSplits: 1)
    if parts.count == 2, parts[0].lowercased() == "bearer" {
        let token = parts[1].trimmingPrefixAndSuffix(while: { $0 == " " || $0 == "\t" })
        return token.isEmpty ? nil : String(token)
    }
    return trimmed.isEmpty || trimmed.lowercased() == "bearer" ? nil : String(trimmed)
}

extension StringProtocol {
    /// The text without the leading and trailing characters that satisfy `predicate`.
    fileprivate func trimmingPrefixAndSuffix(while predicate: (Character) -> Bool) -> Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { !predicate($0) }), let last = text.lastIndex(where: { !predicate($0) }) else { return Substring() }
        return Substring(text[first...last])
    }
}
