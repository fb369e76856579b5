/// A string compared and hashed by its UTF-8 bytes. Swift's `String` equality treats canonically equivalent
/// texts as equal (`é` precomposed or as `e` + combining accent), but PostgreSQL compares bytes: cache keys
/// that carry literal values must not merge such texts.
struct ExactText: Hashable, Sendable {
    let text: String

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
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
