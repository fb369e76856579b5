/// Measures how deeply a GraphQL text nests `{`, `[` and `(` without parsing it, so that a document too deep
/// for a recursive parser is refused before one sees it. It reads UTF-8 bytes in one pass with no recursion,
/// skipping strings, block strings and comments the way GraphQL's lexer does, and never fails: unbalanced
/// or malformed text is measured as far as it goes and left for the parser to reject.
package enum NestingScanner {
    /// Where the text first nests deeper than a limit.
    package struct Excess: Sendable, Equatable {
        /// The depth reached (the limit plus one).
        package var depth: Int
        /// 1-based line of the opening bracket that went past the limit.
        package var line: Int
        /// 1-based column (in Unicode scalars) of that bracket.
        package var column: Int

        /// Creates a finding.
        package init(depth: Int, line: Int, column: Int) {
            self.depth = depth
            self.line = line
            self.column = column
        }
    }

    /// The first place `text` nests deeper than `limit`, or nil when it never does.
    package static func firstExcess(in text: String, limit: Int) -> Excess? {
        var scanner = Scanner(bytes: text.utf8)
        return scanner.run(limit: limit, tokenLimit: .max)
    }

    /// The deepest nesting of `text` (for tests and diagnostics).
    package static func depth(of text: String) -> Int {
        var scanner = Scanner(bytes: text.utf8)
        _ = scanner.run(limit: .max, tokenLimit: .max)
        return scanner.deepest
    }

    /// What one pass over a document found: where it first nests too deep, and how many tokens it has
    /// (counted up to `tokenLimit + 1`, where the pass stops).
    package struct Measurement: Sendable, Equatable {
        /// The first bracket past the nesting limit, if any.
        package var excess: Excess?
        /// Tokens as GraphQL's lexer reads them (names, numbers, strings, punctuators; commas, whitespace
        /// and comments are not tokens).
        package var tokens: Int
        /// The first `\u` escape in a string not followed by four hex digits: GraphQLSwift's lexer reads past
        /// the end of the text on one at its end, so such a document must not reach it. Line and column of
        /// the backslash.
        package var badEscape: (line: Int, column: Int)?
        /// The first name or number longer than 1,024 bytes, which GraphQLSwift's lexer reads in quadratic time.
        package var longWord: (line: Int, column: Int)?
        /// Escapes GraphQLSwift's lexer does not read (a surrogate pair `\uD83D\uDE00`, a braced `\u{1F600}`),
        /// as `UnicodeEscapes` rewrites them; empty for almost every document.
        package var escapes: [UnicodeEscapes.Rewrite] = []

        package static func == (lhs: Measurement, rhs: Measurement) -> Bool {
            lhs.excess == rhs.excess && lhs.tokens == rhs.tokens && lhs.badEscape?.line == rhs.badEscape?.line && lhs.badEscape?.column == rhs.badEscape?.column
        }
    }

    /// Measures nesting and tokens in one pass, stopping at the first excess of either limit.
    package static func measure(_ text: String, nestingLimit: Int, tokenLimit: Int) -> Measurement {
        var scanner = Scanner(bytes: text.utf8)
        let excess = scanner.run(limit: nestingLimit, tokenLimit: tokenLimit)
        return Measurement(excess: excess, tokens: scanner.tokens, badEscape: scanner.badEscape, longWord: scanner.longWord, escapes: scanner.escapes)
    }

    private struct Scanner {
        let bytes: String.UTF8View
        var index: String.UTF8View.Index
        var line = 1
        /// Index of the first byte of the current line, for columns.
        var lineStart: String.UTF8View.Index
        var depth = 0
        var deepest = 0
        var tokens = 0
        var badEscape: (line: Int, column: Int)?
        /// The first name or number longer than `longestWord` bytes.
        var longWord: (line: Int, column: Int)?
        var wordStart: String.UTF8View.Index
        var escapes: [UnicodeEscapes.Rewrite] = []
        /// GraphQLSwift's lexer takes time quadratic in a name's length (a 70,000-byte name took seconds); no
        /// schema name is near this long.
        static let longestWord = 1024
        /// True while inside a name or number, whose following characters continue the same token.
        var inWord = false

        init(bytes: String.UTF8View) {
            self.bytes = bytes
            index = bytes.startIndex
            lineStart = bytes.startIndex
            wordStart = bytes.startIndex
        }

        mutating func run(limit: Int, tokenLimit: Int) -> Excess? {
            while index < bytes.endIndex, tokens <= tokenLimit {
                let byte = bytes[index]
                let isWordByte =
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte >= 0x80
                if isWordByte {
                    // `...` is one punctuator; names and numbers (with their signs, dots and exponents) one token.
                    if byte == UInt8(ascii: "."), starts(with: "...") {
                        tokens += 1
                        inWord = false
                        for _ in 0..<3 { advance() }
                        continue
                    }
                    if !inWord {
                        tokens += 1
                        wordStart = index
                    } else if longWord == nil, bytes.distance(from: wordStart, to: index) >= Self.longestWord {
                        longWord = (line, column(of: wordStart))
                    }
                    inWord = true
                    advance()
                    continue
                }
                inWord = false
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                    advance()
                    continue
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    break
                default:
                    tokens += 1
                }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                    depth += 1
                    deepest = max(deepest, depth)
                    if depth > limit { return Excess(depth: depth, line: line, column: column(of: index)) }
                    advance()
                case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                    depth = max(0, depth - 1)
                    advance()
                case UInt8(ascii: "#"):
                    while index < bytes.endIndex, bytes[index] != 0x0A, bytes[index] != 0x0D { advance() }
                case UInt8(ascii: "\""):
                    tokens += 1
                    if starts(with: "\"\"\"") { skipBlockString() } else { skipString() }
                default:
                    advance()
                }
            }
            return nil
        }

        /// Moves past one byte, counting lines (`\n`, `\r\n` and `\r` each end one).
        mutating func advance() {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == 0x0A || (byte == 0x0D && (index == bytes.endIndex || bytes[index] != 0x0A)) {
                line += 1
                lineStart = index
            }
        }

        func starts(with prefix: StaticString) -> Bool {
            var cursor = index
            let text = prefix.utf8Start
            for offset in 0..<prefix.utf8CodeUnitCount {
                guard cursor < bytes.endIndex, bytes[cursor] == text[offset] else { return false }
                cursor = bytes.index(after: cursor)
            }
            return true
        }

        /// `"…"`: ends at an unescaped quote or at the end of the line (where the lexer reports it).
        mutating func skipString() {
            advance()
            let firstRewrite = escapes.count
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D { return }
                let position = index
                advance()
                if byte == UInt8(ascii: "\"") {
                    // The string's rewrites are padded with spaces after its closing quote, so every later
                    // token keeps its byte offset, line and column.
                    if escapes.count > firstRewrite { escapes[escapes.count - 1].padAfter = bytes.distance(from: bytes.startIndex, to: index) }
                    return
                }
                if byte == UInt8(ascii: "\\"), index < bytes.endIndex, bytes[index] != 0x0A, bytes[index] != 0x0D {
                    if bytes[index] == UInt8(ascii: "u"), badEscape == nil, !readUnicodeEscape(from: position) {
                        badEscape = (line, column(of: position))
                    }
                    advance()
                }
            }
        }

        /// Reads the `\u` escape starting at `start` (its backslash): four hex digits GraphQLSwift reads
        /// itself, or a form it does not (a surrogate pair, braces), recorded in `escapes`. False for an escape
        /// that is no Unicode scalar: too few digits, a lone surrogate, braces past U+10FFFF.
        mutating func readUnicodeEscape(from start: String.UTF8View.Index) -> Bool {
            let offset = bytes.distance(from: bytes.startIndex, to: start)
            if let (value, length) = hex(at: offset + 2, braced: true) {
                guard let scalar = Unicode.Scalar(value) else { return false }
                escapes.append(UnicodeEscapes.Rewrite(offset: offset, length: length + 2, scalar: scalar))
                return true
            }
            guard let (high, _) = hex(at: offset + 2, braced: false) else { return false }
            switch high {
            case 0xD800...0xDBFF:
                guard byte(at: offset + 6) == UInt8(ascii: "\\"), byte(at: offset + 7) == UInt8(ascii: "u"),
                    let (low, _) = hex(at: offset + 8, braced: false), (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { return false }
                escapes.append(UnicodeEscapes.Rewrite(offset: offset, length: 12, scalar: scalar))
                // Skip the low half's backslash so it is not read as an escape of its own.
                for _ in 0..<6 { advance() }
                return true
            case 0xDC00...0xDFFF:
                return false
            default:
                return true
            }
        }

        /// The byte at `offset`, or nil past the end.
        func byte(at offset: Int) -> UInt8? {
            guard let position = bytes.index(bytes.startIndex, offsetBy: offset, limitedBy: bytes.endIndex), position < bytes.endIndex else { return nil }
            return bytes[position]
        }

        /// Four hex digits at `offset` (`braced` false), or one to six in braces (`braced` true): the value and
        /// how many bytes it took.
        func hex(at offset: Int, braced: Bool) -> (UInt32, Int)? {
            var value: UInt32 = 0
            var cursor = offset
            if braced {
                guard byte(at: cursor) == UInt8(ascii: "{") else { return nil }
                cursor += 1
            }
            var digits = 0
            while digits < (braced ? 6 : 4), let byte = byte(at: cursor), let digit = Self.hexValue(byte) {
                value = value << 4 | digit
                digits += 1
                cursor += 1
            }
            if braced {
                guard digits > 0, byte(at: cursor) == UInt8(ascii: "}") else { return nil }
                cursor += 1
            } else if digits < 4 {
                return nil
            }
            return (value, cursor - offset)
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x30...0x39: UInt32(byte - 0x30)
            case 0x41...0x46: UInt32(byte - 0x41 + 10)
            case 0x61...0x66: UInt32(byte - 0x61 + 10)
            default: nil
            }
        }

        /// `"""…"""`, where `\"""` is an escaped delimiter.
        mutating func skipBlockString() {
            for _ in 0..<3 { advance() }
            while index < bytes.endIndex {
                if starts(with: "\\\"\"\"") {
                    for _ in 0..<4 { advance() }
                } else if starts(with: "\"\"\"") {
                    for _ in 0..<3 { advance() }
                    return
                } else {
                    advance()
                }
            }
        }

        /// The 1-based column of `position` on the current line, counted in Unicode scalars.
        func column(of position: String.UTF8View.Index) -> Int {
            var count = 1
            var cursor = lineStart
            while cursor < position {
                // Continuation bytes (10xxxxxx) do not start a scalar.
                if bytes[cursor] & 0xC0 != 0x80 { count += 1 }
                cursor = bytes.index(after: cursor)
            }
            return count
        }
    }
}
