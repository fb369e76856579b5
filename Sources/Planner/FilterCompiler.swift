import APISchema
import ModelIR
import SQLSyntax
import Storage

/// Compiles `Model…FilterInput` / `Model…ConditionInput` values into a SQL condition (docs/api-contract.md §5,
/// docs/decisions.md §3.2 on comparisons with absent values). In the extended API a list's filter may also
/// hold relation filters (FilterCompiler+Relations.swift) and the text operators (FilterCompiler+Text.swift).
struct FilterCompiler {
    let api: APISchemaView
    let model: Model
    let alias: String
    /// Where operators that choose the SQL's shape (`attributeExists`, `attributeType`) record the leaves
    /// they read.
    let pins: PinnedLeaves
    /// The caller whose rules apply to related records, for a list's filter; nil for a write's condition,
    /// which takes no relation filters.
    var access: Access? = nil
    /// How many relationships lead from the list's model to `model` (0 at the top of the filter).
    var depth = 0

    /// The SQL condition of a whole `filter` or `condition` argument, refused with `LimitExceeded` when it
    /// holds more conditions than the API allows.
    func condition(_ filter: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        try checkSize(filter)
        return try compile(filter, binds: &binds)
    }

    /// Refuses with `LimitExceeded` a filter that holds more conditions than the API allows.
    func checkSize(_ filter: InputValue) throws(PlanError) {
        let conditions = conditionCount(filter)
        guard conditions <= api.maximumFilterConditions else {
            throw PlanError(.limitExceeded, "The filter holds \(conditions) conditions; the limit is \(api.maximumFilterConditions) (filter size limit).")
        }
    }

    /// How many conditions `filter` holds (each operator under a field, each element of `and`/`or`, and each
    /// relation filter and `some`/`every`/`none` under it, as a hop to related records costs a sub-query),
    /// counted without recursion.
    func conditionCount(_ filter: InputValue) -> Int {
        var count = 0
        var pending: [(value: InputValue, model: Model)] = [(filter, model)]
        while let (value, model) = pending.popLast() {
            switch value {
            case .leaf(_, let inner): pending.append((inner, model))
            case .list(let items):
                count += items.count
                pending.append(contentsOf: items.map { ($0, model) })
            case .object(let entries):
                for (key, entry) in entries {
                    if key == "and" || key == "or" || key == "not" {
                        pending.append((entry, model))
                    } else if let relationship = model.field(named: key)?.relationship, let target = api.model(relationship.target) {
                        count += 1
                        if relationship.kind == .hasMany || relationship.kind == .manyToMany, case .object(let quantifiers) = entry {
                            count += quantifiers.count
                            pending.append(contentsOf: quantifiers.map { ($0.1, target) })
                        } else {
                            pending.append((entry, target))
                        }
                    } else if case .object(let operators) = entry {
                        count += max(1, operators.count)
                    } else {
                        count += 1
                    }
                }
            default: continue
            }
        }
        return count
    }

    func compile(_ filter: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        var source: RelatedKeys?
        return try compile(filter, binds: &binds, start: nil, source: &source)
    }

    /// `compile`, where the relation filter under key `start` (with the page's `order`) gives its `some` as
    /// `source` instead of a condition, and leaves no `TRUE` behind when nothing else of it remains.
    func compile(
        _ filter: InputValue, binds: inout BindAllocator, start: (key: String, order: [SortKey])?, source: inout RelatedKeys?
    ) throws(PlanError) -> SQLExpression {
        guard case .object(let entries) = filter else {
            if filter == .null { return .keyword(.true) }
            throw PlanError(.badValue, "A filter must be an object.")
        }
        var parts: [SQLExpression] = []
        for (key, value) in entries {
            let starts = key == start?.key
            guard let part = try entryCondition(key, value, binds: &binds, source: &source, sourceOrder: starts ? start?.order : nil) else { continue }
            if !starts || part != .keyword(.true) { parts.append(part) }
        }
        return .and(parts)
    }

