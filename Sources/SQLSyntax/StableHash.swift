/// FNV-1a over UTF-8: a stable, non-cryptographic hash for identifiers derived from SQL or arguments
/// (argument hashes in `nextToken`s, plan ids in logs). Stable across processes, unlike `Hasher`.
package enum StableHash {
    /// The 64-bit FNV-1a of `text`, in lower-case hex.
    package static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
