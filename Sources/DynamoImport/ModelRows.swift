package import JSON
package import ModelIR
import Planner

/// How one model's DynamoDB items become rows of its table: each attribute named like a stored field goes
/// through the API's value checks (`ImportedValue`) for that field; `__typename` and AppSync's own attributes
/// are dropped, other attributes are counted as unknown. A row is a JSON object of column → the text PostgreSQL
/// parses (a list as the JSON text of its elements' texts), so one statement loads a batch of them.
package struct ModelRows: Sendable {
    /// The model.
    package let model: Model
    /// The schema, for enums and non-model types.
    let schema: Schema
    /// The fields loaded, in column order: every stored field.
    package let fields: [Field]
    private let byName: [String: Field]

    /// Attributes AppSync writes that are not fields: dropped without a word (conflict detection's, when the
    /// schema is not served with it).
    static let internalAttributes: Set<String> = ["__typename", "_ttl", "_version", "_deleted", "_lastChangedAt"]

    /// True for a conflict-detection tombstone (`_deleted: true`) when the model keeps none: a record deleted on
    /// AppSync, not imported.
    package func isTombstone(_ item: JSONValue) -> Bool {
        byName["_deleted"] == nil && item["_deleted"] == .object([("BOOL", .boolean(true))])
    }

    /// The rows of `model` of `schema`.
    package init(model: Model, schema: Schema) {
        self.model = model
        self.schema = schema
        fields = model.storedFields
        byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A converted item: its row, its key's text (for the report) and the attributes that are not fields.
    package struct Row: Sendable {
        /// Column name → text (or null).
        package var values: [(String, JSONValue)]
        /// The key fields' values, joined with `#`, as the report names the item.
        package var key: String
        /// Attributes the model has no field for.
        package var unknown: [String]
    }

    /// Why an item was not loaded.
    package struct Refusal: Error, Sendable {
        /// The item's key as far as it could be read.
        package var key: String
        /// The field and what is wrong with its value.
        package var reason: String
    }

    /// The row of `item` (an attribute map), or why it cannot be stored exactly.
    package func row(_ item: JSONValue) -> Result<Row, Refusal> {
        guard case .object(let attributes) = item else { return .failure(Refusal(key: "?", reason: "the item is not an attribute map")) }
        let key = keyText(attributes)
        var given: [String: JSONValue] = [:]
        var unknown: [String] = []
        for (name, value) in attributes {
            if byName[name] != nil {
                given[name] = value
            } else if !Self.internalAttributes.contains(name) {
                unknown.append(name)
            }
        }
        var values: [(String, JSONValue)] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let attribute = given[field.name] else {
                if field.type.isRequired, !field.hasDefault {
                    return .failure(Refusal(key: key, reason: "\(model.name).\(field.name) is required and the item has no '\(field.name)'"))
                }
                values.append((field.columnName, .null))
                continue
            }
            let request: JSONValue
            do throws(DynamoValue.Problem) {
                request = try DynamoValue.requestValue(attribute, type: field.type, schema: schema)
            } catch {
                return .failure(Refusal(key: key, reason: "\(model.name).\(field.name) \(error.message)"))
            }
            switch ImportedValue.columnText(request, for: field, model: model, schema: schema) {
            case .success(let text):
                if text == nil, field.type.isRequired {
                    return .failure(Refusal(key: key, reason: "\(model.name).\(field.name) is required and the item's value is null"))
                }
                values.append((field.columnName, text.map(JSONValue.string) ?? .null))
            case .failure(let problem): return .failure(Refusal(key: key, reason: problem.message))
            }
        }
        return .success(Row(values: values, key: key, unknown: unknown))
    }

    /// The key columns' values of `keys` (a delete's `Keys` map), as a row of those columns only.
    package func keyRow(_ keys: JSONValue) -> Result<Row, Refusal> {
        guard case .object(let attributes) = keys else { return .failure(Refusal(key: "?", reason: "the keys are not an attribute map")) }
        let key = keyText(attributes)
        var values: [(String, JSONValue)] = []
        for field in model.primaryKeyFields {
            guard let attribute = attributes.last(where: { $0.0 == field.name })?.1 else {
                return .failure(Refusal(key: key, reason: "the keys have no '\(field.name)'"))
            }
            do throws(DynamoValue.Problem) {
                let request = try DynamoValue.requestValue(attribute, type: field.type, schema: schema)
                guard case .success(let text) = ImportedValue.columnText(request, for: field, model: model, schema: schema), let text else {
                    return .failure(Refusal(key: key, reason: "\(model.name).\(field.name) is not a valid key"))
                }
                values.append((field.columnName, .string(text)))
            } catch {
                return .failure(Refusal(key: key, reason: "\(model.name).\(field.name) \(error.message)"))
            }
        }
        return .success(Row(values: values, key: key, unknown: []))
    }

    /// The key fields' values as text, joined with `#`.
    private func keyText(_ attributes: [(String, JSONValue)]) -> String {
        model.primaryKey.map { name in
            guard let value = attributes.last(where: { $0.0 == name })?.1, let (_, payload) = DynamoValue.tagged(value) else { return "?" }
            if case .string(let text) = payload { return text }
            return JSONText.encode(payload)
        }.joined(separator: "#")
    }
}
