import APISchema
import ModelIR
import SQLSyntax
import Storage

/// Builds the common table expressions of one data-modifying statement that writes a tree of records: for
/// each record, first the records it points at (belongsTo `create`, or the `connect` key as a parameter), then
/// the record, then the records pointing at it (children `create`, `connect` as an update of their reference),
/// and for manyToMany the far records and a join record each. Each part keeps its model's create (or update)
/// rules as guards in the SQL; what a guard can stop becomes a count the statement reports (`checks`).
struct NestedWriter {
    let selection: SelectionCompiler
    var binds: BindAllocator
    /// The statement's CTEs, in the order they must run.
    private(set) var ctes: [CommonTableExpression] = []
    /// Counts the statement must report, with what a differing count means.
    var checks: [(expression: SQLExpression, count: Int, failure: ExpectedCount.Failure)] = []
    /// CTEs other parts read (their rows cannot be merged into another insert).
    var referenced: Set<String> = []

    var api: APISchemaView { selection.api }

    /// A written record's CTE and whether its insert is guarded by the caller's rules.
    struct Written {
        var name: String
        var guarded: Bool
    }

    init(selection: SelectionCompiler) {
        self.selection = selection
        self.binds = BindAllocator(caller: selection.access.caller)
    }

    /// Writes one `model` record from `entries` (its input, named `inputType` in errors) and everything its
    /// relation fields ask for. `filled` are reference columns the parent fills; `excluded` are fields the
    /// input type leaves out (those references and the field back to the parent). A guarded nested record
    /// (not the root, whose missing row the executor reports) adds a check that it was written.
    mutating func create(
        _ model: Model, entries: [(String, InputValue)], filled: [(field: Field, value: SQLExpression)] = [], excluded: Set<String> = [], records: [AuthRule]?,
        inputType: String, root: Bool = false
    ) throws(PlanError) -> Written {
        let relations = NestedRelation.relations(of: model, in: api.schema)
        var scalars: [(String, InputValue)] = []
        var nested: [(NestedRelation, InputValue)] = []
        for (name, value) in entries {
            if excluded.contains(name) { throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(inputType)'.") }
            if let relation = relations.first(where: { $0.field.name == name }) {
                if !value.isNull { nested.append((relation, value)) }
            } else {
                scalars.append((name, value))
            }
        }
        var filled = filled
        for (relation, value) in nested {
            guard case .parent = relation.shape else { continue }
            filled += try parentReference(of: model, relation, value, scalars: scalars)
        }
        let row = try MutationCompiler(selection: selection).insertRow(model: model, entries: scalars, filled: filled, records: records, binds: &binds)
        let name = append(.insert(row.insert))
        if root { referenced.insert(name) }
        if row.isGuarded, !root { checks.append((count(name), 1, .unauthorized)) }
        for (relation, value) in nested {
            switch relation.shape {
            case .parent: continue
            case .children(let list): try children(of: model, name, relation, value, list: list)
            case .manyToMany(let far, let joinFar): try manyToMany(of: model, name, relation, value, far: far, joinFar: joinFar)
            }
        }
        return Written(name: name, guarded: row.isGuarded)
    }

    /// The reference columns of a belongsTo (or hasOne with local fields) `relation`: the key of a record
    /// created first, or the `connect` key as parameters, which must name an existing record. In an update
    /// (`update`), `disconnect: true` sets them to NULL instead, refused when they are required.
    mutating func parentReference(
        of model: Model, _ relation: NestedRelation, _ value: InputValue, scalars: [(String, InputValue)], update: Bool = false
    ) throws(PlanError) -> [(field: Field, value: SQLExpression)] {
        let names = ModelNames(model)
        let inputType = update ? names.updateRelationInput(relation.field.name) : names.createRelationInput(relation.field.name)
        let given = try parts(value, inputType: inputType, allowed: update ? ["create", "connect", "disconnect"] : ["create", "connect"])
        let create = given["create"]
        let connect = given["connect"]
        let disconnect = try given["disconnect"].map { value throws(PlanError) in try flag(value, inputType: inputType, part: "disconnect") } ?? false
        if [create != nil, connect != nil, disconnect].filter({ $0 }).count > 1 {
            let choices = update ? "one of 'create', 'connect' or 'disconnect'" : "either 'create' or 'connect'"
            throw PlanError(.invalidArguments, "Give \(choices) for '\(model.name).\(relation.field.name)', not \(update ? "several" : "both").")
        }
        let target = relation.target
        let pairs = try fieldPairs(local: model, relation.relationship.localFields, remote: target, relation.relationship.targetFields)
        if let given = pairs.first(where: { pair in scalars.contains { $0.0 == pair.local.name } }) {
            throw PlanError(.invalidArguments, "Field '\(given.local.name)' cannot be given together with '\(relation.field.name)', which sets it.")
        }
        if disconnect {
            if let required = pairs.first(where: { $0.local.type.isRequired }) {
                throw Self.requiredReference("disconnect", model: model, relation: relation, holder: model, field: required.local)
            }
            return pairs.map { ($0.local, SQLExpression.keyword(.null)) }
        }
        if let create {
            let written = try self.create(
                target, entries: try object(create, inputType: ModelNames(target).createInput), records: try rules(target, .create, via: relation, of: model),
                inputType: ModelNames(target).createInput)
            return pairs.map { ($0.local, column($0.remote, of: written.name)) }
        }
        guard let connect else { return [] }
        let key = try keyEntries(connect, model: target)
        var filled: [(field: Field, value: SQLExpression)] = []
        let alias = binds.alias()
        var matches: [SQLExpression] = []
        for pair in pairs {
            guard let value = key.first(where: { $0.0 == pair.remote.name })?.1 else {
                throw PlanError(.badValue, "'\(pair.remote.name)' is required in '\(ModelNames(target).keyInput)'.")
            }
            let bound = try binds.bind(value, for: pair.local, of: model, schema: api.schema)
            filled.append((pair.local, bound))
            matches.append(.binary(.column(table: alias, name: pair.remote.columnName), .equal, bound))
        }
        let exists = Select(columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(api.table(target), alias: alias)], where: .and(matches))
        checks.append((.subquery(exists), 1, .referenceNotFound("The \(target.name) to connect through \(model.name).\(relation.field.name) does not exist.")))
        return filled
    }

