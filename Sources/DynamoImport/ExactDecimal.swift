/// Whether two decimal number texts name the same number: `1.50`, `1.5` and `15E-1` do; `0.1` and
/// `0.1000000000000000055511151231257827` do not. What tells a number a double holds exactly from one it rounds.
enum ExactDecimal {
    /// True when `a` and `b` are the same decimal number.
    static func same(_ a: String, _ b: String) -> Bool {
        guard let left = normalised(a), let right = normalised(b) else { return false }
        return left == right
    }

    /// Sign, significant digits (no leading or trailing zeros) and the exponent of the last digit; nil when the
    /// text is not a decimal number.
    static func normalised(_ text: String) -> (negative: Bool, digits: String, exponent: Int)? {
        var characters = Substring(text)
        var negative = false
        if characters.first == "-" || characters.first == "+" {
            negative = characters.first == "-"
            characters = characters.dropFirst()
        }
        var mantissa = characters
        var exponent = 0
        if let e = characters.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(characters[characters.index(after: e)...]) else { return nil }
            exponent = value
            mantissa = characters[..<e]
        }
        var digits = ""
        var seenPoint = false
        for character in mantissa {
            if character == "." {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard character.isASCII, character.isNumber else { return nil }
            digits.append(character)
            if seenPoint { exponent -= 1 }
        }
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { return (false, "0", 0) }
        var trimmed = String(significant)
        while trimmed.last == "0" {
            trimmed.removeLast()
            exponent += 1
        }
        return (negative, trimmed, exponent)
    }
}
