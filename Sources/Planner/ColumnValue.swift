import JSON
import ModelIR
import SQLSyntax
import Storage

/// Turns a client value into the text PostgreSQL parses for a column, checking it against the field's type
/// (docs/decisions.md §9: bad values are `ValidationError`s naming the field).
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
                    elements.append("null")
                    continue
                }
                try ExactStorage.check(text, for: field, name: name)
                elements.append(JSONText.quote(text))
            }
            return "[" + elements.joined(separator: ",") + "]"
        }
        let text = try scalarText(value, base: field.type.base, name: name, schema: schema)
        if let text { try ExactStorage.check(text, for: field, name: name) }
        return text
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
            return JSONText.encode(JSONValue(value))
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

extension BindAllocator {
    /// A parameter for a value of `field`, checked against the field's type now and for every request that
    /// reuses the plan. A list goes as a JSON array of its elements' texts, which PostgreSQL unpacks in order
    /// (`ARRAY(SELECT json_array_elements_text($n::json))`): no array literal is written by hand, so no value
    /// can decide where an element ends.
    mutating func bind(_ value: InputValue, for field: Field, of model: Model, schema: Schema) throws(PlanError) -> SQLExpression {
        let type = StorageMapping.sqlType(of: field)
        let parameter = try bind(value, as: field.type.isList ? .json : type) { (value) throws(PlanError) in
            try ColumnValue.text(value, for: field, model: model, schema: schema)
        }
        guard field.type.isList else { return parameter }
        let elements = Select(columns: [SelectColumn(.function(.jsonArrayElementsText, [parameter]))])
        return .cast(.arrayOf(elements), type)
    }

    /// A parameter for one element of `field` (a filter or key-condition operand).
    mutating func bind(element value: InputValue, of field: Field, in model: Model, schema: Schema) throws(PlanError) -> SQLExpression {
        try bind(value, as: StorageMapping.elementType(of: field)) { (value) throws(PlanError) in
            try ColumnValue.scalarText(value, base: field.type.base, name: "\(model.name).\(field.name)", schema: schema)
        }
    }
}
