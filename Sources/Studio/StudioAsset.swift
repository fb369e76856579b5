/// One file of the studio, as it is served: its bytes, its media type and an entity tag that changes when its
/// bytes do.
package struct StudioAsset: Sendable, Equatable {
    /// The file's bytes.
    package let bytes: [UInt8]
    /// The `Content-Type` it is served with.
    package let contentType: String
    /// A strong entity tag (quoted, as the `ETag` header carries it): a 64-bit FNV-1a digest of the bytes.
    package let etag: String

    /// Makes the asset of `bytes` served as `contentType`.
    package init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
        etag = "\"" + Self.digest(bytes) + "\""
    }

    /// The FNV-1a 64-bit digest of `bytes` as 16 hexadecimal digits: enough to tell versions of one file apart
    /// (an entity tag need not resist forgery, only change when the file does).
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The media type of a file name's extension, or nil for a kind of file the studio does not serve.
    package static func contentType(forName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return nil
        }
    }
}
