import APISchema
import ModelIR
import SQLSyntax

/// One key a connection's page is ordered by.
struct SortKey {
    /// The stored field.
    let field: ModelIR.Field
    /// True for `DESC`.
    let descending: Bool
    /// Where NULLs go in the output: true first, false last; nil for a column that holds none (a required
    /// field), which is ordered and compared as today's keys are.
    let nullsFirst: Bool?

    /// The `ORDER BY` item on `column`: `NULLS FIRST`/`LAST` only when it differs from PostgreSQL's default
    /// (last ascending, first descending), so the default order stays one plain or backward index scan.
    func order(_ column: SQLExpression) -> SQLOrder {
        SQLOrder(column, descending: descending, nullsFirst: nullsFirst.flatMap { $0 == descending ? nil : $0 })
    }
}

/// Reads a `sort: [Model…SortInput!]` argument into the keys a page is ordered by, and writes the keyset
/// condition "after the row with these values" for any such order. The order is total: the sort entries,
/// then the primary-key fields they leave out, which take the last entry's direction so that a sort in one
/// direction stays one index scan.
struct SortCompiler {
    /// The most entries one `sort` argument may hold.
    static let maximumEntries = 5

    let model: Model
    /// The caller's rules: a field its own `@auth` does not grant the caller to read cannot order a page,
    /// whose order and tokens would tell its values.
    let access: Access

    /// The keys of `sort` (already pinned: every part of it chooses the SQL), then the primary key.
    func keys(_ sort: InputValue) throws(PlanError) -> [SortKey] {
        let entries: [InputValue]
        switch sort {
        case .list(let items): entries = items
        case .object: entries = [sort]
        default: throw PlanError(.badValue, "Argument 'sort' must be a list of sort inputs.")
        }
        guard !entries.isEmpty else { throw PlanError(.invalidArguments, "Argument 'sort' must name at least one field.") }
        guard entries.count <= Self.maximumEntries else {
            throw PlanError(.invalidArguments, "Argument 'sort' holds \(entries.count) entries; at most \(Self.maximumEntries) are allowed.")
        }
        var keys: [SortKey] = []
        for entry in entries {
            let key = try self.key(entry)
            if keys.contains(where: { $0.field.name == key.field.name }) {
                throw PlanError(.invalidArguments, "Argument 'sort' names the field '\(key.field.name)' more than once.")
            }
            keys.append(key)
        }
        let lastDirection = keys.last?.descending ?? false
        for field in model.primaryKeyFields where !keys.contains(where: { $0.field.name == field.name }) {
            keys.append(SortKey(field: field, descending: lastDirection, nullsFirst: nil))
        }
        return keys
    }

    /// One `{field, direction, nulls}` entry.
    private func key(_ entry: InputValue) throws(PlanError) -> SortKey {
        guard case .object(let parts) = entry else { throw PlanError(.badValue, "Each entry of 'sort' must be an object with a 'field'.") }
        var fieldName: String?
        var descending = false
        var nulls: Bool?
        for (name, value) in parts {
            switch name {
            case "field":
                fieldName = value.enumName
            case "direction":
                switch value.enumName {
                case "ASC": descending = false
                case "DESC": descending = true
                case nil where value.isNull: break
                default: throw PlanError(.badValue, "Sort direction must be ASC or DESC.")
                }
            case "nulls":
                switch value.enumName {
                case "FIRST": nulls = true
                case "LAST": nulls = false
                case nil where value.isNull: break
                default: throw PlanError(.badValue, "Sort nulls must be FIRST or LAST.")
                }
            default:
                throw PlanError(.badValue, "Unknown sort input field '\(name)'.")
            }
        }
        guard let fieldName else { throw PlanError(.badValue, "Each entry of 'sort' must name a 'field'.") }
        guard let field = model.field(named: fieldName), SortableFields.isSortable(field) else {
            throw PlanError(.badValue, "Unknown sort field '\(fieldName)' on '\(model.name)'.")
        }
        if let policy = field.auth, access.decision(policy, .get) != .granted {
            throw PlanError(.unauthorized, "Not Authorized to sort by \(field.name) on type \(model.name)")
        }
        // PostgreSQL's default: NULLs after the values ascending, before them descending.
        return SortKey(field: field, descending: descending, nullsFirst: field.type.isRequired ? nil : (nulls ?? descending))
    }

    /// The condition that a row (`columns`, one per key) comes after the one whose values are `bounds` in the
    /// order of `keys`. Keys in one direction that hold no NULLs compare as one row, `(a, b) > ($1, $2)`,
    /// which an index serves as a range; otherwise each key is compared in turn, with branches for a NULL
    /// bound chosen by the parameters, so the SQL is the same whatever the token holds.
    static func after(_ keys: [SortKey], columns: [SQLExpression], bounds: [SQLExpression]) -> SQLExpression {
        if let first = keys.first, keys.allSatisfy({ $0.descending == first.descending && $0.nullsFirst == nil }) {
            return .binary(.row(columns), first.descending ? .less : .greater, .row(bounds))
        }
        // From the last key back: `rest` is "after, given every earlier key is equal" (nil: never).
        var rest: SQLExpression?
        for index in keys.indices.reversed() {
            rest = after(keys[index], column: columns[index], bound: bounds[index], rest: rest)
        }
        return rest ?? .keyword(.false)
    }

    /// "After" on one key: past the bound, or equal to it and after on the keys behind it (`rest`).
    private static func after(_ key: SortKey, column: SQLExpression, bound: SQLExpression, rest: SQLExpression?) -> SQLExpression {
        let beyond = SQLExpression.binary(column, key.descending ? .less : .greater, bound)
        let equalThenRest = rest.map { SQLExpression.and([.binary(column, .equal, bound), $0]) }
        let valueBranch = SQLExpression.or([beyond] + (equalThenRest.map { [$0] } ?? []))
        guard let nullsFirst = key.nullsFirst else { return valueBranch }
        let columnIsNull = SQLExpression.isNull(column, negated: false)
        let boundIsNull = SQLExpression.isNull(bound, negated: false)
        let boundIsValue = SQLExpression.isNull(bound, negated: true)
        let nullThenRest = rest.map { SQLExpression.and([columnIsNull, $0]) }
        if nullsFirst {
            // NULLs come first: after a NULL bound is every value, and the NULLs after it on the rest.
            let afterNull = SQLExpression.or([.isNull(column, negated: true)] + (nullThenRest.map { [$0] } ?? []))
            return .or([.and([boundIsNull, afterNull]), .and([boundIsValue, valueBranch])])
        }
        // NULLs come last: after a value are the later values and every NULL.
        let afterValue = SQLExpression.or([beyond, columnIsNull] + (equalThenRest.map { [$0] } ?? []))
        let afterNull: [SQLExpression] = nullThenRest.map { [.and([boundIsNull, $0])] } ?? []
        return .or(afterNull + [.and([boundIsValue, afterValue])])
    }
}
