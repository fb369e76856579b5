import ModelIR
import SQLSyntax
import Storage

/// What a create under owner or group rules must satisfy, in the insert itself: the new record must be one
/// the caller's rules match. An owner field the input leaves out is filled with the caller (`<sub>::<username>`
/// for the default claim; a one-element list for a list field), so a signed-in user's plain create is theirs;
/// an owner or groups value naming someone else makes the insert write nothing.
struct CreateAuthorization {
    let access: Access
    let model: Model

    /// Fills the omitted owner fields into `columns` and `values`, and returns the condition on the values
    /// that some rule of `records` matches.
    func guardCondition(_ records: [AuthRule], columns: inout [String], values: inout [SQLExpression], binds: inout BindAllocator) -> SQLExpression {
        for rule in records where rule.strategy == .owner {
            guard let field = model.field(named: rule.effectiveOwnerField), !columns.contains(field.columnName) else { continue }
            columns.append(field.columnName)
            values.append(fill(field, claim: rule.effectiveIdentityClaim, binds: &binds))
        }
        let columnValues = Dictionary(zip(columns, values), uniquingKeysWith: { first, _ in first })
        return access.predicate(records, model: model, binds: &binds) { columnValues[$0.columnName] }
    }

    /// The caller's owner value for `field`, as a parameter (NULL when the token lacks the claim).
    private func fill(_ field: Field, claim: String, binds: inout BindAllocator) -> SQLExpression {
        guard field.type.isList else {
            return binds.bind(callerValue: { caller in caller.ownerValue(identityClaim: claim) }, as: .text)
        }
        let list = binds.bind(callerValue: { caller in caller.ownerValue(identityClaim: claim).map { Access.jsonArray([$0]) } }, as: .json)
        let elements = Select(columns: [SelectColumn(.function(.jsonArrayElementsText, [list]))])
        return .cast(.arrayOf(elements), StorageMapping.sqlType(of: field))
    }
}
