/// A strict RFC 8259 reader: UTF-8 only, no trailing commas, no leading zeros, no unescaped control characters,
/// nothing after the value but whitespace. It answers whether the server's body is JSON at all.
public enum StrictJSON {
    /// Why a body is not JSON: a short reason and the byte offset.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var reason: String
        /// Where, in bytes from the start.
        public var offset: Int
        /// The reason and the offset.
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var scalars = UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch scalars.parseScalar(from: &iterator) {
            case .valid(let unit): offset += unit.count
            case .emptyInput: break loop
            case .error: throw Failure(reason: "invalid UTF-8", offset: offset)
            }
        }
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
            for byte in word.utf8 {
                guard current == byte else { throw failure("unknown literal") }
                index += 1
            }
            return value
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < 2000 else { throw failure("nested too deep to check") }
            skipWhitespace()
            guard let byte = current else { throw failure("unexpected end") }
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                var fields: [(String, JSONValue)] = []
                skipWhitespace()
                if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
                while true {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\"") else { throw failure("expected a key") }
                    let key = String(decoding: try string(), as: UTF16.self)
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
                    index += 1
                    fields.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
                    throw failure("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipWhitespace()
                if current == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    if current == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw failure("expected ',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        /// A string literal as UTF-16 code units (the bytes are already known to be UTF-8).
        mutating func string() throws(Failure) -> [UInt16] {
            index += 1
            var units: [UInt16] = []
            var start = index
            func flush(_ end: Int) { units += Array(String(decoding: bytes[start..<end], as: UTF8.self).utf16) }
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return units
                case UInt8(ascii: "\\"):
                    flush(index)
                    index += 1
                    guard let escaped = current else { throw failure("unfinished escape") }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): units.append(0x22)
                    case UInt8(ascii: "\\"): units.append(0x5C)
                    case UInt8(ascii: "/"): units.append(0x2F)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "u"): units.append(try hex4())
                    default: throw failure("unknown escape")
                    }
                    start = index
                case 0..<0x20: throw failure("unescaped control character in a string")
                default: index += 1
                }
            }
            throw failure("unterminated string")
        }

        mutating func hex4() throws(Failure) -> UInt16 {
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard let byte = current, let digit = hexDigit(byte) else { throw failure("bad \\u escape") }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func hexDigit(_ byte: UInt8) -> UInt16? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func digits() throws(Failure) {
            guard let first = current, first >= 0x30, first <= 0x39 else { throw failure("expected a digit") }
            while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let next = current, next >= 0x30, next <= 0x39 { throw failure("leading zero") }
            } else {
                try digits()
            }
            if current == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }
}
