/// A parsed JSON value, for checking answers. Strings keep their UTF-16 code units, so a value the server altered
/// (a lone surrogate replaced, a U+0000 dropped) compares unequal to what was sent; numbers keep their text.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written.
    case number(String)
    /// A string, as UTF-16 code units.
    case string([UInt16])
    /// An array.
    case array([JSONValue])
    /// An object, keys in order.
    case object([(String, JSONValue)])

    /// The string's text (lone surrogates shown as U+FFFD), or nil when this is not a string.
    public var text: String? {
        if case .string(let units) = self { return String(decoding: units, as: UTF16.self) }
        return nil
    }

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }

    /// Structural equality; objects compare their keys in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
