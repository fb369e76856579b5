import APISchema
import GraphQL
import ModelIR
import SQLSyntax

/// Compiles a selection set on a model into one row value over a row alias (see `CompiledObject`),
/// following relationships with correlated sub-queries (one statement, no N+1).
struct SelectionCompiler {
    let api: APISchemaView
    let fragments: [String: FragmentDefinition]
    let values: ValueResolver
    /// Where denied nested fields are reported.
    let denials: Denials
    /// The response path of the object being compiled (`items` stands for every element).
    let path: [String]
    /// The caller the plan is for, and what its rules allow.
    let access: Access
    /// True in mutation and subscription responses: a field its own `@auth` hides from the caller is null
    /// there without an error, as AppSync answers.
    var quietFieldDenials = false
    /// In a nested create's own statement: the CTEs that hold the rows it wrote, read instead of their tables.
    var written: WrittenSources?

    /// The same compiler one field deeper.
    func descending(_ key: String) -> SelectionCompiler {
        SelectionCompiler(
            api: api, fragments: fragments, values: values, denials: denials, path: path + [key], access: access, quietFieldDenials: quietFieldDenials,
            written: written)
    }

    /// Where rows of `model` are read under `alias`: its table, or the CTEs a nested create wrote it with.
    func rows(of model: Model, alias: String) -> FromItem {
        written?.source(of: model.name, alias: alias) ?? .table(api.table(model), alias: alias)
    }

    /// The object for `selectionSet` on `model`, reading row alias `alias`.
    func object(_ selectionSet: SelectionSet, model: Model, alias: String, binds: inout BindAllocator) throws(PlanError) -> CompiledObject {
        var entries: [(key: String, value: SQLExpression)] = []
        for field in try collectFields(selectionSet, typeName: model.name) {
            let key = field.alias?.value ?? field.name.value
            entries.append((key, try value(of: field, model: model, alias: alias, binds: &binds)))
            if let marker = denialMarker(for: field, key: key, model: model, alias: alias, binds: &binds) { entries.append(marker) }
        }
        return CompiledObject(entries: entries, rowAlias: binds.rowAlias())
    }

    /// `SELECT <the object as JSON> FROM <source> WHERE condition`: one JSON object per source row.
    func selectObject(
        _ selectionSet: SelectionSet, model: Model, from source: FromItem, alias: String, where condition: SQLExpression?,
        with: [CommonTableExpression] = [], binds: inout BindAllocator
    ) throws(PlanError) -> Select {
        let object = try object(selectionSet, model: model, alias: alias, binds: &binds)
        return Select(with: with, columns: [SelectColumn(object.json)], from: object.from(source), where: condition)
    }

    /// Flattens fragments and applies `@skip`/`@include`, keeping first-seen order per response key.
    /// The fields a selection set selects for `typeName`, fragments expanded and `@skip`/`@include` applied,
    /// one per response key: fields sharing a key are merged (their selections joined), as GraphQL requires,
    /// and refused when they select different fields or with different arguments.
    func collectFields(_ selectionSet: SelectionSet, typeName: String) throws(PlanError) -> [GraphQL.Field] {
        var groups: [[GraphQL.Field]] = []
        var positions: [String: Int] = [:]
        try collect(selectionSet, typeName: typeName, into: &groups, positions: &positions)
        var result: [GraphQL.Field] = []
        result.reserveCapacity(groups.count)
        for group in groups { result.append(try FieldMerging.merge(group)) }
        return result
    }

