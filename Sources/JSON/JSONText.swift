/// Writes JSON text: the one JSON writer of the project, for parameters, cache keys, log fields and response
/// bodies (whose data JSON PostgreSQL writes and which is spliced in as it is).
package enum JSONText {
    /// A JSON string literal: `"`, the backslash and control characters escaped, everything else as it is.
    package static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
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
