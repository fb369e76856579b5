import ModelIR
import SQLSyntax

/// Refuses a value that an existing database's column would not keep exactly as sent: PostgreSQL rounds a
/// number to a `numeric(p, s)`'s scale and a `real`'s single precision, and pads a `char(n)` with spaces, all
/// silently. The check runs when a request's values are bound to the statement (before it is sent, so nothing
/// is written and no round trip is added); a refused value is a `ValidationError` naming the field.
enum ExactStorage {
    /// Throws when `text`, the parameter text of one value (one element of a list) of `field`, would not be
    /// stored exactly.
    static func check(_ text: String, for field: Field, name: String) throws(PlanError) {
        if let problem = problem(with: text, for: field) { throw PlanError(.badValue, "Value for '\(name)' \(problem).") }
    }

    /// Why `text` would not be stored exactly in `field`'s column, or nil.
    static func problem(with text: String, for field: Field) -> String? {
        if let limit = field.columnLimit {
            if case .scalar(.float) = field.type.base { return limit.problem(withNumber: text) }
            return limit.problem(withText: text)
        }
        if field.storageType == .real || field.storageType == .array(.real) { return singlePrecisionProblem(text) }
        return nil
    }

    /// A `real` column keeps a float4; PostgreSQL writes it back as the shortest text that reads as that float4
    /// (as Swift describes a `Float`). The value is kept exactly when that text reads as the double that was sent.
    static func singlePrecisionProblem(_ text: String) -> String? {
        guard let sent = Double(text) else { return nil }
        let single = Float(sent)
        guard single.isFinite else { return "is beyond the range of its column's type, real (single precision)" }
        guard Double(String(single)) == sent else {
            return "has more precision than its column's type, real (single precision), keeps: it would be stored as \(single)"
        }
        return nil
    }
}
