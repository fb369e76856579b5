/// The parameters of a URL query string, decoded as browsers and HTML forms encode them
/// (`application/x-www-form-urlencoded`): `+` is a space, `%XX` is a byte, and the bytes must be UTF-8.
struct FormParameters {
    private var values: [String: String] = [:]

    /// Decodes `query` (the part after `?`); nil when a name or value is not UTF-8 once decoded. A malformed
    /// `%` escape is kept as written; of repeated names the first wins.
    init?(query: String) {
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { return nil }
            guard let value = parts.count > 1 ? Self.decode(parts[1]) : "" else { return nil }
            if values[name] == nil { values[name] = value }
        }
    }

    /// The value of parameter `name`, if present.
    subscript(name: String) -> String? { values[name] }

    private static func decode(_ encoded: Substring.UTF8View.SubSequence) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                let high = encoded.index(index, offsetBy: 1, limitedBy: encoded.endIndex), high < encoded.endIndex,
                let low = encoded.index(high, offsetBy: 1, limitedBy: encoded.endIndex), low < encoded.endIndex,
                let first = hexValue(encoded[high]), let second = hexValue(encoded[low])
            {
                bytes.append(first << 4 | second)
                index = low
            } else {
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
