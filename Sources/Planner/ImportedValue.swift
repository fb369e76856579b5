package import JSON
package import ModelIR

/// The API's own value checks, for values that arrive other than through a request (`modelgraph import`): the
/// text PostgreSQL parses for a field's column, exactly as a create would bind it, or the reason the value
/// cannot be stored as it is.
package enum ImportedValue {
    /// The parameter text of `value` for `field` of `model` (nil for null; a list as a JSON array of its elements'
    /// texts), or the problem, as the API words it.
    package static func columnText(_ value: JSONValue, for field: Field, model: Model, schema: Schema) -> Result<String?, PlanError> {
        do throws(PlanError) {
            return .success(try ColumnValue.text(InputValue(value), for: field, model: model, schema: schema))
        } catch {
            return .failure(error)
        }
    }
}
