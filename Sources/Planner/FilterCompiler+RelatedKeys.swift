import ModelIR
import SQLSyntax

/// The keys of the related records a list's `some` filter matches, as the rows a page starts from:
/// `(SELECT DISTINCT child.reference… FROM child WHERE rules AND filter ORDER BY child.reference…) AS s`,
/// joined to the list's model on `s.k0 = parent.key…`.
///
/// A page of the posts with one tag, filtered with `EXISTS`, reads every link of the tag, looks up every
/// linked post and sorts them all, to keep the first 50. Started from the links' distinct post keys in the
/// page's order, PostgreSQL looks up posts one key after the other and stops when the page is full: 51 lookups
/// whether the tag has 60 posts or 60,000, and no sort of the posts. The answer is the same: a join with the
/// distinct keys of the matching related records is the semi-join `EXISTS` states.
struct RelatedKeys {
    /// The sub-query, with the keyset bound of a `nextToken` added by the page (`childColumns`).
    var select: Select
    /// The sub-query's alias in the page's `FROM`.
    let alias: String
    /// The related records' reference columns inside the sub-query, in the page's key order.
    let childColumns: [SQLExpression]
    /// `s.k0 = parent.key AND …`: the sub-query's keys equal to the page's.
    let join: SQLExpression
}

extension FilterCompiler {
    /// The condition of a root list page's `filter`, and the related records' keys the page starts from when
    /// the filter holds a hasMany or manyToMany `some` that suits it (`startingRelation`); nil otherwise.
    func pageCondition(_ filter: InputValue, orderedBy keys: [SortKey], binds: inout BindAllocator) throws(PlanError) -> (SQLExpression, RelatedKeys?) {
        guard let start = startingRelation(filter, orderedBy: keys) else { return (try condition(filter, binds: &binds), nil) }
        try checkSize(filter)
        var source: RelatedKeys?
        let condition = try compile(filter, binds: &binds, start: (start, keys), source: &source)
        return (condition, source)
    }

    /// The key of the relation filter a page can start from: a hasMany or manyToMany field whose `some` tests
    /// a field that leads an index of the related model (a reference to another record, or its key) for
    /// equality, and whose join columns are the page's order, all in one direction. Such a `some` matches a
    /// few related records among many, so reading them all first costs little; a broad `some` (every record
    /// but one, say) stays an `EXISTS`, which PostgreSQL can test while it walks the page's index and stop
    /// when the page is full.
    private func startingRelation(_ filter: InputValue, orderedBy keys: [SortKey]) -> String? {
        guard depth == 0, api.allowsExtensions, access != nil, case .object(let entries) = filter,
            let first = keys.first, keys.allSatisfy({ $0.descending == first.descending && $0.nullsFirst == nil })
        else { return nil }
        let order = keys.map(\.field.name)
        for (key, value) in entries {
            guard let relationship = model.field(named: key)?.relationship, relationship.kind == .hasMany || relationship.kind == .manyToMany,
                relationship.localFields == order, let target = api.model(relationship.target), case .object(let quantifiers) = value,
                let some = quantifiers.first(where: { $0.0 == "some" })?.1, case .object(let tests) = some
            else { continue }
            let leading = api.keyLeadingFields[target.name] ?? []
            let selective = tests.contains { name, operators in
                guard leading.contains(name), target.field(named: name)?.relationship == nil, case .object(let operators) = operators else { return false }
                return operators.contains { $0.0 == "eq" && $0.1 != .null }
            }
            if selective { return key }
        }
        return nil
    }

    /// The keys of the related records of `relationship` the caller may list that match `filter`, each once,
    /// in `order`.
    func relatedKeys(
        _ relationship: Relationship, target: Model, decision: AccessDecision, matching filter: InputValue, order: [SortKey], binds: inout BindAllocator
    ) throws(PlanError) -> RelatedKeys {
        let childAlias = binds.alias()
        let conditions = try relatedConditions(target: target, alias: childAlias, decision: decision, matching: filter, negated: false, binds: &binds)
        let sourceAlias = binds.alias()
        let childColumns = relationship.targetFields.map { SQLExpression.column(table: childAlias, name: target.field(named: $0)?.columnName ?? $0) }
        let join = relationship.localFields.enumerated().map { index, local in
            SQLExpression.binary(.column(table: sourceAlias, name: "k\(index)"), .equal, .column(table: alias, name: model.field(named: local)?.columnName ?? local))
        }
        let select = Select(
            columns: childColumns.enumerated().map { SelectColumn($1, as: "k\($0)") }, from: [.table(api.table(target), alias: childAlias)],
            where: .and(conditions), orderBy: zip(order, childColumns).map { $0.order($1) }, distinct: true)
        return RelatedKeys(select: select, alias: sourceAlias, childColumns: childColumns, join: .and(join))
    }
}
