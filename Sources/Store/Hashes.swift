import Crypto

/// SHA-256 as ModelGraph stores it: API-key hashes (the digest's bytes) and migration checksums (lower-case
/// hex). swift-crypto computes it.
package enum Hashes {
    /// The 32-byte SHA-256 digest of `bytes`.
    package static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }

    /// The lower-case hex SHA-256 digest of a string's UTF-8 bytes.
    package static func sha256Hex(_ text: String) -> String {
        hex(sha256(Array(text.utf8)))
    }

    /// Bytes as lower-case hex.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
