/// What PostgreSQL cannot store exactly as sent. Its `text` and `jsonb` hold no U+0000 (libpq would also cut a
/// parameter at that byte), so such a value is refused instead of being stored shortened.
enum StoredText {
    /// Nil when every string in `value` can be stored as is, else what is wrong with it.
    static func problem(in value: InputValue) -> String? {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text), .enumValue(let text):
                if text.utf8.contains(0) { return "contains the character U+0000, which cannot be stored" }
            case .leaf(_, let inner): pending.append(inner)
            case .list(let items): pending.append(contentsOf: items)
            case .object(let fields):
                for (key, field) in fields {
                    if key.utf8.contains(0) { return "contains the character U+0000 in a key, which cannot be stored" }
                    pending.append(field)
                }
            case .null, .int, .float, .boolean: continue
            }
        }
        return nil
    }
}
