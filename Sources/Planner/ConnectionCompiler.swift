import APISchema
import GraphQL
import ModelIR
import SQLSyntax
import Storage

/// Compiles a connection (`{ items { … } nextToken }`) into one scalar sub-query: a keyset page of `limit` rows
/// (`limit + 1` when `nextToken` is selected, to know whether a next page exists), aggregated into the
/// connection's JSON.
struct ConnectionCompiler {
    let selection: SelectionCompiler

    /// The connection's sub-query. `startedAt` is a sync's (its value, and its tokens carry it); nil for every
    /// other connection, whose `startedAt` is null. A root list (`fromRelatedKeys`) may start from the keys of
    /// the related records a selective `some` filter matches (`RelatedKeys`); a nested connection, run once per
    /// parent, keeps the filter an `EXISTS`.
    func connection(
        field: GraphQL.Field, model: Model, alias: String, condition: SQLExpression, arguments: ConnectionArguments,
        orderKeys: [String]? = nil, startedAt: SQLExpression? = nil, fromRelatedKeys: Bool = false, binds: inout BindAllocator
    ) throws(PlanError) -> SQLExpression {
        let keys = try sortKeys(model: model, arguments: arguments, orderKeys: orderKeys)
        let keyColumns = keys.map { SQLExpression.column(table: alias, name: $0.field.columnName) }
        let order = zip(keys, keyColumns).map { $0.order($1) }
        let sync = startedAt != nil
        let relationFiltersBefore = binds.relationFilters
        let (filterConditions, source) = try pageConditions(
            model: model, alias: alias, keys: keys, arguments: arguments, sync: sync, fromRelatedKeys: fromRelatedKeys, binds: &binds)
        let conditions = [condition] + filterConditions + (source.map { [$0.join] } ?? [])
        let filteredAcrossRelationships = binds.relationFilters > relationFiltersBefore
        let (defaultLimit, maximumLimit) = (arguments.defaultLimit, arguments.maximumLimit)
        let limit = try binds.bind(arguments.limit, as: .integer) { (value) throws(PlanError) in
            String(try ConnectionArguments.pageSize(value, defaultLimit: defaultLimit, maximumLimit: maximumLimit))
        }
        let page = "p"
        guard let selectionSet = field.selectionSet else {
            throw PlanError(.validation, "Field '\(field.name.value)' must have a selection of subfields.")
        }
        let connectionName = ModelNames(model).connection
        let selected = try selection.collectFields(selectionSet, typeName: connectionName)
        // Without `nextToken` the page is exactly `limit` rows: the floor's own shape. With it, one row more
        // tells whether a next page exists; the aggregates then keep the first `limit` rows and the key of the
        // last one (array positions: cheaper than numbering the rows with a window function, measured with
        // callgrind at 1.17 M against 1.27 M instructions for the benchmark's hasMany page).
        let wantsToken = selected.contains { $0.name.value == "nextToken" }
        var innerColumns: [SelectColumn] = []
        var innerFrom: [FromItem] = [selection.rows(of: model, alias: alias)] + (source.map { [.subquery($0.select, alias: $0.alias, lateral: false)] } ?? [])
        if wantsToken {
            for (index, column) in keyColumns.enumerated() { innerColumns.append(SelectColumn(column, as: "k\(index)")) }
        }
        var outer: [(key: String, value: SQLExpression)] = []
        for (position, selected) in selected.enumerated() {
            let key = selected.alias?.value ?? selected.name.value
            switch selected.name.value {
            case "__typename":
                outer.append((key, .constant(connectionName)))
            case "items":
                guard let itemSelection = selected.selectionSet else {
                    throw PlanError(.validation, "Field 'items' must have a selection of subfields.")
                }
                let object = try selection.descending(key).object(itemSelection, model: model, alias: alias, binds: &binds)
                if let lateral = object.lateral { innerFrom.append(lateral) }
                innerColumns.append(SelectColumn(object.value, as: "o\(position)"))
                // No ORDER BY inside the aggregate: it would sort the page again (20–30% of the statement's
                // cost on q3). The page is a sub-query ordered by the key and aggregated at a level with no join,
                // where PostgreSQL feeds the aggregate in the sub-query's order (documented in "Aggregate
                // Expressions"); the paging and direction tests check the order.
                let rows = SQLExpression.aggregate(.arrayAgg, [.column(table: page, name: "o\(position)")])
                let items = wantsToken ? SQLExpression.slice(rows, lower: .integer(1), upper: limit) : rows
                outer.append((key, .function(.coalesce, [.function(.arrayToJSON, [items]), .cast(.constant("[]"), .json)])))
            case "nextToken":
                outer.append((key, try nextToken(keyCount: keys.count, page: page, limit: limit, arguments: arguments, startedAt: startedAt, binds: &binds)))
            case "startedAt" where selection.api.schema.conflictDetection != nil:
                outer.append((key, startedAt ?? .cast(.keyword(.null), .bigint)))
            default:
                throw PlanError(.validation, "Field '\(selected.name.value)' in type '\(connectionName)' is undefined.")
            }
        }
        let rows = wantsToken ? SQLExpression.binary(limit, .plus, .integer(1)) : limit
        let outerColumns = [SelectColumn(JSONObjectExpression.build(outer))]
        guard filteredAcrossRelationships else {
            let inner = Select(columns: innerColumns, from: innerFrom, where: .and(conditions), orderBy: order, limit: rows)
            return .subquery(Select(columns: outerColumns, from: [.subquery(inner, alias: page, lateral: false)]))
        }
        return .subquery(
            numberedPage(
                innerColumns, from: innerFrom, where: .and(conditions), orderBy: order, rows: rows, most: maximumLimit + (wantsToken ? 1 : 0), outer: outerColumns, page: page))
    }

