import ModelIR

/// What the fields' own `@auth` rules allow a create or update to write: a field the caller may not write at
/// all refuses the mutation (`Unauthorized on [field, …]`, nothing written); a field only the record's owner
/// or group may write adds its rules to what the record must match.
struct FieldWriteAccess {
    /// The record-based rules of the written fields, each field's rules to be matched.
    var records: [[AuthRule]] = []

    /// Checks the fields `given` (by name) of `model` for `operation`.
    init(given: some Sequence<String>, model: Model, operation: ModelOperation, access: Access) throws(PlanError) {
        var denied: [String] = []
        for name in given {
            guard let policy = model.field(named: name)?.auth else { continue }
            switch access.decision(policy, operation) {
            case .granted: continue
            case .denied: denied.append(name)
            case .records(let rules): records.append(rules)
            }
        }
        if !denied.isEmpty { throw PlanError(.unauthorized, "Unauthorized on [\(denied.joined(separator: ", "))]") }
    }
}
