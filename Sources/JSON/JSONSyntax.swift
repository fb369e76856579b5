/// Whether a text is JSON that PostgreSQL's `jsonb` keeps exactly (AWSJSON values are stored as `jsonb`).
package enum JSONSyntax {
    /// How deep an AWSJSON value's arrays and objects may nest.
    package static let maximumDepth = 512

    /// Nil when `text` is valid JSON that `jsonb` stores exactly; else what is wrong: it is not JSON, it nests
    /// too deep, or a string escapes U+0000 or a UTF-16 surrogate without its pair, which `jsonb` cannot hold.
    package static func storageProblem(_ text: String) -> String? {
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(text.utf8), maximumDepth: maximumDepth)
        } catch {
            switch error.reason {
            case .syntax: return "is not valid JSON"
            case .tooDeep: return "nests arrays and objects more than \(maximumDepth) deep"
            case .notUnicode: return "escapes a UTF-16 surrogate without its pair, which is not Unicode text"
            }
        }
        return holdsNull(value) ? "escapes U+0000 (\\u0000), which cannot be stored" : nil
    }

    /// True when a string or key anywhere in `value` holds U+0000. Walks with its own stack, so a value as deep
    /// as the reader allows costs no recursion.
    private static func holdsNull(_ value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text): if text.utf8.contains(0) { return true }
            case .list(let items): pending += items
            case .object(let fields):
                for (key, item) in fields {
                    if key.utf8.contains(0) { return true }
                    pending.append(item)
                }
            default: continue
            }
        }
        return false
    }
}