    /// hasMany and hasOne with the reference on the related records: each `create` item written with the
    /// parent's key; each `connect` key an update of that record's reference, which must touch every one.
    private mutating func children(of model: Model, _ parent: String, _ relation: NestedRelation, _ value: InputValue, list: Bool) throws(PlanError) {
        let names = ModelNames(model)
        let given = try parts(value, inputType: names.createRelationInput(relation.field.name))
        let create = given["create"]
        let connect = given["connect"]
        let target = relation.target
        let pairs = try fieldPairs(local: model, relation.relationship.localFields, remote: target, relation.relationship.targetFields)
        let parentKey = pairs.map { ($0.remote, column($0.local, of: parent)) }
        if let create {
            let records = try rules(target, .create, via: relation, of: model)
            let itemInput = names.createItemInput(relation.field.name)
            let excluded = Set(pairs.map(\.remote.name) + (relation.inverseField.map { [$0] } ?? []))
            for item in try items(create, list: list) {
                _ = try self.create(target, entries: try object(item, inputType: itemInput), filled: parentKey, excluded: excluded, records: records, inputType: itemInput)
            }
        }
        if let connect {
            let keys = try items(connect, list: list)
            try connectChildren(target, keys: keys, parentKey: parentKey, via: relation, of: model)
        }
    }

    /// Points the `target` records `keys` name at the parent: one update that must touch them all (a missing
    /// key, or one the caller's update rules do not match, writes nothing).
    private mutating func connectChildren(
        _ target: Model, keys: [InputValue], parentKey: [(Field, SQLExpression)], via relation: NestedRelation, of model: Model
    ) throws(PlanError) {
        guard !keys.isEmpty else { return }
        var ruleSets: [[AuthRule]] = []
        if let records = try rules(target, .update, via: relation, of: model) { ruleSets.append(records) }
        ruleSets += try FieldWriteAccess(given: parentKey.map { $0.0.name }, model: target, operation: .update, access: selection.access).records
        let alias = binds.alias()
        var matches: [SQLExpression] = []
        for key in keys {
            let entries = try keyEntries(key, model: target)
            var parts: [SQLExpression] = []
            for field in target.primaryKeyFields {
                guard let value = entries.first(where: { $0.0 == field.name })?.1 else {
                    throw PlanError(.badValue, "'\(field.name)' is required in '\(ModelNames(target).keyInput)'.")
                }
                parts.append(.binary(.column(table: alias, name: field.columnName), .equal, try binds.bind(value, for: field, of: target, schema: api.schema)))
            }
            matches.append(.and(parts))
        }
        var conditions = [matches.count == 1 ? matches[0] : .or(matches)]
        for rules in ruleSets { conditions.append(selection.access.predicate(rules, model: target, alias: alias, binds: &binds)) }
        var assignments = parentKey.map { (column: $0.0.columnName, value: $0.1) }
        if let updatedAt = target.timestamps.updatedAt, let column = target.field(named: updatedAt)?.columnName { assignments.append((column, .function(.now, []))) }
        // A connected record changed: under conflict detection its version and change time move, as any update's do.
        if api.schema.conflictDetection != nil { assignments += UpdateDeleteCompiler.versionAssignments(model: target, target: alias) }
        let name = append(.update(Update(table: api.table(target), alias: alias, assignments: assignments, where: .and(conditions))))
        let failure: ExpectedCount.Failure =
            ruleSets.isEmpty
            ? .referenceNotFound("A \(target.name) to connect through \(model.name).\(relation.field.name) does not exist.") : .unauthorized
        checks.append((count(name), keys.count, failure))
    }

