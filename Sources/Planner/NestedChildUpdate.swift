import APISchema
import ModelIR
import SQLSyntax

/// The parts of a nested update through a hasMany field, or a hasOne whose related records hold the
/// reference, for the parent record the CTE `parent` updated. "Its records" are those whose reference holds
/// the parent's key when the statement starts.
/// - `create`: new records with the parent's key (the nested create's items);
/// - `connect`: the records named point at the parent (those already its own are left alone); each must exist;
/// - `disconnect`: the records named, which must be its own, get a NULL reference;
/// - `delete`: the records named, which must be its own, are deleted under the target's delete rules, with
///   whatever the database does to the records pointing at them (cascade, set null, or refusal);
/// - `set`: its records not named are disconnected, the named ones connected;
/// - on a hasOne, `disconnect: true` and `delete: true` act on its record(s) but the one connected.
/// `disconnect` and `set` are refused when the reference is required.
struct NestedChildUpdate {
    let model: Model
    let parent: String
    let relation: NestedRelation
    let list: Bool

    var target: Model { relation.target }
    var place: String { "\(model.name).\(relation.field.name)" }
    /// The target's reference fields, which hold the parent's key.
    var references: [Field] { relation.relationship.targetFields.compactMap { target.field(named: $0) } }

    /// Adds the parts `value` gives to `writer`.
    func write(_ value: InputValue, into writer: inout NestedWriter) throws(PlanError) {
        let inputType = ModelNames(model).updateRelationInput(relation.field.name)
        let given = try writer.parts(
            value, inputType: inputType, allowed: list ? ["create", "connect", "disconnect", "delete", "set"] : ["create", "connect", "disconnect", "delete"])
        let pairs = try writer.fieldPairs(local: model, relation.relationship.localFields, remote: target, relation.relationship.targetFields)
        if list, given["set"] != nil, given.keys.contains(where: { $0 != "set" && $0 != "create" }) {
            throw PlanError(.invalidArguments, "Give 'set' for '\(place)' alone or with 'create', not with 'connect', 'disconnect' or 'delete'.")
        }
        let dropCurrent = try list ? false : given["disconnect"].map { value throws(PlanError) in try writer.flag(value, inputType: inputType, part: "disconnect") } ?? false
        let deleteCurrent = try list ? false : given["delete"].map { value throws(PlanError) in try writer.flag(value, inputType: inputType, part: "delete") } ?? false
        if dropCurrent, deleteCurrent { throw PlanError(.invalidArguments, "Give either 'disconnect' or 'delete' for '\(place)', not both.") }
        for part in ["disconnect", "set"] where (list && given[part] != nil) || (part == "disconnect" && dropCurrent) {
            if let required = pairs.first(where: { $0.remote.type.isRequired }) {
                throw NestedWriter.requiredReference(part, model: model, relation: relation, holder: target, field: required.remote)
            }
        }
        for part in ["connect", "disconnect", "delete", "set"] where given[part] != nil {
            if part == "delete" {
                try NestedWriter.requireMutation(.delete, of: target, for: part, on: relation, of: model)
            } else {
                try NestedWriter.requireMutation(.update, of: target, for: part, on: relation, of: model)
            }
        }
        var parentValues: [SQLExpression] = []
        for pair in pairs { parentValues.append(writer.column(pair.local, of: parent)) }
        /// The row of `alias` is the parent's.
        func owned(_ alias: String) -> SQLExpression {
            .and(zip(references, parentValues).map { .binary(.column(table: alias, name: $0.columnName), .equal, $1) })
        }
        if let create = given["create"] {
            let records = try writer.rules(target, .create, via: relation, of: model)
            let itemInput = ModelNames(model).createItemInput(relation.field.name)
            let excluded = Set(references.map(\.name) + (relation.inverseField.map { [$0] } ?? []))
            for item in try writer.items(create, list: list) {
                _ = try writer.create(
                    target, entries: try writer.object(item, inputType: itemInput), filled: zip(references, parentValues).map { (field: $0, value: $1) }, excluded: excluded,
                    records: records,
                    inputType: itemInput)
            }
        }
        var connected: [[SQLExpression]] = []
        if let connect = given["connect"] ?? given["set"] {
            connected = try writer.bindKeys(try writer.items(connect, list: list), of: target)
            try self.connect(connected, parentValues: parentValues, owned: owned, writer: &writer)
        }
        if let disconnect = given["disconnect"], list {
            let keys = try writer.bindKeys(try writer.items(disconnect, list: true), of: target)
            try unlink(keys, part: "disconnect", owned: owned, writer: &writer)
        }
        if let delete = given["delete"], list {
            let keys = try writer.bindKeys(try writer.items(delete, list: true), of: target)
            try unlink(keys, part: "delete", owned: owned, writer: &writer)
        }
        if given["set"] != nil || dropCurrent || deleteCurrent {
            try unlinkOthers(except: connected, delete: deleteCurrent, owned: owned, writer: &writer)
        }
    }

