import GraphQL
import ModelIR
import SQLSyntax

/// How a read says that a record's field was withheld from the caller. A field whose own `@auth` has owner or
/// group rules is shown only in the records those rules match; in the others it is null, and AppSync reports
/// `Unauthorized` ("Not Authorized to access secret on type Profile") at that record's field, list index
/// included. Which records those are is known only in PostgreSQL, so the object carries, beside the field, a
/// marker entry: `"__denied$<response key>"`, null where the field is shown, else the error's location and
/// subject. No GraphQL response key can begin with `__denied$` (GraphQL names hold no `$`).
package enum FieldDenialMarker {
    /// The prefix of a marker's key.
    package static let prefix = "__denied$"

    /// The marker's text for `field` of `model` at `location`: `line:column:secret on type Profile`.
    static func text(field: String, model: String, location: (line: Int, column: Int)?) -> String {
        "\(location?.line ?? 0):\(location?.column ?? 0):\(field) on type \(model)"
    }

    /// A marker's text read back: the error message and its location (nil when unknown).
    package static func read(_ text: String) -> (message: String, location: (line: Int, column: Int)?) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return ("Not Authorized to access " + text, nil) }
        return ("Not Authorized to access " + parts[2], line > 0 ? (line, column) : nil)
    }
}

extension SelectionCompiler {
    /// The marker entry for `field` when its own rules decide per record whether the caller sees it (and this
    /// read reports denials: mutation answers and subscription events withhold such fields without an error).
    func denialMarker(for field: GraphQL.Field, key: String, model: Model, alias: String, binds: inout BindAllocator) -> (key: String, value: SQLExpression)? {
        guard !quietFieldDenials, let modelField = model.field(named: field.name.value), modelField.relationship == nil, let policy = modelField.auth,
            case .records(let rules) = access.decision(policy, .get)
        else { return nil }
        denials.marksRecords = true
        let location = field.loc.map { ($0.startToken.line, $0.startToken.column) }
        let text = FieldDenialMarker.text(field: field.name.value, model: model.name, location: location)
        let shown = access.predicate(rules, model: model, alias: alias, binds: &binds)
        return (FieldDenialMarker.prefix + key, .caseWhen([(.not(shown), .constant(text))], else: nil))
    }
}