    /// A page filtered across a relationship, shaped so that one plan serves every value. Its statement is
    /// prepared once with the page size as a parameter, and a `LIMIT $n` makes PostgreSQL plan for a tenth of
    /// the matching rows: for a relation filter that matches few rows (the posts with one tag), that is a walk
    /// of the whole primary key probing each row, instead of starting from the few related rows. So the ordered
    /// rows are capped by the constant largest page (`most`, the server's setting, no request's value), which
    /// PostgreSQL plans for, and the page's own size is a condition on the rows' numbers one level up:
    /// PostgreSQL evaluates it as the numbering's run condition and stops reading once it fails, so a filter
    /// that matches many rows still reads only the page.
    private func numberedPage(
        _ columns: [SelectColumn], from: [FromItem], where condition: SQLExpression, orderBy order: [SQLOrder], rows: SQLExpression, most: Int,
        outer: [SelectColumn], page: String
    ) -> Select {
        let ordered = "q"
        let capped = Select(columns: columns, from: from, where: condition, orderBy: order, limit: .integer(most))
        let numbered = Select(
            columns: columns.compactMap { $0.alias }.map { SelectColumn(.column(table: ordered, name: $0), as: $0) } + [SelectColumn(.rowNumber, as: "n")],
            from: [.subquery(capped, alias: ordered, lateral: false)])
        return Select(columns: outer, from: [.subquery(numbered, alias: page, lateral: false)], where: .binary(.column(table: page, name: "n"), .lessOrEqual, rows))
    }

    /// The keys the page is ordered by: a `sort` argument's (then the primary key), else `orderKeys` (the
    /// primary key by default) in the direction `sortDirection` gives.
    private func sortKeys(model: Model, arguments: ConnectionArguments, orderKeys: [String]?) throws(PlanError) -> [SortKey] {
        guard let sort = arguments.sort else {
            return (orderKeys ?? model.primaryKey).compactMap { model.field(named: $0) }.map { SortKey(field: $0, descending: arguments.descending, nullsFirst: nil) }
        }
        // GraphQL validation refuses `sort` where the API lacks it; the compiler does not rely on it.
        guard selection.api.allowsExtensions else { throw PlanError(.validation, "Unknown argument 'sort'.") }
        guard !arguments.hasSortDirection else {
            throw PlanError(.invalidArguments, "Arguments 'sort' and 'sortDirection' cannot be used together; give the direction in 'sort'.")
        }
        return try SortCompiler(model: model, access: selection.access).keys(sort)
    }

