import Foundation

/// A string compared and hashed by its UTF-8 bytes. Swift's `String` equality treats canonically equivalent
/// texts as equal (`é` precomposed or as `e` + combining accent), but PostgreSQL compares bytes: cache keys
/// that carry literal values must not merge such texts.
struct ExactText: Hashable, Sendable {
    let text: String

    /// Byte for byte, with `memcmp`: cache lookups compare whole documents (up to 2 MiB), and element-wise
    /// comparison of two long texts that differ only near the end showed up in profiles.
    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { a in
            right.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// What a cached plan is found by: the operation text, the operation name as given (absent and empty
/// differ), and the variables' shape.
struct PlanKey: Hashable, Sendable {
    let query: ExactText
    let operationName: ExactText?
    let shape: ExactText
}