    private func collect(_ selectionSet: SelectionSet, typeName: String, into groups: inout [[GraphQL.Field]], positions: inout [String: Int]) throws(PlanError) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as GraphQL.Field:
                guard try included(field.directives) else { continue }
                let key = field.alias?.value ?? field.name.value
                if let position = positions[key] {
                    groups[position].append(field)
                } else {
                    positions[key] = groups.count
                    groups.append([field])
                }
            case let fragment as InlineFragment:
                guard try included(fragment.directives) else { continue }
                if let condition = fragment.typeCondition?.name.value, condition != typeName { continue }
                try collect(fragment.selectionSet, typeName: typeName, into: &groups, positions: &positions)
            case let spread as FragmentSpread:
                guard try included(spread.directives), let definition = fragments[spread.name.value] else { continue }
                if definition.typeCondition.name.value != typeName { continue }
                try collect(definition.selectionSet, typeName: typeName, into: &groups, positions: &positions)
            default:
                continue
            }
        }
    }

    func included(_ directives: [Directive]) throws(PlanError) -> Bool {
        for directive in directives {
            guard directive.name.value == "skip" || directive.name.value == "include" else { continue }
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }), case .boolean(let flag)? = values.resolve(argument.value).map(values.pinned) else {
                throw PlanError(.validation, "@\(directive.name.value) needs a Boolean 'if'.")
            }
            if directive.name.value == "skip" ? flag : !flag { return false }
        }
        return true
    }

    /// The JSON value of one selected field.
    func value(of field: GraphQL.Field, model: Model, alias: String, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        let name = field.name.value
        if name == "__typename" { return .constant(model.name) }
        if let resolved = model.resolvedField(named: name) { return try resolvedFieldMarker(field, resolved: resolved, model: model, alias: alias) }
        guard let modelField = model.field(named: name) else {
            if let counted = countedRelationship(name, of: model) {
                return try relationCount(field, counting: counted, model: model, alias: alias, binds: &binds)
            }
            throw PlanError(.validation, "Field '\(name)' in type '\(model.name)' is undefined.")
        }
        let column = SQLExpression.column(table: alias, name: modelField.columnName)
        var shownTo: [AuthRule]?
        if let policy = modelField.auth {
            switch access.decision(policy, .get) {
            case .granted: break
            case .denied:
                if !quietFieldDenials {
                    let location = field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
                    denials.errors.append(
                        PlanError(.unauthorized, "Not Authorized to access \(name) on type \(model.name)", path: path + [field.alias?.value ?? name], locations: location))
                }
                return .keyword(.null)
            case .records(let rules): shownTo = rules
            }
        }
        guard let relationship = modelField.relationship, let target = api.model(relationship.target) else {
            let output = Self.readsAsUsername(modelField, of: model) ? Self.usernamePart(of: column) : Self.output(column, type: modelField.type, storage: modelField.storageType)
            // A field only the record's owner (or group) may read is null in other callers' records.
            guard let shownTo else { return output }
            return .caseWhen([(access.predicate(shownTo, model: model, alias: alias, binds: &binds), output)], else: nil)
        }
        guard let selectionSet = field.selectionSet else {
            throw PlanError(.validation, "Field '\(name)' of type '\(model.name)' must have a selection of subfields.")
        }
        let key = field.alias?.value ?? name
        let needed: ModelOperation = relationship.kind == .hasOne || relationship.kind == .belongsTo ? .get : .list
        let decision = access.decision(target.auth, needed)
        guard decision != .denied else {
            let location = field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
            denials.errors.append(PlanError(.unauthorized, "Not Authorized to access \(name) on type \(model.name)", path: path + [key], locations: location))
            return .keyword(.null)
        }
        let nested = descending(key)
        let childAlias = binds.alias()
        var joined = Self.join(relationship, from: model, alias: alias, to: target, childAlias: childAlias)
        // Related records the caller's rules do not match are left out, as a list of them leaves them out.
        if case .records(let rules) = decision { joined.append(access.predicate(rules, model: target, alias: childAlias, binds: &binds)) }
        let join = SQLExpression.and(joined)
        switch relationship.kind {
        case .hasOne, .belongsTo:
            let object = try nested.object(selectionSet, model: target, alias: childAlias, binds: &binds)
            return .subquery(Select(columns: [SelectColumn(object.value)], from: object.from(rows(of: target, alias: childAlias)), where: join, limit: .integer(1)))
        case .hasMany, .manyToMany:
            let arguments = ConnectionArguments(field: field, values: values, defaultLimit: relationship.defaultLimit, maximumLimit: api.maximumLimit)
            var condition = join
            var orderKeys: [String]?
            if relationship.targetFields.count == 1 {
                // The child key the lookup uses: its primary key or an index starting with the reference field.
                if let key = target.sortedKey(startingWith: relationship.targetFields[0]) {
                    let sortKeys = key.sortFields.compactMap { target.field(named: $0) }
                    orderKeys = key.sortFields + target.primaryKey.filter { !key.sortFields.contains($0) }
                    let argumentName = ModelNames.sortKeyArgument(key.sortFields)
                    if let argument = field.arguments.first(where: { $0.name.value == argumentName }), let value = values.resolve(argument.value), value != .null {
                        let keyCondition = KeyConditionCompiler(api: api, model: target, alias: childAlias, sortKeys: sortKeys, argument: argumentName)
                        condition = .and([join, try keyCondition.condition(value, binds: &binds)])
                    }
                }
            }
            return try ConnectionCompiler(selection: nested).connection(
                field: field, model: target, alias: childAlias, condition: condition, arguments: arguments, orderKeys: orderKeys,
                binds: &binds
            )
        }
    }

    /// The conditions joining the related records of `relationship` (rows `childAlias` of `target`) to the
    /// row `alias` of `model`.
    static func join(_ relationship: Relationship, from model: Model, alias: String, to target: Model, childAlias: String) -> [SQLExpression] {
        zip(relationship.localFields, relationship.targetFields).map { local, remote in
            .binary(
                .column(table: childAlias, name: target.field(named: remote)?.columnName ?? remote), .equal,
                .column(table: alias, name: model.field(named: local)?.columnName ?? local)
            )
        }
    }

    /// True for a single-owner field whose owner rule joins two claims (`sub::username`): clients read it as
    /// the user name, as AppSync resolves it, while the stored value keeps the stable subject.
    static func readsAsUsername(_ field: ModelIR.Field, of model: Model) -> Bool {
        !field.type.isList
            && model.auth.rules.contains { $0.strategy == .owner && $0.effectiveOwnerField == field.name && $0.effectiveIdentityClaim.contains("::") }
    }

    /// The part after `::` of a stored owner, or the whole value when it has none (records of older apps).
    static func usernamePart(of column: SQLExpression) -> SQLExpression {
        .caseWhen(
            [(.binary(.function(.strpos, [column, .constant("::")]), .greater, .integer(0)), .function(.splitPart, [column, .constant("::"), .integer(2)]))],
            else: column)
    }

    /// How a column value is written into the response JSON. An `Int` read from an existing database's
    /// `bigint` column is cast to `integer`, so a value beyond GraphQL's 32-bit `Int` fails the statement
    /// (PostgreSQL's "integer out of range", an error of the root field) instead of answering a number clients
    /// cannot hold.
    static func output(_ column: SQLExpression, type: FieldType, storage: SQLType? = nil) -> SQLExpression {
        if case .scalar(.int) = type.base, storage == .bigint || storage == .array(.bigint) {
            return .cast(column, type.isList ? .array(.integer) : .integer)
        }
        guard !type.isList else { return column }
        switch type.base {
        case .scalar(.awsDateTime):
            return .function(.toChar, [.atTimeZone(column, "UTC"), .constant("YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"")])
        case .scalar(.awsDate):
            return .function(.toChar, [column, .constant("YYYY-MM-DD")])
        case .scalar(.awsJSON):
            return .cast(column, .text)
        default:
            return column
        }
    }
}
