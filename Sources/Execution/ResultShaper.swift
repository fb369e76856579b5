import JSON
import ModelIR
import Planner

/// Completes a handler's JSON answer against the field's selection, as GraphQL completes a resolver's value:
/// only the selected fields, under their response keys, each value checked against its type. A null where the
/// type forbids one, or a value of the wrong type, becomes an error at its path and makes the nearest nullable
/// parent null.
struct ResultShaper {
    /// The errors found, in the order met.
    private(set) var errors: [ResponseError] = []
    /// The request's id and the field's locations, for the error entries.
    let requestID: String
    let locations: [(line: Int, column: Int)]

    init(requestID: String, locations: [(line: Int, column: Int)]) {
        self.requestID = requestID
        self.locations = locations
    }

    /// Thrown inside a value that must become null all the way up to a nullable parent.
    private struct NullPropagates: Error {}

    /// The field's JSON for `value`; errors are collected in `errors`.
    mutating func complete(_ value: JSONValue, shape: ResultShape, path: [String], parent: String) -> JSONValue {
        (try? complete(value, shape: shape, type: shape.type, path: path, parent: parent)) ?? .null
    }

    private mutating func complete(_ value: JSONValue, shape: ResultShape, type: FieldType, path: [String], parent: String) throws(NullPropagates) -> JSONValue {
        if case .null = value {
            guard type.isRequired else { return .null }
            fail("Cannot return null for non-nullable type: '\(type.base.name)' within parent '\(parent)' (/\(path.joined(separator: "/")))", path: path)
            throw NullPropagates()
        }
        if type.isList {
            guard case .list(let items) = value else { return try wrong(value, type, path: path, required: type.isRequired) }
            let element = FieldType(type.base, isRequired: type.isElementRequired)
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            do {
                for (index, item) in items.enumerated() {
                    result.append(try complete(item, shape: shape, type: element, path: path + [String(index)], parent: parent))
                }
            } catch {
                if type.isRequired { throw error }
                return .null
            }
            return .list(result)
        }
        switch shape.kind {
        case .scalar(let scalar):
            guard let leaf = Self.scalar(value, scalar) else { return try wrong(value, type, path: path, required: type.isRequired) }
            return leaf
        case .enumeration(_, let values):
            guard case .string(let name) = value, values.contains(name) else { return try wrong(value, type, path: path, required: type.isRequired) }
            return value
        case .object(let typeName, let fields):
            guard case .object(let members) = value else { return try wrong(value, type, path: path, required: type.isRequired) }
            var result: [(String, JSONValue)] = []
            do {
                for field in fields {
                    guard let nested = field.shape else {
                        result.append((field.key, .string(typeName)))
                        continue
                    }
                    let member = members.last { $0.0 == field.name }?.1 ?? .null
                    result.append((field.key, try complete(member, shape: nested, type: nested.type, path: path + [field.key], parent: typeName)))
                }
            } catch {
                if type.isRequired { throw error }
                return .null
            }
            return .object(result)
        }
    }

    /// A value of another type than the field's: an error, and null (propagated when the field is required).
    private mutating func wrong(_ value: JSONValue, _ type: FieldType, path: [String], required: Bool) throws(NullPropagates) -> JSONValue {
        fail("Can't serialize value (/\(path.joined(separator: "/"))) : \(Self.describe(value)) is not a valid \(type.isList ? "list of " : "")\(type.base.name).", path: path)
        if required { throw NullPropagates() }
        return .null
    }

    private mutating func fail(_ message: String, path: [String]) {
        var error = ResponseError(message: message, errorType: "MappingTemplate", path: path, locations: locations, requestID: requestID)
        error.indexPositions = Set(path.indices.filter { Int(path[$0]) != nil && $0 > 0 })
        errors.append(error)
    }

    /// `value` as a scalar of `type`, GraphQL's result coercion: numbers that fit, a string for the string
    /// scalars (numbers and booleans are written as text, as GraphQL serializes them), `AWSJSON` as JSON text.
    static func scalar(_ value: JSONValue, _ type: ScalarType) -> JSONValue? {
        switch (type, value) {
        case (.int, .int(let number)): return (Int(Int32.min)...Int(Int32.max)).contains(number) ? value : nil
        case (.int, .float(let number)):
            guard number.rounded() == number, let whole = Int(exactly: number), (Int(Int32.min)...Int(Int32.max)).contains(whole) else { return nil }
            return .int(whole)
        case (.awsTimestamp, .int): return value
        case (.awsTimestamp, .float(let number)): return Int(exactly: number).map(JSONValue.int)
        case (.float, .int), (.float, .float): return value
        case (.boolean, .boolean): return value
        case (.awsJSON, .string): return value
        case (.awsJSON, _): return .string(JSONText.encode(value))
        case (_, .string) where type != .int && type != .float && type != .boolean && type != .awsTimestamp: return value
        case (.string, .int), (.id, .int), (.string, .float), (.string, .boolean): return .string(JSONText.encode(value))
        default: return nil
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        let text = JSONText.encode(value)
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