    /// The condition of one key of a filter object and its value; nil for a null `and`, `or` or `not`. With
    /// `sourceOrder`, a relation filter's `some` on this key becomes `source` rather than a condition
    /// (`pageCondition`).
    func entryCondition(
        _ key: String, _ value: InputValue, binds: inout BindAllocator, source: inout RelatedKeys?, sourceOrder: [SortKey]?
    ) throws(PlanError) -> SQLExpression? {
        switch key {
        case "and", "or":
            guard case .list(let items) = value else {
                if value == .null { return nil }
                throw PlanError(.badValue, "Filter '\(key)' expects a list.")
            }
            let compiled = try items.map { (item) throws(PlanError) -> SQLExpression in try compile(item, binds: &binds) }
            return key == "and" ? .and(compiled) : .or(compiled)
        case "not":
            if value == .null { return nil }
            return .not(.function(.coalesce, [try compile(value, binds: &binds), .keyword(.false)]))
        default:
            guard let field = model.field(named: key) else { throw unknownField(key) }
            // Inside a relation filter a field its own rules hide from the caller cannot be tested: the
            // answer would tell its value.
            if depth > 0, let policy = field.auth, access?.decision(policy, .get) != .granted { throw denied(field) }
            if let relationship = field.relationship {
                return try relationCondition(field, relationship, value, binds: &binds, source: &source, sourceOrder: sourceOrder)
            }
            return try fieldCondition(field, value, binds: &binds)
        }
    }

    /// The error of a key the filter input does not have.
    func unknownField(_ key: String) -> PlanError {
        PlanError(.badValue, "Unknown filter field '\(key)' on '\(model.name)'.")
    }

    private func fieldCondition(_ field: Field, _ operators: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard case .object(let entries) = operators else {
            if operators == .null { return .keyword(.true) }
            throw PlanError(.badValue, "Filter on '\(field.name)' must be an object of operators.")
        }
        var parts: [SQLExpression] = []
        for (name, value) in entries {
            // The text operators exist only in the extended API; AppSync's refuses them as any unknown key.
            guard let op = Operator(rawValue: name), api.allowsExtensions || !Operator.textExtensions.contains(op) else {
                throw PlanError(.badValue, "Unknown filter operator '\(name)' on '\(field.name)'.")
            }
            if value == .null, op != .eq, op != .ne { continue }
            parts.append(try operatorCondition(op, field: field, value: value, binds: &binds))
        }
        return .and(parts)
    }

    /// The SQL condition of one operator (`eq`, `beginsWith`, `size`…) and its value on one field.
    private func operatorCondition(_ op: Operator, field: Field, value: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        let column = SQLExpression.column(table: alias, name: field.columnName)
        func operand(_ value: InputValue) throws(PlanError) -> SQLExpression {
            try binds.bind(element: value, of: field, in: model, schema: api.schema)
        }
        // Substring operators compare the value as the API writes it (an AWSDateTime as ISO 8601 text, not
        // PostgreSQL's timestamp text), with any text as the operand: a prefix of a date is not a date.
        let text = SQLExpression.cast(SelectionCompiler.output(column, type: FieldType(field.type.base)), .text)
        let label = "\(model.name).\(field.name)"
        func textOperand(_ value: InputValue) throws(PlanError) -> SQLExpression {
            try binds.bind(value, as: .text) { (value) throws(PlanError) in
                guard case .string(let string) = value else { throw PlanError(.badValue, "Filter on '\(label)' expects a string operand.") }
                if let problem = StoredText.problem(in: value) { throw PlanError(.badValue, "Value for '\(label)' \(problem).") }
                return string
            }
        }
        switch op {
        case .eq, .ne, .lt, .le, .gt, .ge, .between:
            return try comparison(op, field: field, column: column, value: value, binds: &binds)
        case .beginsWith:
            guard field.type.base.isStringLike, !field.type.isList else { throw PlanError(.invalidArguments, "beginsWith applies to string fields only ('\(field.name)').") }
            let prefix = try textOperand(value)
            return .binary(.function(.left, [text, .function(.length, [prefix])]), .equal, prefix)
        case .contains, .notContains:
            let test: SQLExpression
            if field.type.isList {
                test = .any(try operand(value), .equal, column)
            } else {
                test = .binary(.function(.strpos, [text, try textOperand(value)]), .greater, .integer(0))
            }
            return op == .contains ? test : .not(.function(.coalesce, [test, .keyword(.false)]))
        case .attributeExists:
            guard case .boolean(let exists) = pins.pin(value) else { throw PlanError(.badValue, "attributeExists expects a Boolean.") }
            return .isNull(column, negated: exists)
        case .size:
            let length: SQLExpression = field.type.isList ? .function(.cardinality, [column]) : .function(.length, [.cast(column, .text)])
            let sizeField = Field(name: field.name, type: FieldType(.scalar(.int)))
            let sizeFilter = FilterCompiler(api: api, model: Model(name: model.name, fields: [sizeField]), alias: alias, pins: pins, depth: depth)
            return try sizeFilter.sizeCondition(length, value, binds: &binds)
        case .attributeType:
            guard let wanted = pins.pin(value).enumName else { throw PlanError(.badValue, "attributeType expects a ModelAttributeTypes value.") }
            if wanted == "_null" {
                return .isNull(column, negated: false)
            } else {
                // A column's DynamoDB attribute type follows from its GraphQL type.
                return Self.attributeType(of: field.type) == wanted ? .isNull(column, negated: true) : .keyword(.false)
            }
        case .in, .notIn:
            // Subscription filters only: list and condition inputs have no such field.
            throw PlanError(.badValue, "Unknown filter operator '\(op.rawValue)' on '\(field.name)'.")
        case .eqInsensitive, .containsInsensitive, .beginsWithInsensitive, .search:
            return try textCondition(op, field: field, column: column, value: value, binds: &binds)
        }
    }

