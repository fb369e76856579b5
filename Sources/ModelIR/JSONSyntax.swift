/// A strict JSON syntax check (RFC 8259), used to validate AWSJSON values without Foundation.
package enum JSONSyntax {
    /// True when `text` is exactly one JSON value with optional surrounding whitespace.
    package static func isValid(_ text: String) -> Bool {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.value(depth: 0) else { return false }
        scanner.skipWhitespace()
        return scanner.index == scanner.bytes.count
    }

    /// Nil when `text` is valid JSON that PostgreSQL's `jsonb` stores exactly; else what is wrong (it is not
    /// JSON, or a string escapes U+0000 or a UTF-16 surrogate without its pair, which `jsonb` cannot hold).
    package static func storageProblem(_ text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.value(depth: 0) else { return "is not valid JSON" }
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else { return "is not valid JSON" }
        return scanner.unstorable
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Set at the first escape `jsonb` refuses.
        var unstorable: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 {
                guard current == byte else { return false }
                index += 1
            }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < 512 else { return false }
            skipWhitespace()
            guard let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func object(depth: Int) -> Bool {
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return true }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\""), string() else { return false }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return false }
                index += 1
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "}") { index += 1; return true }
                return false
            }
        }

        mutating func array(depth: Int) -> Bool {
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return true }
            while true {
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "]") { index += 1; return true }
                return false
            }
        }

        mutating func string() -> Bool {
            index += 1
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        guard let unit = hex4() else { return false }
                        if unit == 0 {
                            unstorable = unstorable ?? "escapes U+0000 (\\u0000), which cannot be stored"
                        } else if (0xD800..<0xDC00).contains(unit) {
                            // A high surrogate must be followed by an escaped low one.
                            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                                unstorable = unstorable ?? "escapes a UTF-16 surrogate without its pair, which is not Unicode text"
                                continue
                            }
                            index += 2
                            guard let low = hex4() else { return false }
                            if !(0xDC00..<0xE000).contains(low) {
                                unstorable = unstorable ?? "escapes a UTF-16 surrogate without its pair, which is not Unicode text"
                            }
                        } else if (0xDC00..<0xE000).contains(unit) {
                            unstorable = unstorable ?? "escapes a UTF-16 surrogate without its pair, which is not Unicode text"
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        return false
                    }
                case 0..<0x20: return false
                default: continue
                }
            }
            return false
        }

        /// Four hex digits as a UTF-16 code unit; nil when they are not.
        mutating func hex4() -> UInt32? {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let hex = current, (hex >= 0x30 && hex <= 0x39) || (hex | 0x20 >= 0x61 && hex | 0x20 <= 0x66) else { return nil }
                unit = unit << 4 | UInt32(hex <= 0x39 ? hex - 0x30 : (hex | 0x20) - 0x61 + 10)
                index += 1
            }
            return unit
        }

        mutating func number() -> Bool {
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, first >= 0x30, first <= 0x39 else { return false }
            if first == 0x30 { index += 1 } else { digits() }
            if current == UInt8(ascii: ".") {
                index += 1
                guard let next = current, next >= 0x30, next <= 0x39 else { return false }
                digits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let next = current, next >= 0x30, next <= 0x39 else { return false }
                digits()
            }
            return true
        }

        mutating func digits() {
            while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
        }
    }
}