    /// `connect`: one update pointing the named records at the parent, skipping those already its own. The
    /// named records must all exist (`ReferenceNotFound`), then the update and the records already the parent's
    /// must add up to them (the caller's update rules can refuse one).
    private func connect(_ keys: [[SQLExpression]], parentValues: [SQLExpression], owned: (String) -> SQLExpression, writer: inout NestedWriter) throws(PlanError) {
        guard !keys.isEmpty else { return }
        let key = target.primaryKeyFields
        let exists = writer.countRows(target) { NestedWriter.match(keys, columns: key, alias: $0) }
        writer.expect(exists, keys.count, .referenceNotFound("A \(target.name) to connect through \(place) does not exist (or is named twice)."))
        let ruleSets = try writer.updateRules(target, references: relation.relationship.targetFields, via: relation, of: model)
        let alias = writer.binds.alias()
        // Not the parent's yet: a NULL reference counts as another's.
        let elsewhere = SQLExpression.or(zip(references, parentValues).map { .binary(.column(table: alias, name: $0.columnName), .isDistinctFrom, $1) })
        var conditions = [NestedWriter.match(keys, columns: key, alias: alias), elsewhere]
        conditions += writer.guards(ruleSets, model: target, alias: alias)
        let update = Update(table: writer.api.table(target), alias: alias, assignments: assignments(references, parentValues), where: .and(conditions))
        let name = writer.append(.update(update))
        let already = writer.countRows(target) { .and([NestedWriter.match(keys, columns: key, alias: $0), owned($0)]) }
        let touched = writer.count(name)
        writer.expect(.binary(touched, .plus, already), keys.count, NestedWriter.shortfall(ruleSets))
    }

    /// `disconnect` or `delete` of the named records, which must be the parent's (`ReferenceNotFound`), under
    /// the target's update or delete rules (`Unauthorized` when they refuse one).
    private func unlink(_ keys: [[SQLExpression]], part: String, owned: (String) -> SQLExpression, writer: inout NestedWriter) throws(PlanError) {
        guard !keys.isEmpty else { return }
        let key = target.primaryKeyFields
        let theirs = writer.countRows(target) { .and([NestedWriter.match(keys, columns: key, alias: $0), owned($0)]) }
        writer.expect(theirs, keys.count, .referenceNotFound("A \(target.name) to \(part) through \(place) is not related to this \(model.name) (or is named twice)."))
        let ruleSets = try rules(delete: part == "delete", writer)
        let alias = writer.binds.alias()
        var conditions = [NestedWriter.match(keys, columns: key, alias: alias), owned(alias)]
        conditions += writer.guards(ruleSets, model: target, alias: alias)
        let change = statement(delete: part == "delete", alias: alias, where: .and(conditions), writer)
        let name = writer.append(change)
        let touched = writer.count(name)
        writer.expect(touched, keys.count, NestedWriter.shortfall(ruleSets))
    }

    /// `set`'s disconnect of the parent's records it does not name, and a hasOne's `disconnect: true` or
    /// `delete: true` of its record(s) but the one connected: every such record must be changed.
    private func unlinkOthers(except keys: [[SQLExpression]], delete: Bool, owned: (String) -> SQLExpression, writer: inout NestedWriter) throws(PlanError) {
        let key = target.primaryKeyFields
        /// The parent's records of `alias` that are not named.
        func others(_ alias: String) -> SQLExpression {
            keys.isEmpty ? owned(alias) : .and([owned(alias), .not(NestedWriter.match(keys, columns: key, alias: alias))])
        }
        let ruleSets = try rules(delete: delete, writer)
        let alias = writer.binds.alias()
        let conditions = [others(alias)] + writer.guards(ruleSets, model: target, alias: alias)
        let change = statement(delete: delete, alias: alias, where: .and(conditions), writer)
        let name = writer.append(change)
        let before = writer.countRows(target, where: others)
        let all = writer.touchedAll(name, before)
        writer.expect(all, 1, NestedWriter.shortfall(ruleSets))
    }

    /// The target's delete rules, or the rules of an update of its reference.
    private func rules(delete: Bool, _ writer: NestedWriter) throws(PlanError) -> [[AuthRule]] {
        if delete { return try writer.rules(target, .delete, via: relation, of: model).map { [$0] } ?? [] }
        return try writer.updateRules(target, references: relation.relationship.targetFields, via: relation, of: model)
    }

    /// The delete, or the update setting the reference to NULL, of the target's rows of `alias` matching `condition`.
    private func statement(delete: Bool, alias: String, where condition: SQLExpression, _ writer: NestedWriter) -> Statement {
        let table = writer.api.table(target)
        if delete { return .delete(Delete(table: table, alias: alias, where: condition)) }
        return .update(Update(table: table, alias: alias, assignments: assignments(references, references.map { _ in .keyword(.null) }), where: condition))
    }

    /// The reference columns set to `values`, and `updatedAt` to the transaction's time.
    private func assignments(_ references: [Field], _ values: [SQLExpression]) -> [(column: String, value: SQLExpression)] {
        var assignments = zip(references, values).map { (column: $0.columnName, value: $1) }
        if let updatedAt = target.timestamps.updatedAt, let column = target.field(named: updatedAt)?.columnName { assignments.append((column, .function(.now, []))) }
        return assignments
    }
}
