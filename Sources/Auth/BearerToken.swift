/// The token in an `Authorization` header: the raw token, as Amplify clients send it, or `Bearer <token>`
/// (any case, any run of spaces). Nil for an empty header or a `Bearer` with nothing after it. Read byte by
/// byte: a token is about a kilobyte and comes with every request.
package func bearerToken(in header: String) -> String? {
    let bytes = Array(header.utf8)
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isBlank(bytes[start]) { start += 1 }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    guard start < end else { return nil }
    let scheme = Array("bearer".utf8)
    let hasScheme =
        end - start >= scheme.count && zip(bytes[start..<start + scheme.count], scheme).allSatisfy { $0 | 0x20 == $1 }
        && (end - start == scheme.count || isBlank(bytes[start + scheme.count]))
    if hasScheme {
        start += scheme.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        guard start < end else { return nil }
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
}
