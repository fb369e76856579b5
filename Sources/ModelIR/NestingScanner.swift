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
        return scanner.run(limit: limit)
    }

    /// The deepest nesting of `text` (for tests and diagnostics).
    package static func depth(of text: String) -> Int {
        var scanner = Scanner(bytes: text.utf8)
        _ = scanner.run(limit: .max)
        return scanner.deepest
    }

    private struct Scanner {
        let bytes: String.UTF8View
        var index: String.UTF8View.Index
        var line = 1
        /// Index of the first byte of the current line, for columns.
        var lineStart: String.UTF8View.Index
        var depth = 0
        var deepest = 0

        init(bytes: String.UTF8View) {
            self.bytes = bytes
            index = bytes.startIndex
            lineStart = bytes.startIndex
        }

        mutating func run(limit: Int) -> Excess? {
            while index < bytes.endIndex {
                let byte = bytes[index]
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
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D { return }
                advance()
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\"), index < bytes.endIndex, bytes[index] != 0x0A, bytes[index] != 0x0D { advance() }
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
