import APISchema
import JSON
import ModelIR

/// Owner and group rules as a subscription filter: a subscriber under them gets the events of records the
/// rules match, checked against each changed row (the old row for a delete) like the subscriber's own filter.
enum SubscriptionAuthorization {
    /// Any of `rules` matching: the owner field holding one of the caller's owner forms, or the groups field
    /// one of its groups (for a list field: containing one). A rule whose claims the caller lacks matches
    /// nothing.
    static func filter(_ rules: [AuthRule], model: Model, caller: Caller) -> SubscriptionFilter {
        var parts: [SubscriptionFilter] = []
        for rule in rules {
            guard let field = model.field(named: rule.recordField) else { continue }
            let accepted = rule.strategy == .owner ? caller.ownerForms(identityClaim: rule.effectiveIdentityClaim) : caller.groups(claim: rule.effectiveGroupClaim)
            if field.type.isList {
                parts += accepted.map { .compare(field: field.name, .contains, .string($0)) }
            } else if !accepted.isEmpty {
                parts.append(.compare(field: field.name, .in, .list(accepted.map(JSONValue.string))))
            }
        }
        // One part stays bare: an owner rule's `in` then lists the subscriber under the caller's owner values.
        return parts.count == 1 ? parts[0] : .any(parts)
    }
}
