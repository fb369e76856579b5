/// Writes JSON text: the one JSON writer of the project, for parameters, cache keys, log fields and response
/// bodies (whose data JSON PostgreSQL writes and which is spliced in as it is).
package enum JSONText {
    /// A JSON string literal: `"`, the backslash and control characters escaped, everything else as it is.
    /// Works on the UTF-8 bytes (every byte of a multi-byte character is above the ones escaped); text with
    /// nothing to escape, the usual case (keys, ids, most values), is copied between the quotes in one go.
    package static func quote(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains(where: needsEscape) }) else { return "\"" + text + "\"" }
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(UInt8(ascii: "\""))
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
                case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20: output += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                default: output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// True for the bytes a JSON string cannot hold as they are.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The JSON text of a value; a number that is not finite (which JSON cannot write) as `null`.
    package static func encode(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): quote(text)
        case .int(let number): String(number)
        case .float(let number): number.isFinite ? String(number) : "null"
        case .boolean(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(encode).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { quote($0.0) + ":" + encode($0.1) }.joined(separator: ",") + "}"
        }
    }
}