    /// The page's conditions beyond the caller's: the filter, and with a `nextToken` the keyset bound past the
    /// token's values (each a parameter checked against the token's hash of the arguments; a version 2 token,
    /// of a `sort`, may hold NULL for a key that can be NULL). With `fromRelatedKeys`, also the related
    /// records' keys the page starts from, when the filter has a `some` that suits; the keyset bound then
    /// applies to those keys, so a later page does not read the keys of the earlier ones.
    private func pageConditions(
        model: Model, alias: String, keys: [SortKey], arguments: ConnectionArguments, sync: Bool, fromRelatedKeys: Bool, binds: inout BindAllocator
    ) throws(PlanError) -> ([SQLExpression], RelatedKeys?) {
        var conditions: [SQLExpression] = []
        var source: RelatedKeys?
        if let filter = arguments.filter {
            let compiler = FilterCompiler(api: selection.api, model: model, alias: alias, pins: selection.values.pins, access: selection.access)
            if fromRelatedKeys {
                let (condition, keysSource) = try compiler.pageCondition(filter, orderedBy: keys, binds: &binds)
                // A filter that is only the `some` the page starts from leaves nothing to test on the rows.
                if keysSource == nil || condition != .keyword(.true) { conditions.append(condition) }
                source = keysSource
            } else {
                conditions.append(try compiler.condition(filter, binds: &binds))
            }
        }
        guard let token = arguments.nextToken else { return (conditions, source) }
        let (fieldName, labels, hashInputs) = (arguments.fieldName, arguments.fingerprint.map(\.label), arguments.fingerprint.map(\.value))
        let keyCount = keys.count
        let version = arguments.sort == nil ? 1 : 2
        var bound: [SQLExpression] = []
        for (position, key) in keys.enumerated() {
            let type = StorageMapping.sqlType(of: key.field)
            let nullable = key.nullsFirst != nil
            // An enum's values, which a forged token could otherwise replace with text the column refuses.
            var allowed: Set<String>?
            if case .enumeration(let name) = key.field.type.base { allowed = selection.api.schema.enumType(named: name).map { Set($0.values) } }
            let enumValues = allowed
            bound.append(
                try binds.bind([token] + hashInputs, as: type) { (inputs) throws(PlanError) in
                    guard case .string(let text) = inputs[0] else { throw NextToken.invalid }
                    let hash = ConnectionArguments.hash(fieldName: fieldName, labels: labels, values: Array(inputs.dropFirst()))
                    let value: String
                    if version == 1 {
                        value = try NextToken.decode(text, expectedHash: hash, keyCount: keyCount, sync: sync)[position]
                    } else if let decoded = try NextToken.decode(text, expectedHash: hash, keyCount: keyCount, version: 2)[position] {
                        value = decoded
                    } else {
                        if nullable { return nil }
                        throw NextToken.invalid
                    }
                    if let enumValues, !enumValues.contains(value) { throw NextToken.invalid }
                    return try NextToken.checked(value, as: type)
                })
        }
        guard var keysSource = source else {
            let keyColumns = keys.map { SQLExpression.column(table: alias, name: $0.field.columnName) }
            conditions.append(SortCompiler.after(keys, columns: keyColumns, bounds: bound))
            return (conditions, nil)
        }
        // The rows are joined on these keys, so the bound on them is the bound on the rows. Only there: a bound
        // on the rows' own key made PostgreSQL walk that key's index from the token on, merging it with the
        // related keys, hundreds of rows for a page of ten.
        keysSource.select.whereClause = .and([keysSource.select.whereClause ?? .keyword(.true), SortCompiler.after(keys, columns: keysSource.childColumns, bounds: bound)])
        return (conditions, keysSource)
    }

    /// The connection's `nextToken`: when the page holds one row more than `limit`, a token of the last kept
    /// row's key and the hash of the arguments; otherwise null.
    private func nextToken(
        keyCount: Int, page: String, limit: SQLExpression, arguments: ConnectionArguments, startedAt: SQLExpression?, binds: inout BindAllocator
    ) throws(PlanError) -> SQLExpression {
        let (fieldName, labels) = (arguments.fieldName, arguments.fingerprint.map(\.label))
        let hash = try binds.bind(arguments.fingerprint.map(\.value), as: .text) { (inputs) throws(PlanError) in
            ConnectionArguments.hash(fieldName: fieldName, labels: labels, values: inputs)
        }
        let lastKey = (0..<keyCount).map { SQLExpression.element(.aggregate(.arrayAgg, [.column(table: page, name: "k\($0)")]), limit) }
        let version = startedAt != nil ? NextToken.syncVersion : arguments.sort == nil ? 1 : 2
        return .caseWhen(
            [(.binary(.aggregate(.count, [.keyword(.star)]), .greater, limit), NextToken.expression(keys: lastKey, hash: hash, version: version, startedAt: startedAt))],
            else: nil
        )
    }
}