    /// manyToMany: each `create` item a far record and a join record; each `connect` key a join record to an
    /// existing far record.
    private mutating func manyToMany(
        of model: Model, _ parent: String, _ relation: NestedRelation, _ value: InputValue, far: Model, joinFar: [String]
    ) throws(PlanError) {
        let names = ModelNames(model)
        let given = try parts(value, inputType: names.createRelationInput(relation.field.name))
        let create = given["create"]
        let connect = given["connect"]
        let join = relation.target
        let joinRules = try rules(join, .create, via: relation, of: model)
        let parentPairs = try fieldPairs(local: model, relation.relationship.localFields, remote: join, relation.relationship.targetFields)
        let farPairs = try fieldPairs(local: far, far.primaryKey, remote: join, joinFar)
        let parentKey = parentPairs.map { (field: $0.remote, value: column($0.local, of: parent)) }
        if let create {
            let farRules = try rules(far, .create, via: relation, of: model)
            for item in try items(create, list: true) {
                let written = try self.create(far, entries: try object(item, inputType: ModelNames(far).createInput), records: farRules, inputType: ModelNames(far).createInput)
                try joinRecord(join, parentKey + farPairs.map { (field: $0.remote, value: column($0.local, of: written.name)) }, records: joinRules)
            }
        }
        if let connect {
            for key in try items(connect, list: true) {
                let entries = try keyEntries(key, model: far)
                let alias = binds.alias()
                var farKey: [(field: Field, value: SQLExpression)] = []
                var matches: [SQLExpression] = []
                for pair in farPairs {
                    guard let value = entries.first(where: { $0.0 == pair.local.name })?.1 else {
                        throw PlanError(.badValue, "'\(pair.local.name)' is required in '\(ModelNames(far).keyInput)'.")
                    }
                    let bound = try binds.bind(value, for: pair.local, of: far, schema: api.schema)
                    farKey.append((pair.remote, bound))
                    matches.append(.binary(.column(table: alias, name: pair.local.columnName), .equal, bound))
                }
                let exists = Select(columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(api.table(far), alias: alias)], where: .and(matches))
                checks.append((.subquery(exists), 1, .referenceNotFound("The \(far.name) to connect through \(model.name).\(relation.field.name) does not exist.")))
                try joinRecord(join, parentKey + farKey, records: joinRules)
            }
        }
    }

    /// One join record with the given reference columns.
    mutating func joinRecord(_ join: Model, _ filled: [(field: Field, value: SQLExpression)], records: [AuthRule]?) throws(PlanError) {
        let row = try MutationCompiler(selection: selection).insertRow(model: join, entries: [], filled: filled, records: records, binds: &binds)
        let name = append(.insert(row.insert))
        if row.isGuarded { checks.append((count(name), 1, .unauthorized)) }
    }

    /// Adds a check that the CTE `name` wrote its one row (a batch item whose insert is guarded).
    mutating func requireWritten(_ name: String) {
        checks.append((count(name), 1, .unauthorized))
    }

    /// Adds a CTE that must touch one row, else the root field fails with `failure`.
    mutating func appendChecked(_ statement: Statement, failure: ExpectedCount.Failure) -> String {
        let name = append(statement)
        referenced.insert(name)
        checks.append((count(name), 1, failure))
        return name
    }

    /// The CTEs to run: consecutive plain inserts into one table with the same columns that no other part
    /// reads (say the comments of one post) become one multi-row insert.
    var mergedCTEs: [CommonTableExpression] {
        var merged: [CommonTableExpression] = []
        for cte in ctes {
            if case .insert(let insert) = cte.statement, insert.guardedBy == nil, !referenced.contains(cte.name), let last = merged.last,
                case .insert(var previous) = last.statement, previous.guardedBy == nil, !referenced.contains(last.name), previous.table == insert.table,
                previous.columns == insert.columns
            {
                previous.rows += insert.rows
                merged[merged.count - 1].statement = .insert(previous)
            } else {
                merged.append(cte)
            }
        }
        return merged
    }

    // MARK: - Pieces

    /// Adds CTEs named by their maker (a cascade's tombstones), which no count checks.
    mutating func append(named expressions: [CommonTableExpression]) {
        ctes += expressions
    }

    /// Adds a CTE; returns its name.
    mutating func append(_ statement: Statement) -> String {
        let name = "w\(ctes.count)"
        ctes.append(CommonTableExpression(name: name, statement: statement))
        return name
    }

    /// `(SELECT count(*) FROM "cte")`.
    mutating func count(_ cte: String) -> SQLExpression {
        referenced.insert(cte)
        let alias = binds.alias()
        return .subquery(Select(columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.cte(cte, alias: alias)]))
    }

    /// `(SELECT "t"."column" FROM "cte" AS "t")`: a column of the row a CTE wrote.
    mutating func column(_ field: Field, of cte: String) -> SQLExpression {
        referenced.insert(cte)
        let alias = binds.alias()
        return .subquery(Select(columns: [SelectColumn(.column(table: alias, name: field.columnName))], from: [.cte(cte, alias: alias)]))
    }

    /// The rules a nested write of `target` for `operation` runs under: nil when granted outright, the
    /// record rules to guard with, or `Unauthorized` when the caller may not do it at all.
    func rules(_ target: Model, _ operation: ModelOperation, via relation: NestedRelation, of model: Model) throws(PlanError) -> [AuthRule]? {
        switch selection.access.decision(target.auth, operation) {
        case .granted: return nil
        case .records(let rules): return rules
        case .denied: throw PlanError(.unauthorized, "Not Authorized to \(operation) \(target.name) records through \(model.name).\(relation.field.name)")
        }
    }

    /// The model fields named `localNames` of `local` and `remoteNames` of `remote`, position by position.
    func fieldPairs(local: Model, _ localNames: [String], remote: Model, _ remoteNames: [String]) throws(PlanError) -> [(local: Field, remote: Field)] {
        var pairs: [(local: Field, remote: Field)] = []
        for (localName, remoteName) in zip(localNames, remoteNames) {
            guard let localField = local.field(named: localName), let remoteField = remote.field(named: remoteName) else {
                throw PlanError(.unsupported, "The relationship between \(local.name) and \(remote.name) cannot be written through.")
            }
            pairs.append((localField, remoteField))
        }
        return pairs
    }

    /// The parts of a relation input that are given and not null, by name; a name not in `allowed` is refused
    /// as the input type does not define it.
    func parts(_ value: InputValue, inputType: String, allowed: Set<String> = ["create", "connect"]) throws(PlanError) -> [String: InputValue] {
        var given: [String: InputValue] = [:]
        for (name, value) in try object(value, inputType: inputType) {
            guard allowed.contains(name) else { throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(inputType)'.") }
            if !value.isNull { given[name] = value }
        }
        return given
    }

    /// The entries of an input object.
    func object(_ value: InputValue, inputType: String) throws(PlanError) -> [(String, InputValue)] {
        guard case .object(let entries) = value else { throw PlanError(.badValue, "A value of input type '\(inputType)' must be an object.") }
        return entries
    }

    /// The items of a list value (a single value counts as a list of one, as GraphQL coerces it), or the one
    /// value of a single relation.
    func items(_ value: InputValue, list: Bool) throws(PlanError) -> [InputValue] {
        guard list, case .list(let items) = value else { return [value] }
        if items.contains(where: \.isNull) { throw PlanError(.badValue, "A nested write's list cannot hold null.") }
        return items
    }

    /// A key input's entries: exactly `model`'s primary-key fields.
    func keyEntries(_ value: InputValue, model: Model) throws(PlanError) -> [(String, InputValue)] {
        let inputType = ModelNames(model).keyInput
        let entries = try object(value, inputType: inputType)
        for (name, value) in entries {
            if !model.primaryKey.contains(name) { throw PlanError(.badValue, "Field '\(name)' is not defined for input type '\(inputType)'.") }
            if value.isNull { throw PlanError(.badValue, "Field '\(inputType).\(name)' is required and cannot be null.") }
        }
        return entries
    }
}
