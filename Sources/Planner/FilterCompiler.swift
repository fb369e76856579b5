import Migrations
import ModelIR
import SQLSyntax

/// Compiles `Model…FilterInput` / `Model…ConditionInput` values into a SQL condition (contract §1.6,
/// decisions.md comparisons with absent values).
struct FilterCompiler {
    let api: APISchemaView
    let model: Model
    let alias: String
    /// Where operators that choose the SQL's shape (`attributeExists`, `attributeType`) record the leaves
    /// they read.
    let pins: PinnedLeaves

    /// The SQL condition of a whole `filter` or `condition` argument, refused with `LimitExceeded` when it
    /// holds more conditions than the API allows.
    func condition(_ filter: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        let conditions = Self.conditionCount(filter)
        guard conditions <= api.maximumFilterConditions else {
            throw PlanError(.limitExceeded, "The filter holds \(conditions) conditions; the limit is \(api.maximumFilterConditions) (filter size limit).")
        }
        return try compile(filter, binds: &binds)
    }

    /// How many conditions `filter` holds (each operator under a field, each element of `and`/`or`),
    /// counted without recursion.
    static func conditionCount(_ filter: InputValue) -> Int {
        var count = 0
        var pending = [filter]
        while let value = pending.popLast() {
            switch value {
            case .leaf(_, let inner): pending.append(inner)
            case .list(let items):
                count += items.count
                pending.append(contentsOf: items)
            case .object(let entries):
                for (key, entry) in entries {
                    if key == "and" || key == "or" || key == "not" {
                        pending.append(entry)
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

    private func compile(_ filter: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard case .object(let entries) = filter else {
            if filter == .null { return .keyword(.true) }
            throw PlanError(.badValue, "A filter must be an object.")
        }
        var parts: [SQLExpression] = []
        for (key, value) in entries {
            switch key {
            case "and", "or":
                guard case .list(let items) = value else {
                    if value == .null { continue }
                    throw PlanError(.badValue, "Filter '\(key)' expects a list.")
                }
                let compiled = try items.map { (item) throws(PlanError) -> SQLExpression in try compile(item, binds: &binds) }
                parts.append(key == "and" ? .and(compiled) : .or(compiled))
            case "not":
                if value == .null { continue }
                parts.append(.not(.function(.coalesce, [try compile(value, binds: &binds), .keyword(.false)])))
            default:
                guard let field = model.field(named: key), field.isStored else {
                    throw PlanError(.badValue, "Unknown filter field '\(key)' on '\(model.name)'.")
                }
                parts.append(try fieldCondition(field, value, binds: &binds))
            }
        }
        return .and(parts)
    }

    private func fieldCondition(_ field: Field, _ operators: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard case .object(let entries) = operators else {
            if operators == .null { return .keyword(.true) }
            throw PlanError(.badValue, "Filter on '\(field.name)' must be an object of operators.")
        }
        let column = SQLExpression.column(table: alias, name: field.columnName)
        var parts: [SQLExpression] = []
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
        for (name, value) in entries {
            if value == .null, name != "eq", name != "ne" { continue }
            switch name {
            case "eq", "ne":
                if field.type.isList {
                    let bound = try binds.bind(value, for: field, of: model, schema: api.schema)
                    parts.append(name == "eq" ? .binary(column, .isNotDistinctFrom, bound) : .binary(column, .isDistinctFrom, bound))
                } else if value == .null {
                    parts.append(.isNull(column, negated: name == "ne"))
                } else if name == "eq" {
                    parts.append(.binary(column, .equal, try operand(value)))
                } else {
                    parts.append(.binary(column, .isDistinctFrom, try operand(value)))
                }
            case "lt", "le", "gt", "ge", "between":
                if field.type.isList {
                    throw PlanError(.invalidArguments, "'\(name)' compares single values; '\(field.name)' is a list (use contains, notContains, size, eq or ne).")
                }
                if name == "between" {
                    guard case .list(let bounds) = value, bounds.count == 2 else {
                        throw PlanError(.invalidArguments, "Argument \(field.name).between expects exactly 2 elements.")
                    }
                    parts.append(.and([.binary(column, .greaterOrEqual, try operand(bounds[0])), .binary(column, .lessOrEqual, try operand(bounds[1]))]))
                    continue
                }
                let op: SQLOperator = ["lt": .less, "le": .lessOrEqual, "gt": .greater, "ge": .greaterOrEqual][name]!
                parts.append(.binary(column, op, try operand(value)))
            case "beginsWith":
                guard field.type.base.isStringLike, !field.type.isList else { throw PlanError(.invalidArguments, "beginsWith applies to string fields only ('\(field.name)').") }
                let prefix = try textOperand(value)
                parts.append(.binary(.function(.left, [text, .function(.length, [prefix])]), .equal, prefix))
            case "contains", "notContains":
                let test: SQLExpression
                if field.type.isList {
                    test = .any(try operand(value), .equal, column)
                } else {
                    test = .binary(.function(.strpos, [text, try textOperand(value)]), .greater, .integer(0))
                }
                parts.append(name == "contains" ? test : .not(.function(.coalesce, [test, .keyword(.false)])))
            case "attributeExists":
                guard case .boolean(let exists) = pins.pin(value) else { throw PlanError(.badValue, "attributeExists expects a Boolean.") }
                parts.append(.isNull(column, negated: exists))
            case "size":
                let length: SQLExpression = field.type.isList ? .function(.cardinality, [column]) : .function(.length, [.cast(column, .text)])
                let sizeField = Field(name: field.name, type: FieldType(.scalar(.int)))
                let sizeFilter = FilterCompiler(api: api, model: Model(name: model.name, fields: [sizeField]), alias: alias, pins: pins)
                parts.append(try sizeFilter.sizeCondition(length, value, binds: &binds))
            case "attributeType":
                guard let wanted = pins.pin(value).enumName else { throw PlanError(.badValue, "attributeType expects a ModelAttributeTypes value.") }
                if wanted == "_null" {
                    parts.append(.isNull(column, negated: false))
                } else {
                    // A column's DynamoDB attribute type follows from its GraphQL type (decisions: our mapping).
                    parts.append(Self.attributeType(of: field.type) == wanted ? .isNull(column, negated: true) : .keyword(.false))
                }
            default:
                throw PlanError(.badValue, "Unknown filter operator '\(name)' on '\(field.name)'.")
            }
        }
        return .and(parts)
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
            switch name {
            case "eq": parts.append(.binary(length, .equal, try bound(value)))
            case "ne": parts.append(.binary(length, .notEqual, try bound(value)))
            case "lt": parts.append(.binary(length, .less, try bound(value)))
            case "le": parts.append(.binary(length, .lessOrEqual, try bound(value)))
            case "gt": parts.append(.binary(length, .greater, try bound(value)))
            case "ge": parts.append(.binary(length, .greaterOrEqual, try bound(value)))
            case "between":
                guard case .list(let bounds) = value, bounds.count == 2 else { throw PlanError(.invalidArguments, "size.between expects exactly 2 elements.") }
                parts.append(.and([.binary(length, .greaterOrEqual, try bound(bounds[0])), .binary(length, .lessOrEqual, try bound(bounds[1]))]))
            default: throw PlanError(.badValue, "Unknown size operator '\(name)'.")
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

