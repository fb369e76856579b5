/// String escapes GraphQL allows and GraphQLSwift's lexer does not read: a surrogate pair written as two
/// escapes (`"\uD83D\uDE00"`, as JSON encoders that keep to ASCII write it) and the braced form
/// (`"\u{1F600}"`). graphql-js reads both as the one character they stand for. `NestingScanner` finds them;
/// `apply` writes each as that character's UTF-8 and pads the string with spaces after its closing quote,
/// so every later token keeps its byte offset, line and column.
package enum UnicodeEscapes {
    /// One escape to replace.
    package struct Rewrite: Sendable, Equatable {
        /// Byte offset of the escape's backslash.
        package var offset: Int
        /// Bytes the escape takes (12 for a pair).
        package var length: Int
        /// The character it stands for.
        package var scalar: Unicode.Scalar
        /// On a string's last rewrite: the byte offset just after the string's closing quote, where the
        /// padding for all of the string's rewrites goes; nil for an unterminated string (which fails to parse).
        package var padAfter: Int?

        /// Creates a rewrite.
        package init(offset: Int, length: Int, scalar: Unicode.Scalar, padAfter: Int? = nil) {
            self.offset = offset
            self.length = length
            self.scalar = scalar
            self.padAfter = padAfter
        }
    }

    /// `text` with `rewrites` (in text order) applied.
    package static func apply(_ rewrites: [Rewrite], to text: String) -> String {
        guard !rewrites.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var padding = 0
        for rewrite in rewrites {
            output += bytes[copied..<rewrite.offset]
            let replacement = Self.replacement(for: rewrite.scalar)
            output += replacement
            padding += rewrite.length - replacement.count
            copied = rewrite.offset + rewrite.length
            if let end = rewrite.padAfter {
                output += bytes[copied..<end]
                output += repeatElement(UInt8(ascii: " "), count: max(0, padding))
                copied = end
                padding = 0
            }
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The character's UTF-8; a control character, `"` or `\` (which cannot stand in a string as they are) as
    /// a four-digit escape, which GraphQLSwift reads. Only `\u{A}`-like escapes of one digit grow, by a byte.
    static func replacement(for scalar: Unicode.Scalar) -> [UInt8] {
        if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
        return Array(String(Character(scalar)).utf8)
    }
}
