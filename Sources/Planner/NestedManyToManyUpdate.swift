import APISchema
import ModelIR
import SQLSyntax

/// The parts of a nested update through a manyToMany field, for the parent record the CTE `parent` updated.
/// The server makes and removes the join records; "its far records" are those a join record links to the
/// parent when the statement starts.
/// - `create`: new far records, each with a join record;
/// - `connect`: a join record to each named far record that is not linked yet; each must exist;
/// - `disconnect`: the join records to the named far records, which must be linked, are deleted (the far
///   records stay);
/// - `delete`: the named far records, which must be linked, are deleted under the far model's delete rules;
///   their join records, to this parent and any other, go with them (the join model's references cascade);
/// - `set`: the join records to far records not named are deleted, the named ones connected.
struct NestedManyToManyUpdate {
    let model: Model
    let parent: String
    let relation: NestedRelation
    let far: Model
    let joinFar: [String]

    var join: Model { relation.target }
    var place: String { "\(model.name).\(relation.field.name)" }

    /// Adds the parts `value` gives to `writer`.
    func write(_ value: InputValue, into writer: inout NestedWriter) throws(PlanError) {
        let inputType = ModelNames(model).updateRelationInput(relation.field.name)
        let given = try writer.parts(value, inputType: inputType, allowed: ["create", "connect", "disconnect", "delete", "set"])
        if given["set"] != nil, given.keys.contains(where: { $0 != "set" && $0 != "create" }) {
            throw PlanError(.invalidArguments, "Give 'set' for '\(place)' alone or with 'create', not with 'connect', 'disconnect' or 'delete'.")
        }
        if given["delete"] != nil { try NestedWriter.requireMutation(.delete, of: far, for: "delete", on: relation, of: model) }
        let parentPairs = try writer.fieldPairs(local: model, relation.relationship.localFields, remote: join, relation.relationship.targetFields)
        let farPairs = try writer.fieldPairs(local: far, far.primaryKey, remote: join, joinFar)
        var parentValues: [SQLExpression] = []
        for pair in parentPairs { parentValues.append(writer.column(pair.local, of: parent)) }
        let links = ManyToManyLinks(
            join: join, parentColumns: parentPairs.map(\.remote), parentValues: parentValues, farColumns: farPairs.map(\.remote), farKey: farPairs.map(\.local))
        if let create = given["create"] {
            let joinRules = try writer.rules(join, .create, via: relation, of: model)
            let farRules = try writer.rules(far, .create, via: relation, of: model)
            let farInput = ModelNames(far).createInput
            for item in try writer.items(create, list: true) {
                let written = try writer.create(far, entries: try writer.object(item, inputType: farInput), records: farRules, inputType: farInput)
                var filled = zip(links.parentColumns, parentValues).map { (field: $0, value: $1) }
                for pair in farPairs { filled.append((pair.remote, writer.column(pair.local, of: written.name))) }
                try writer.joinRecord(join, filled, records: joinRules)
            }
        }
        if let set = given["set"] {
            let keys = try writer.bindKeys(try writer.items(set, list: true), of: far)
            try unlinkOthers(except: keys, links, writer: &writer)
            try connect(keys, links, writer: &writer)
        }
        if let connect = given["connect"] {
            try self.connect(try writer.bindKeys(try writer.items(connect, list: true), of: far), links, writer: &writer)
        }
        if let disconnect = given["disconnect"] {
            try self.disconnect(try writer.bindKeys(try writer.items(disconnect, list: true), of: far), links, writer: &writer)
        }
        if let delete = given["delete"] {
            try self.delete(try writer.bindKeys(try writer.items(delete, list: true), of: far), links, writer: &writer)
        }
    }

    /// A join record to each named far record not linked yet, under the join model's create rules; the named
    /// records must all exist.
    private func connect(_ keys: [[SQLExpression]], _ links: ManyToManyLinks, writer: inout NestedWriter) throws(PlanError) {
        guard !keys.isEmpty else { return }
        let exists = writer.countRows(far) { NestedWriter.match(keys, columns: links.farKey, alias: $0) }
        writer.expect(exists, keys.count, .referenceNotFound("A \(far.name) to connect through \(place) does not exist (or is named twice)."))
        let joinRules = try writer.rules(join, .create, via: relation, of: model)
        for key in keys {
            let filled = zip(links.parentColumns, links.parentValues).map { (field: $0, value: $1) } + zip(links.farColumns, key).map { (field: $0, value: $1) }
            let row = try MutationCompiler(selection: writer.selection).insertRow(model: join, entries: [], filled: filled, records: joinRules, binds: &writer.binds)
            var insert = row.insert
            let unlinked = SQLExpression.exists(links.joinRows([key], alias: writer.binds.alias(), table: writer.api.table(join)), negated: true)
            insert.guardedBy = Select(columns: [], where: .and([unlinked] + (insert.guardedBy?.whereClause.map { [$0] } ?? [])))
            let name = writer.append(.insert(insert))
            if row.isGuarded {
                let linked = SQLExpression.cast(.exists(links.joinRows([key], alias: writer.binds.alias(), table: writer.api.table(join)), negated: false), .integer)
                let touched = writer.count(name)
                writer.expect(.binary(touched, .plus, linked), 1, .unauthorized)
            }
        }
    }