    /// `eq`, `ne`, the order comparisons and `between` on one field. `ne` (and `eq` on a list) are
    /// null-safe: a missing value is not equal to anything given (docs/decisions.md §3.2).
    private func comparison(_ op: Operator, field: Field, column: SQLExpression, value: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        func operand(_ value: InputValue) throws(PlanError) -> SQLExpression {
            try binds.bind(element: value, of: field, in: model, schema: api.schema)
        }
        if op == .eq || op == .ne {
            if field.type.isList {
                let bound = try binds.bind(value, for: field, of: model, schema: api.schema)
                return .binary(column, op == .eq ? .isNotDistinctFrom : .isDistinctFrom, bound)
            }
            if value == .null { return .isNull(column, negated: op == .ne) }
            return .binary(column, op == .eq ? .equal : .isDistinctFrom, try operand(value))
        }
        if field.type.isList {
            throw PlanError(.invalidArguments, "'\(op.rawValue)' compares single values; '\(field.name)' is a list (use contains, notContains, size, eq or ne).")
        }
        if let comparison = op.orderComparison { return .binary(column, comparison, try operand(value)) }
        guard case .list(let bounds) = value, bounds.count == 2 else {
            throw PlanError(.invalidArguments, "Argument \(field.name).between expects exactly 2 elements.")
        }
        return .and([.binary(column, .greaterOrEqual, try operand(bounds[0])), .binary(column, .lessOrEqual, try operand(bounds[1]))])
    }

    /// The DynamoDB attribute type a value of `type` is stored as.
    static func attributeType(of type: FieldType) -> String {
        if type.isList { return "list" }
        switch type.base {
        case .scalar(.int), .scalar(.float), .scalar(.awsTimestamp): return "number"
        case .scalar(.boolean): return "bool"
        case .scalar(.awsJSON), .object: return "map"
        default: return "string"
        }
    }

    private func sizeCondition(_ length: SQLExpression, _ operators: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard case .object(let entries) = operators else { throw PlanError(.badValue, "size expects an object of operators.") }
        var parts: [SQLExpression] = []
        for (name, value) in entries {
            func bound(_ value: InputValue) throws(PlanError) -> SQLExpression {
                try binds.bind(value, as: .integer) { (value) throws(PlanError) in
                    guard case .int(let number) = value, Int32(exactly: number) != nil else { throw PlanError(.badValue, "size operators expect Int (32-bit) values.") }
                    return String(number)
                }
            }
            guard let op = Operator(rawValue: name), Operator.operators(of: .size, surface: api.api.surface).contains(op) else {
                throw PlanError(.badValue, "Unknown size operator '\(name)'.")
            }
            if let comparison = op.orderComparison {
                parts.append(.binary(length, comparison, try bound(value)))
            } else if op == .between {
                guard case .list(let bounds) = value, bounds.count == 2 else { throw PlanError(.invalidArguments, "size.between expects exactly 2 elements.") }
                parts.append(.and([.binary(length, .greaterOrEqual, try bound(bounds[0])), .binary(length, .lessOrEqual, try bound(bounds[1]))]))
            } else {
                parts.append(.binary(length, op == .eq ? .equal : .notEqual, try bound(value)))
            }
        }
        return .and(parts)
    }
}

extension BaseType {
    /// True for string-valued scalars and enums.
    var isStringLike: Bool {
        switch self {
        case .scalar(let scalar): scalar.isStringLike
        case .enumeration: true
        default: false
        }
    }
}
