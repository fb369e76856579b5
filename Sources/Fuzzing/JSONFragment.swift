/// A JSON value as the fuzzer writes it. `.string` holds UTF-16 code units, so a lone surrogate can be written as
/// the escape `\ud800` (valid JSON text, but no valid Unicode string); `.plainText` is ordinary text;
/// `.rawStringBytes` puts bytes into a string
/// literal unescaped, so invalid UTF-8 can be sent; `.rawNumber` writes number text as given (`1e400`, `-0`).
public indirect enum JSONFragment: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, written as this text.
    case rawNumber(String)
    /// A string of UTF-16 code units, each non-ASCII one escaped.
    case string([UInt16])
    /// A string of ordinary text, written as UTF-8.
    case plainText(String)
    /// A string literal around these bytes, unescaped.
    case rawStringBytes([UInt8])
    /// JSON text written as it is.
    case raw([UInt8])
    /// An array.
    case array([JSONFragment])
    /// An object; keys may repeat.
    case object([(String, JSONFragment)])

    /// A string from Swift text.
    public static func text(_ value: String) -> JSONFragment { .plainText(value) }

    /// An integer.
    public static func int(_ value: Int) -> JSONFragment { .rawNumber(String(value)) }

    /// The JSON text, as bytes.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    /// Appends the JSON text to `output`. Deep values are written without recursion on the Swift stack.
    public func write(to output: inout [UInt8]) {
        enum Step { case value(JSONFragment), literal([UInt8]) }
        var stack: [Step] = [.value(self)]
        while let step = stack.popLast() {
            switch step {
            case .literal(let bytes): output += bytes
            case .value(let value):
                switch value {
                case .null: output += Array("null".utf8)
                case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
                case .rawNumber(let text): output += Array(text.utf8)
                case .string(let units): JSONFragment.writeString(units, to: &output)
                case .plainText(let text): JSONFragment.writeText(text, to: &output)
                case .rawStringBytes(let bytes): output.append(0x22); output += bytes; output.append(0x22)
                case .raw(let bytes): output += bytes
                case .array(let items):
                    output.append(UInt8(ascii: "["))
                    stack.append(.literal([UInt8(ascii: "]")]))
                    for (index, item) in items.enumerated().reversed() {
                        stack.append(.value(item))
                        if index > 0 { stack.append(.literal([UInt8(ascii: ",")])) }
                    }
                case .object(let fields):
                    output.append(UInt8(ascii: "{"))
                    stack.append(.literal([UInt8(ascii: "}")]))
                    for (index, field) in fields.enumerated().reversed() {
                        stack.append(.value(field.1))
                        var key: [UInt8] = index > 0 ? [UInt8(ascii: ",")] : []
                        JSONFragment.writeText(field.0, to: &key)
                        key.append(UInt8(ascii: ":"))
                        stack.append(.literal(key))
                    }
                }
            }
        }
    }

    /// Writes a string literal: printable ASCII as is (quotes and backslashes escaped), everything else as
    /// `\uXXXX` escapes of its UTF-16 code units, lone surrogates included.
    static func writeString(_ units: [UInt16], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + units.count + 2)
        output.append(0x22)
        units.withUnsafeBufferPointer { buffer in
            for unit in buffer {
                if unit >= 0x20 && unit < 0x7F && unit != 0x22 && unit != 0x5C {
                    output.append(UInt8(truncatingIfNeeded: unit))
                } else {
                    appendEscape(unit, to: &output)
                }
            }
        }
        output.append(0x22)
    }

    /// Writes a Swift string as a literal: its UTF-8 bytes as they are, except quotes, backslashes and control
    /// characters, which are escaped. Faster than `writeString` for long, ordinary text such as documents.
    static func writeText(_ text: String, to output: inout [UInt8]) {
        var text = text
        output.reserveCapacity(output.count + text.utf8.count + 2)
        output.append(0x22)
        text.withUTF8 { buffer in
            var start = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
                appendEscape(UInt16(byte), to: &output)
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<buffer.count]))
        }
        output.append(0x22)
    }

    static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
        output.append(0x5C)
        switch unit {
        case 0x22, 0x5C: output.append(UInt8(unit))
        default:
            output.append(UInt8(ascii: "u"))
            for shift: UInt16 in [12, 8, 4, 0] {
                let digit = UInt8((unit >> shift) & 0xF)
                output.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            }
        }
    }

    /// Equal when the JSON text is.
    public static func == (lhs: JSONFragment, rhs: JSONFragment) -> Bool {
        lhs.bytes == rhs.bytes
    }
}
