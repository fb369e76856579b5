import JSON

/// The accepted formats of the AWS scalars (docs/api-contract.md §7), shared by `@default` validation and request
/// validation so a value is judged the same way everywhere.
package enum ScalarFormat {
    /// Nil when `text` is a valid value of the string-valued scalar `type`, else what is wrong.
    package static func problem(with text: String, as type: ScalarType) -> String? {
        switch type {
        case .id, .string: return nil
        case .awsDate: return isDate(text) ? nil : "is not an AWSDate (YYYY-MM-DD with an optional zone)"
        case .awsTime: return isTime(text) ? nil : "is not an AWSTime (hh:mm[:ss[.fff]] with an optional zone)"
        case .awsDateTime:
            return isDateTime(text) ? nil : "is not an AWSDateTime (YYYY-MM-DDThh:mm[:ss[.fff]] and a zone such as Z or +01:00)"
        case .awsEmail: return isEmail(text) ? nil : "is not an AWSEmail"
        case .awsJSON: return JSONSyntax.storageProblem(text).map { $0 + " (AWSJSON)" }
        case .awsURL: return isURL(text) ? nil : "is not an AWSURL (it needs a scheme such as https:)"
        case .awsPhone: return isPhone(text) ? nil : "is not an AWSPhone"
        case .awsIPAddress: return isIPAddress(text) ? nil : "is not an AWSIPAddress"
        case .int, .float, .boolean, .awsTimestamp: return "is not a string scalar"
        }
    }

    static func digits(_ text: Substring, count: Int) -> Int? {
        guard text.count == count, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Splits a trailing `Z` or `±hh:mm[:ss]` zone off; nil when the zone is malformed.
    static func splitZone(_ text: Substring) -> (body: Substring, hasZone: Bool)? {
        if text.hasSuffix("Z") { return (text.dropLast(), true) }
        guard let signIndex = text.lastIndex(where: { $0 == "+" || $0 == "-" }), signIndex > text.startIndex else {
            return (text, false)
        }
        let zone = text[text.index(after: signIndex)...]
        let parts = zone.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hours = digits(parts[0], count: 2), hours <= 23,
            let minutes = digits(parts[1], count: 2), minutes <= 59
        else {
            // A '-' inside a date part is not a zone.
            return zone.contains(":") || zone.count <= 2 ? nil : (text, false)
        }
        if parts.count == 3, digits(parts[2], count: 2) == nil { return nil }
        return (text[..<signIndex], true)
    }

    static func isPlainDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], count: 4), let month = digits(parts[1], count: 2),
            let day = digits(parts[2], count: 2), (1...12).contains(month), day >= 1,
            year >= 1  // PostgreSQL counts no year 0 (1 BC comes before 1 AD)
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    static func isPlainTime(_ text: Substring) -> Bool {
        var main = text
        if let dot = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: dot)...]
            guard (1...9).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            main = text[..<dot]
        }
        let parts = main.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hours = digits(parts[0], count: 2), hours <= 23,
            let minutes = digits(parts[1], count: 2), minutes <= 59
        else { return false }
        if parts.count == 3 {
            guard let seconds = digits(parts[2], count: 2), seconds <= 59 else { return false }
        } else if main.count != text.count {
            return false
        }
        return true
    }

    /// `YYYY-MM-DD` with an optional zone.
    package static func isDate(_ text: String) -> Bool {
        let whole = Substring(text)
        if whole.count == 10 { return isPlainDate(whole) }
        guard whole.count > 10 else { return false }
        let date = whole.prefix(10)
        let zone = whole.dropFirst(10)
        guard isPlainDate(date), let split = splitZone("00:00" + zone), split.hasZone, split.body == "00:00" else { return false }
        return true
    }

    /// `hh:mm[:ss[.f]]` with an optional zone.
    package static func isTime(_ text: String) -> Bool {
        guard let split = splitZone(Substring(text)) else { return false }
        return isPlainTime(split.body)
    }

    /// `YYYY-MM-DDThh:mm[:ss[.f]]` with a required zone.
    package static func isDateTime(_ text: String) -> Bool {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, isPlainDate(parts[0]), let split = splitZone(parts[1]), split.hasZone else { return false }
        return isPlainTime(split.body)
    }

    /// `local@domain.tld`-ish, without spaces.
    package static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !text.contains(where: { $0.isWhitespace })
        else { return false }
        return true
    }

    /// A scheme, then something; no whitespace.
    package static func isURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex, !text.contains(where: { $0.isWhitespace }) else {
            return false
        }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        return text.index(after: colon) < text.endIndex
    }

    /// Digits with optional spaces, hyphens, parentheses and a leading `+`.
    package static func isPhone(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("+") { body = body.dropFirst() }
        let digitCount = body.filter { $0.isASCII && $0.isNumber }.count
        return (7...15).contains(digitCount) && body.allSatisfy { ($0.isASCII && $0.isNumber) || " -().".contains($0) }
    }

    /// IPv4 dotted quad or IPv6, with an optional `/prefix`.
    package static func isIPAddress(_ text: String) -> Bool {
        var address = Substring(text)
        var maximumPrefix = 128
        if let slash = text.firstIndex(of: "/") {
            address = text[..<slash]
            let prefix = text[text.index(after: slash)...]
            guard let bits = Int(prefix), prefix.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            maximumPrefix = address.contains(":") ? 128 : 32
            guard bits <= maximumPrefix else { return false }
        }
        if address.contains(":") { return isIPv6(address) }
        let octets = address.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(octet) else { return false }
                return value <= 255
            }
    }

    static func isIPv6(_ text: Substring) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        let groups = halves.flatMap { $0.isEmpty ? [] : $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) }
        guard groups.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) }) else { return false }
        return halves.count == 2 ? groups.count < 8 : groups.count == 8
    }
}

extension Substring {
    fileprivate func components(separatedBy separator: String) -> [Substring] {
        var result: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            result.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        result.append(rest)
        return result
    }
}
