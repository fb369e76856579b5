/// What an existing database's column holds beyond its type's name, read from its catalog when `serve` starts:
/// a `numeric(p, s)`'s precision and scale, a `char(n)`'s length. Writes are checked against it so a value is
/// stored exactly as sent or refused (PostgreSQL would round the numeric and pad the char).
package enum ColumnLimit: Equatable, Hashable, Sendable, Codable {
    /// `numeric(precision, scale)`: at most `precision` digits, `scale` of them after the point (a negative scale
    /// rounds to tens, hundreds, …).
    case decimal(precision: Int, scale: Int)
    /// `character(length)`: exactly `length` characters (shorter values are padded with spaces).
    case fixedLength(Int)
    /// `character varying(length)`: at most `length` characters (PostgreSQL cuts excess trailing spaces
    /// silently).
    case maximumLength(Int)

    /// The limit PostgreSQL's type modifier `modifier` (`atttypmod`) sets on base type `typeName`
    /// (`pg_type.typname`); nil when it sets none ModelGraph checks (an unconstrained numeric or varchar).
    package init?(typeName: String, modifier: Int) {
        // Type modifiers carry a 4-byte header offset (VARHDRSZ).
        guard modifier >= 4 else { return nil }
        switch typeName {
        case "numeric":
            let packed = modifier - 4
            // The scale is the low 11 bits, sign-extended (negative scales exist since PostgreSQL 15).
            let low = packed & 0x7FF
            self = .decimal(precision: (packed >> 16) & 0xFFFF, scale: low & 0x400 != 0 ? low - 0x800 : low)
        case "bpchar":
            self = .fixedLength(modifier - 4)
        case "varchar":
            self = .maximumLength(modifier - 4)
        default:
            return nil
        }
    }

    /// Why the text `text` cannot be stored exactly in a character column under this limit, or nil when it can.
    package func problem(withText text: String) -> String? {
        // PostgreSQL counts characters as code points.
        let count = text.unicodeScalars.count
        switch self {
        case .fixedLength(let length) where count != length:
            return count < length
                ? "has \(count) characters; its column is character(\(length)), which would pad it with spaces (send exactly \(length))"
                : "has \(count) characters; its column is character(\(length))"
        case .maximumLength(let length) where count > length:
            return "has \(count) characters; its column is character varying(\(length))"
        default:
            return nil
        }
    }

    /// Why the decimal text `text` (as Swift or JSON writes a number: `12.5`, `-3`, `1e-05`, `1.5e+20`) cannot
    /// be stored exactly under this limit, or nil when it can.
    package func problem(withNumber text: String) -> String? {
        guard case .decimal(let precision, let scale) = self, let number = DecimalDigits(text) else { return nil }
        if let lowest = number.lowestPower, lowest < -scale {
            return scale > 0
                ? "has more than \(scale) decimal\(scale == 1 ? "" : "s"), which numeric(\(precision),\(scale)) would round away"
                : "has digits below 10^\(-scale), which numeric(\(precision),\(scale)) would round away"
        }
        if let highest = number.highestPower, highest >= precision - scale {
            return "has more digits than numeric(\(precision),\(scale)) holds (at most \(precision - scale) before the decimal point)"
        }
        return nil
    }
}

/// The significant digits of a decimal number's text, by the powers of ten they stand for.
struct DecimalDigits {
    /// The power of ten of the first non-zero digit (2 for 345.6); nil for zero.
    let highestPower: Int?
    /// The power of ten of the last non-zero digit (-1 for 345.6); nil for zero.
    let lowestPower: Int?

    /// Reads `-12.50`, `1e-05`, `1.5e+20`; nil for anything else.
    init?(_ text: String) {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        var exponent = 0
        if let mark = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(body[body.index(after: mark)...]) else { return nil }
            exponent = value
            body = body[..<mark]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let digits = Array(parts.joined())
        guard !digits.isEmpty else { return nil }
        // Digit i stands for 10^(pointPosition - 1 - i).
        let pointPosition = parts[0].count + exponent
        guard let first = digits.firstIndex(where: { $0 != "0" }), let last = digits.lastIndex(where: { $0 != "0" }) else {
            highestPower = nil
            lowestPower = nil
            return
        }
        highestPower = pointPosition - 1 - first
        lowestPower = pointPosition - 1 - last
    }
}
