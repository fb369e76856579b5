/// JSON text laid out as JavaScript's `JSON.stringify(value, null, indent)` lays it out: each member and element
/// on its own line, nested `indent` spaces deeper, `"key": value` with one space, and empty objects and arrays as
/// `{}` and `[]`. Configuration files the Amplify tools write look like this, so files written here diff cleanly
/// against theirs.
package enum JSONPrettyText {
    /// `value` laid out with `indent` spaces per level, without a trailing newline.
    package static func encode(_ value: JSONValue, indent: Int = 2) -> String {
        var text = ""
        write(value, depth: 0, indent: String(repeating: " ", count: indent), into: &text)
        return text
    }

    private static func write(_ value: JSONValue, depth: Int, indent: String, into text: inout String) {
        switch value {
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (index, (key, member)) in members.enumerated() {
                text += String(repeating: indent, count: depth + 1) + JSONText.quote(key) + ": "
                write(member, depth: depth + 1, indent: indent, into: &text)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: indent, count: depth) + "}"
        case .list(let items) where !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += String(repeating: indent, count: depth + 1)
                write(item, depth: depth + 1, indent: indent, into: &text)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: indent, count: depth) + "]"
        default:
            text += JSONText.encode(value)
        }
    }
}
