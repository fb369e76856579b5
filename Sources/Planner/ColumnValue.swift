import Migrations
import ModelIR
import SQLSyntax

/// Turns a client value into the text PostgreSQL parses for a column, checking it against the field's type
/// (decisions.md: bad values are `ValidationError`s naming the field).
enum ColumnValue {
    /// The parameter text of `value` for `field`, or nil for NULL.
    static func text(_ value: InputValue, for field: Field, model: Model, schema: Schema) throws(PlanError) -> String? {
        let name = "\(model.name).\(field.name)"
        if value == .null { return nil }
        if case .string("") = value, model.primaryKey.contains(field.name) {
            throw PlanError(.badValue, "Key field '\(name)' must not be an empty string.")
        }
        if field.type.isList {
            guard case .list(let items) = value else {
                throw PlanError(.badValue, "Field '\(name)' expects a list.")
            }
            var elements: [String] = []
            for item in items {
                guard let text = try scalarText(item, base: field.type.base, name: name, schema: schema) else {
                    if field.type.isElementRequired { throw PlanError(.badValue, "Field '\(name)' does not accept null elements.") }
                    elements.append("NULL")
                    continue
                }
                elements.append(arrayElement(text))
            }
            return "{" + elements.joined(separator: ",") + "}"
        }
        return try scalarText(value, base: field.type.base, name: name, schema: schema)
    }

    /// One element of a PostgreSQL array literal: double-quoted, with `"` and `\` escaped. Escaped by Unicode
    /// scalar, not by `Character`, so a quote joined to a combining or prepend mark is escaped all the same and
    /// the value, not the text around it, decides nothing about where elements end.
    static func arrayElement(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        escaped.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        escaped.append("\"")
        return String(escaped)
    }

    static func scalarText(_ value: InputValue, base: BaseType, name: String, schema: Schema) throws(PlanError) -> String? {
        if value == .null { return nil }
        if let problem = StoredText.problem(in: value) {
            throw PlanError(.badValue, "Value for '\(name)' \(problem).")
        }
        switch base {
        case .enumeration(let enumName):
            let text: String
            switch value {
            case .enumValue(let member), .string(let member): text = member
            default: throw PlanError(.badValue, "Field '\(name)' expects a value of enum \(enumName).")
            }
            guard schema.enumType(named: enumName)?.values.contains(text) == true else {
                throw PlanError(.badValue, "Value '\(text)' is not a member of enum \(enumName) (field '\(name)').")
            }
            return text
        case .object:
            return JSONText.encode(value)
        case .model:
            throw PlanError(.badValue, "Field '\(name)' cannot be written directly.")
        case .scalar(let scalar):
            switch scalar {
            case .int:
                guard case .int(let number) = value, Int32(exactly: number) != nil else {
                    throw PlanError(.badValue, "Field '\(name)' expects an Int (32-bit).")
                }
                return String(number)
            case .awsTimestamp:
                guard case .int(let number) = value else { throw PlanError(.badValue, "Field '\(name)' expects an AWSTimestamp (integer seconds).") }
                return String(number)
            case .float:
                switch value {
                case .int(let number): return String(number)
                case .float(let number) where number.isFinite: return String(number)
                default: throw PlanError(.badValue, "Field '\(name)' expects a Float.")
                }
            case .boolean:
                guard case .boolean(let flag) = value else { throw PlanError(.badValue, "Field '\(name)' expects a Boolean.") }
                return flag ? "true" : "false"
            case .id:
                switch value {
                case .string(let text): return text
                case .int(let number): return String(number)
                default: throw PlanError(.badValue, "Field '\(name)' expects an ID.")
                }
            default:
                guard case .string(let text) = value else { throw PlanError(.badValue, "Field '\(name)' expects a \(scalar.graphQLName) string.") }
                if let problem = ScalarFormat.problem(with: text, as: scalar) {
                    throw PlanError(.badValue, "Value for '\(name)' \(problem).")
                }
                return text
            }
        }
    }
}

/// Minimal JSON text writing for values the planner passes as parameters.
package enum JSONText {
    /// A JSON string literal.
    package static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// JSON text of an input value.
    package static func encode(_ value: InputValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text), .enumValue(let text): quote(text)
        case .int(let number): String(number)
        case .float(let number): number.isFinite ? String(number) : "null"
        case .boolean(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(encode).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { quote($0.0) + ":" + encode($0.1) }.joined(separator: ",") + "}"
        case .leaf(_, let value): encode(value)
        }
    }
}

extension BindAllocator {
    /// A parameter for a value of `field` (a list field takes a PostgreSQL array literal), checked against
    /// the field's type now and for every request that reuses the plan.
    mutating func bind(_ value: InputValue, for field: Field, of model: Model, schema: Schema) throws(PlanError) -> SQLExpression {
        try bind(value, as: StorageMapping.sqlType(field.type)) { (value) throws(PlanError) in
            try ColumnValue.text(value, for: field, model: model, schema: schema)
        }
    }

    /// A parameter for one element of `field` (a filter or key-condition operand).
    mutating func bind(element value: InputValue, of field: Field, in model: Model, schema: Schema) throws(PlanError) -> SQLExpression {
        try bind(value, as: StorageMapping.sqlType(FieldType(field.type.base))) { (value) throws(PlanError) in
            try ColumnValue.scalarText(value, base: field.type.base, name: "\(model.name).\(field.name)", schema: schema)
        }
    }
}
