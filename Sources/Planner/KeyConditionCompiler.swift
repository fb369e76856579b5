import APISchema
import ModelIR
import SQLSyntax
import Storage

/// Compiles a sort-key condition argument (`ModelStringKeyConditionInput`, `Model…CompositeKeyConditionInput`)
/// into SQL. Composite keys compare as typed tuples of the components given, not as `#`-joined strings
/// (docs/decisions.md §3.3); `beginsWith` is equality on the leading components and a prefix test on the last one.
struct KeyConditionCompiler {
    let api: APISchemaView
    let model: Model
    let alias: String
    /// The sort key fields, in key order.
    let sortKeys: [Field]
    /// The argument's name, for messages.
    let argument: String

    func condition(_ value: InputValue, binds: inout BindAllocator) throws(PlanError) -> SQLExpression {
        guard case .object(let operators) = value else {
            if value == .null { return .keyword(.true) }
            throw PlanError(.badValue, "Argument '\(argument)' must be an object of operators.")
        }
        var parts: [SQLExpression] = []
        for (name, operand) in operators {
            if operand == .null { continue }
            guard let op = Operator(rawValue: name), Operator.operators(of: .compositeKeyCondition, surface: api.api.surface).contains(op) else {
                throw PlanError(.badValue, "Unknown key condition operator '\(name)' in '\(argument)'.")
            }
            if let comparison = op.orderComparison {
                let (columns, values) = try components(operand, binds: &binds)
                parts.append(.binary(row(columns), comparison, row(values)))
                continue
            }
            switch op {
            case .eq:
                let (columns, values) = try components(operand, binds: &binds)
                parts.append(.and(zip(columns, values).map { .binary($0, .equal, $1) }))
            case .between:
                guard case .list(let bounds) = operand, bounds.count == 2 else {
                    throw PlanError(.invalidArguments, "Argument \(argument).between expects exactly 2 elements.")
                }
                let (lowColumns, low) = try components(bounds[0], binds: &binds)
                let (highColumns, high) = try components(bounds[1], binds: &binds)
                parts.append(.and([.binary(row(lowColumns), .greaterOrEqual, row(low)), .binary(row(highColumns), .lessOrEqual, row(high))]))
            case .beginsWith:
                let (columns, values) = try components(operand, binds: &binds)
                guard let lastField = sortKeys.dropFirst(columns.count - 1).first, lastField.type.base.isStringLike,
                    let lastColumn = columns.last, let prefix = values.last
                else {
                    throw PlanError(.invalidArguments, "beginsWith in '\(argument)' applies to a string key component only.")
                }
                var tests = zip(columns.dropLast(), values.dropLast()).map { SQLExpression.binary($0, .equal, $1) }
                tests.append(.binary(.function(.left, [.cast(lastColumn, .text), .function(.length, [prefix])]), .equal, prefix))
                parts.append(.and(tests))
            case .ne, .lt, .le, .gt, .ge, .contains, .notContains, .attributeExists, .attributeType, .size, .in, .notIn, .eqInsensitive, .containsInsensitive,
                .beginsWithInsensitive, .search:
                // Not in a key condition input (the order comparisons were handled above).
                throw PlanError(.badValue, "Unknown key condition operator '\(name)' in '\(argument)'.")
            }
        }
        return .and(parts)
    }

    private func row(_ items: [SQLExpression]) -> SQLExpression {
        items.count == 1 ? items[0] : .row(items)
    }

    /// The columns and bound values of the key components an operand gives: a scalar for a single sort key,
    /// an object of leading components for a composite one.
    private func components(_ operand: InputValue, binds: inout BindAllocator) throws(PlanError) -> ([SQLExpression], [SQLExpression]) {
        var columns: [SQLExpression] = []
        var values: [SQLExpression] = []
        if sortKeys.count == 1 {
            let field = sortKeys[0]
            return ([.column(table: alias, name: field.columnName)], [try binds.bind(element: operand, of: field, in: model, schema: api.schema)])
        }
        guard case .object(let given) = operand else { throw PlanError(.badValue, "Argument '\(argument)' expects an object of key components.") }
        for field in sortKeys {
            guard let value = given.first(where: { $0.0 == field.name })?.1, value != .null else { break }
            columns.append(.column(table: alias, name: field.columnName))
            values.append(try binds.bind(element: value, of: field, in: model, schema: api.schema))
        }
        if columns.count < given.filter({ $0.1 != .null }).count {
            throw PlanError(
                .invalidArguments, "Key components in '\(argument)' must be given from the first one on, without gaps (\(sortKeys.map(\.name).joined(separator: ", "))).")
        }
        guard !columns.isEmpty else { throw PlanError(.invalidArguments, "Argument '\(argument)' names no key component.") }
        return (columns, values)
    }
}
