import JSON
import ModelIR
import SQLSyntax
import Storage

/// What one caller's rules allow for one operation on one model.
enum AccessDecision: Equatable {
    /// No rule of the caller's mode grants it.
    case denied
    /// A rule grants it whatever the record (public, private, a static group the caller is in).
    case granted
    /// Only records these rules match (owner, dynamic groups): a predicate in the statement's WHERE clause.
    case records([AuthRule])
}

/// The caller a plan is made for, and the decisions its rules make. Decisions that depend on the caller's mode
/// and static groups shape the SQL, so they are part of the plan's cache key (`signature`); owner and group
/// values only fill parameters, so another user of the same groups reuses the plan.
struct Access: Sendable {
    let caller: Caller
    /// Every static group rule of the schema, in a fixed order.
    let staticGroupRules: [AuthRule]

    /// The access of `caller` to `api`'s models.
    init(caller: Caller, api: APISchemaView) {
        self.caller = caller
        staticGroupRules = api.staticGroupRules
    }

    /// What shapes the plans for this caller: the mode, and which static group rules grant it.
    var signature: String {
        caller.mode.rawValue + ":" + String(staticGroupRules.map { grants($0) ? "1" : "0" })
    }

    /// What `policy` allows this caller for `operation`.
    func decision(_ policy: AuthPolicy, _ operation: ModelOperation) -> AccessDecision {
        let rules = policy.rules(granting: operation, in: caller.mode)
        if rules.contains(where: grants) { return .granted }
        let records = rules.filter(\.isRecordBased)
        return records.isEmpty ? .denied : .records(records)
    }

    /// True when one of a custom operation's `rules` grants it to this caller; an operation without rules is
    /// for callers of the server's `defaultMode`.
    func allows(_ rules: [AuthRule], defaultMode: AuthProvider) -> Bool {
        rules.isEmpty ? caller.mode == defaultMode : rules.contains(where: grants)
    }

    /// True when `rule` grants its operations to this caller whatever the record.
    private func grants(_ rule: AuthRule) -> Bool {
        guard rule.provider == caller.mode else { return false }
        switch rule.strategy {
        case .public, .private: return true
        case .groups where !rule.groups.isEmpty:
            let mine = Set(caller.groups(claim: rule.effectiveGroupClaim))
            return rule.groups.contains(where: mine.contains)
        case .groups, .owner: return false
        }
    }

    /// `rules` as one condition on the row `alias` of `model`: any rule matching (owner or groups field
    /// holding one of the caller's values). The caller's values are parameters computed per request.
    func predicate(_ rules: [AuthRule], model: Model, alias: String, binds: inout BindAllocator) -> SQLExpression {
        predicate(rules, model: model, binds: &binds) { .column(table: alias, name: $0.columnName) }
    }

    /// `rules` as one condition on the values `value` gives for the owner and groups fields (a row's columns,
    /// or the values a create is about to insert); a rule whose field has no value matches nothing.
    func predicate(_ rules: [AuthRule], model: Model, binds: inout BindAllocator, value: (Field) -> SQLExpression?) -> SQLExpression {
        var conditions: [SQLExpression] = []
        for rule in rules {
            guard let field = model.field(named: rule.recordField), let column = value(field) else { continue }
            let accepted: SQLExpression
            if rule.strategy == .owner {
                // One parameter per owner form (their number follows from the claim), so the condition is a plain
                // `= ANY(ARRAY[$a, $b, $c])` an index on the owner field serves; a caller without the claims gets NULLs.
                let parts = Caller.claimParts(rule.effectiveIdentityClaim)
                // One form for a single claim; the joined value and each part for a joined one.
                let forms = (0..<(parts.count > 1 ? parts.count + 1 : 1)).map { index in
                    binds.bind(callerValue: { caller in caller.ownerForms(claimParts: parts).dropFirst(index).first }, as: .text)
                }
                accepted = .cast(.array(forms), .array(.text))
            } else {
                // A caller's groups vary in number: one JSON array parameter, unpacked by PostgreSQL.
                let parameter = binds.bind(callerValue: Self.acceptedValues(rule), as: .json)
                accepted = .cast(.arrayOf(Select(columns: [SelectColumn(.function(.jsonArrayElementsText, [parameter]))])), .array(.text))
            }
            if field.type.isList {
                conditions.append(.binary(.cast(column, .array(.text)), .arrayOverlaps, accepted))
            } else {
                conditions.append(.any(.cast(column, .text), .equal, accepted))
            }
        }
        return conditions.isEmpty ? .keyword(.false) : conditions.count == 1 ? conditions[0] : .or(conditions)
    }

    /// What a record-based rule accepts of a caller, as a JSON array: its owner forms, or its groups.
    static func acceptedValues(_ rule: AuthRule) -> @Sendable (Caller) -> String? {
        if rule.strategy == .owner {
            let parts = Caller.claimParts(rule.effectiveIdentityClaim)
            return { caller in jsonArray(caller.ownerForms(claimParts: parts)) }
        }
        let claim = rule.effectiveGroupClaim
        return { caller in jsonArray(caller.groups(claim: claim)) }
    }

    /// `texts` as a JSON array.
    static func jsonArray(_ texts: [String]) -> String {
        "[" + texts.map(JSONText.quote).joined(separator: ",") + "]"
    }
}
