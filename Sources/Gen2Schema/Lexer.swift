import ModelIR

/// One token of a schema file.
struct Token: Sendable, Equatable {
    /// What kind of token it is.
    enum Kind: Sendable, Equatable {
        /// A name or keyword.
        case identifier
        /// A quoted or template string; `text` is its decoded value.
        case string
        /// A numeric literal; `text` is as written.
        case number
        /// An operator or bracket.
        case punctuator
        /// The end of the file.
        case end
    }

    /// The kind.
    var kind: Kind
    /// The text (decoded for strings).
    var text: String
    /// Where it starts.
    var location: SourceLocation
    /// Whether a line break separates it from the token before (for statements without semicolons).
    var followsLineBreak: Bool

    /// Whether this is the punctuator `text`.
    func isPunctuator(_ text: String) -> Bool { kind == .punctuator && self.text == text }
    /// Whether this is the identifier or keyword `text`.
    func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
}

/// Splits a schema file into tokens, skipping comments. One pass over the bytes; every error is located.
struct Lexer {
    /// Punctuators, longest first so that the longest match wins.
    private static let punctuators: [[UInt8]] = [
        "===", "!==", "...", "**=", "<<=", ">>=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "**", "<<", ">>",
        "{", "}", "(", ")", "[", "]", ",", ";", ":", ".", "=", "!", "?", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "@", "#",
    ].map { Array($0.utf8) }

    private let bytes: [UInt8]
    private let file: String?
    private var offset = 0
    private var line = 1
    private var column = 1
    private var sawLineBreak = false

    /// Prepares to read `source`; `file` names it in locations.
    init(source: String, file: String?) {
        bytes = Array(source.utf8)
        self.file = file
    }

    /// Every token of the file, ending with `.end`.
    static func tokens(of source: String, file: String?) throws(Gen2Error) -> [Token] {
        var lexer = Lexer(source: source, file: file)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    /// Moves past one byte, keeping line and column (columns count characters, not UTF-8 bytes).
    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
            sawLineBreak = true
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func next() throws(Gen2Error) -> Token {
        sawLineBreak = false
        try skipSpaceAndComments()
        let start = location
        let brokeLine = sawLineBreak
        func token(_ kind: Token.Kind, _ text: String) -> Token {
            Token(kind: kind, text: text, location: start, followsLineBreak: brokeLine)
        }
        guard let byte = peek() else { return token(.end, "") }
        if Self.isIdentifierStart(byte) {
            let begin = offset
            while let next = peek(), Self.isIdentifierPart(next) { advance() }
            return token(.identifier, String(decoding: bytes[begin..<offset], as: UTF8.self))
        }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            let begin = offset
            while let next = peek(),
                Self.isIdentifierPart(next) || next == UInt8(ascii: ".")
                    || ((next == UInt8(ascii: "+") || next == UInt8(ascii: "-")) && (bytes[offset - 1] | 0x20) == UInt8(ascii: "e"))
            {
                advance()
            }
            return token(.number, String(decoding: bytes[begin..<offset], as: UTF8.self))
        }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
            return token(.string, try readString(quote: byte, start: start))
        }
        for punctuator in Self.punctuators where offset + punctuator.count <= bytes.count && bytes[offset..<offset + punctuator.count].elementsEqual(punctuator) {
            for _ in punctuator { advance() }
            return token(.punctuator, String(decoding: punctuator, as: UTF8.self))
        }
        let shown = byte >= 0x21 && byte < 0x7F ? "'\(String(decoding: [byte], as: UTF8.self))'" : "U+\(String(byte, radix: 16, uppercase: true))"
        throw Gen2Error("Unexpected character \(shown) in a schema file.", at: start)
    }

    private mutating func skipSpaceAndComments() throws(Gen2Error) {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                advance()
            } else if byte == 0xEF, peek(1) == 0xBB, peek(2) == 0xBF {
                // A byte-order mark.
                offset += 3
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let start = location
                advance()
                advance()
                while true {
                    guard let next = peek() else { throw Gen2Error("This block comment is never closed: '*/' is missing.", at: start) }
                    if next == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    /// Reads a quoted string or a template without substitutions, decoding escapes.
    private mutating func readString(quote: UInt8, start: SourceLocation) throws(Gen2Error) -> String {
        advance()
        var value: [UInt8] = []
        while true {
            guard let byte = peek() else { throw Gen2Error("This string is never closed.", at: start) }
            if byte == quote {
                advance()
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") && quote != UInt8(ascii: "`") {
                throw Gen2Error("This string is never closed before the end of its line.", at: start)
            }
            if quote == UInt8(ascii: "`"), byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") {
                throw Gen2Error("Template substitutions ('${...}') are not supported in a schema file; write the text out.", at: location)
            }
            if byte == UInt8(ascii: "\\") {
                let escape = location
                advance()
                guard let code = peek() else { throw Gen2Error("This string is never closed.", at: start) }
                value += try readEscape(code, at: escape)
                continue
            }
            value.append(byte)
            advance()
        }
    }

    private mutating func readEscape(_ code: UInt8, at escape: SourceLocation) throws(Gen2Error) -> [UInt8] {
        advance()
        switch code {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "0"): return [0x00]
        case UInt8(ascii: "\n"): return []
        case UInt8(ascii: "u"):
            var digits: [UInt8] = []
            if peek() == UInt8(ascii: "{") {
                advance()
                while let next = peek(), next != UInt8(ascii: "}"), digits.count < 7 {
                    digits.append(next)
                    advance()
                }
                guard peek() == UInt8(ascii: "}") else { throw Gen2Error("Invalid '\\u{...}' escape.", at: escape) }
                advance()
            } else {
                for _ in 0..<4 {
                    guard let next = peek() else { break }
                    digits.append(next)
                    advance()
                }
            }
            guard let scalarValue = UInt32(String(decoding: digits, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(scalarValue) else {
                throw Gen2Error("Invalid '\\u' escape: it needs hex digits naming a Unicode character.", at: escape)
            }
            return Array(String(Character(scalar)).utf8)
        default:
            // `\'`, `\"`, `\\` and any other character stand for themselves; keep a multi-byte character whole.
            var character = [code]
            while let next = peek(), next & 0xC0 == 0x80 {
                character.append(next)
                advance()
            }
            return character
        }
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