    /// Deletes the join records to the named far records, which must be linked.
    private func disconnect(_ keys: [[SQLExpression]], _ links: ManyToManyLinks, writer: inout NestedWriter) throws(PlanError) {
        guard !keys.isEmpty else { return }
        requireLinked(keys, part: "disconnect", links, writer: &writer)
        let ruleSets = try writer.rules(join, .delete, via: relation, of: model).map { [$0] } ?? []
        try removeJoins(links, ruleSets: ruleSets, writer: &writer) { .and([links.ofParent($0), NestedWriter.match(keys, columns: links.farColumns, alias: $0)]) }
    }

    /// Deletes the join records to far records not named.
    private func unlinkOthers(except keys: [[SQLExpression]], _ links: ManyToManyLinks, writer: inout NestedWriter) throws(PlanError) {
        let ruleSets = try writer.rules(join, .delete, via: relation, of: model).map { [$0] } ?? []
        try removeJoins(links, ruleSets: ruleSets, writer: &writer) { alias in
            keys.isEmpty ? links.ofParent(alias) : .and([links.ofParent(alias), .not(NestedWriter.match(keys, columns: links.farColumns, alias: alias))])
        }
    }

    /// Deletes the join records of `alias` that `condition` picks, under the join model's delete rules: when
    /// they are guarded, every such record must go.
    private func removeJoins(_ links: ManyToManyLinks, ruleSets: [[AuthRule]], writer: inout NestedWriter, _ condition: (String) -> SQLExpression) throws(PlanError) {
        let alias = writer.binds.alias()
        let conditions = [condition(alias)] + writer.guards(ruleSets, model: join, alias: alias)
        let delete = Delete(table: writer.api.table(join), alias: alias, where: .and(conditions))
        let name = writer.append(.delete(delete))
        guard !ruleSets.isEmpty else { return }
        let before = writer.countRows(join, where: condition)
        let all = writer.touchedAll(name, before)
        writer.expect(all, 1, .unauthorized)
    }

    /// Deletes the named far records, which must be linked, under the far model's delete rules.
    private func delete(_ keys: [[SQLExpression]], _ links: ManyToManyLinks, writer: inout NestedWriter) throws(PlanError) {
        guard !keys.isEmpty else { return }
        requireLinked(keys, part: "delete", links, writer: &writer)
        let ruleSets = try writer.rules(far, .delete, via: relation, of: model).map { [$0] } ?? []
        let alias = writer.binds.alias()
        let linked = SQLExpression.exists(links.joinRows(of: alias, alias: writer.binds.alias(), table: writer.api.table(join)), negated: false)
        let conditions = [NestedWriter.match(keys, columns: links.farKey, alias: alias), linked] + writer.guards(ruleSets, model: far, alias: alias)
        let delete = Delete(table: writer.api.table(far), alias: alias, where: .and(conditions))
        let name = writer.append(.delete(delete))
        let touched = writer.count(name)
        writer.expect(touched, keys.count, NestedWriter.shortfall(ruleSets))
    }

    /// A check that every named far record is linked to the parent (`ReferenceNotFound` otherwise).
    private func requireLinked(_ keys: [[SQLExpression]], part: String, _ links: ManyToManyLinks, writer: inout NestedWriter) {
        let table = writer.api.table(join)
        let farTable = writer.api.table(far)
        let farAlias = writer.binds.alias()
        let joinAlias = writer.binds.alias()
        let count = Select(
            columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(farTable, alias: farAlias)],
            where: .and([NestedWriter.match(keys, columns: links.farKey, alias: farAlias), .exists(links.joinRows(of: farAlias, alias: joinAlias, table: table), negated: false)]))
        writer.expect(.subquery(count), keys.count, .referenceNotFound("A \(far.name) to \(part) through \(place) is not related to this \(model.name) (or is named twice)."))
    }
}

/// The join records of one parent in a manyToMany nested update, as conditions.
struct ManyToManyLinks {
    /// The join model.
    let join: Model
    /// The join model's reference fields to the parent.
    let parentColumns: [Field]
    /// The parent's key values, read from its CTE, one per field of `parentColumns`.
    let parentValues: [SQLExpression]
    /// The join model's reference fields to the far model.
    let farColumns: [Field]
    /// The far model's key fields, one per field of `farColumns`.
    let farKey: [Field]

    /// The join record of `alias` is the parent's.
    func ofParent(_ alias: String) -> SQLExpression {
        .and(zip(parentColumns, parentValues).map { .binary(.column(table: alias, name: $0.columnName), .equal, $1) })
    }

    /// `SELECT 1 FROM join AS alias WHERE <the parent's> AND <to one of keys>`.
    func joinRows(_ keys: [[SQLExpression]], alias: String, table: TableName) -> Select {
        Select(
            columns: [SelectColumn(.integer(1))], from: [.table(table, alias: alias)], where: .and([ofParent(alias), NestedWriter.match(keys, columns: farColumns, alias: alias)]))
    }

    /// `SELECT 1 FROM join AS alias WHERE <the parent's> AND <to the far record of farAlias>`.
    func joinRows(of farAlias: String, alias: String, table: TableName) -> Select {
        let toFar = zip(farColumns, farKey).map { SQLExpression.binary(.column(table: alias, name: $0.columnName), .equal, .column(table: farAlias, name: $1.columnName)) }
        return Select(columns: [SelectColumn(.integer(1))], from: [.table(table, alias: alias)], where: .and([ofParent(alias)] + toFar))
    }
}
