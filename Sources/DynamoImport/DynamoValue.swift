package import JSON
package import ModelIR

/// One DynamoDB attribute value as DynamoDB's JSON writes it (`{"S": "…"}`, `{"N": "12"}`, `{"M": {…}}`, …),
/// turned into the JSON value a GraphQL request would carry for a field of a given type: what the API's value
/// checks then take. Nothing is rounded or reformatted here: a number that a field cannot hold exactly, a
/// string where a number belongs, a set where a single value belongs, is a problem, not a conversion.
package enum DynamoValue {
    /// Why a value cannot become a field's value.
    package struct Problem: Error, Equatable, Sendable {
        /// What is wrong, for the report.
        package var message: String
        /// Creates a problem.
        package init(_ message: String) { self.message = message }
    }

    /// The one type tag and payload of an attribute value; nil when `value` is not one.
    static func tagged(_ value: JSONValue) -> (tag: String, payload: JSONValue)? {
        guard case .object(let members) = value, members.count == 1, let (tag, payload) = members.first else { return nil }
        return (tag, payload)
    }

    /// The request value of attribute `value` for a field of `type` (`schema` for enums and non-model types).
    package static func requestValue(_ value: JSONValue, type: FieldType, schema: Schema) throws(Problem) -> JSONValue {
        guard let (tag, payload) = tagged(value) else { throw Problem("is not a DynamoDB attribute value") }
        if tag == "NULL" { return .null }
        if type.isList {
            let element = FieldType(type.base, isRequired: type.isElementRequired)
            switch (tag, payload) {
            case ("L", .list(let items)):
                var converted: [JSONValue] = []
                converted.reserveCapacity(items.count)
                for item in items { converted.append(try requestValue(item, type: element, schema: schema)) }
                return .list(converted)
            case ("SS", .list(let items)), ("NS", .list(let items)):
                var converted: [JSONValue] = []
                for item in items {
                    guard case .string(let text) = item else { throw Problem("holds a set element that is not a string") }
                    converted.append(try requestValue(.object([(tag == "SS" ? "S" : "N", .string(text))]), type: element, schema: schema))
                }
                return .list(converted)
            default: throw Problem("is a \(tag) where a list (L, SS or NS) belongs")
            }
        }
        switch type.base {
        case .scalar(let scalar): return try scalarValue(tag, payload, scalar: scalar)
        case .enumeration:
            guard tag == "S", case .string = payload else { throw Problem("is a \(tag) where an enum value (S) belongs") }
            return payload
        case .object:
            // A non-model type is stored as its JSON; its members are plain JSON inside.
            guard tag == "M" else { throw Problem("is a \(tag) where an object (M) belongs") }
            return try plainJSON(value)
        case .model: throw Problem("belongs to a relationship, which is not stored")
        }
    }

    /// A scalar's request value from its tag.
    static func scalarValue(_ tag: String, _ payload: JSONValue, scalar: ScalarType) throws(Problem) -> JSONValue {
        switch scalar {
        case .int, .awsTimestamp:
            guard tag == "N", case .string(let text) = payload else { throw Problem("is a \(tag) where a number (N) belongs") }
            guard let number = Int(text) else { throw Problem("is \(text), not an integer that fits \(scalar.graphQLName)") }
            return .int(number)
        case .float:
            guard tag == "N", case .string(let text) = payload else { throw Problem("is a \(tag) where a number (N) belongs") }
            guard let number = Double(text), number.isFinite, ExactDecimal.same(text, String(number)) else {
                throw Problem("is \(text), which a Float (a double) cannot hold exactly")
            }
            return .float(number)
        case .boolean:
            guard tag == "BOOL", case .boolean = payload else { throw Problem("is a \(tag) where a Boolean (BOOL) belongs") }
            return payload
        case .awsJSON:
            // AppSync stores AWSJSON as the map or list it parsed; a string holding JSON is taken as that JSON.
            switch tag {
            case "M", "L", "N", "BOOL": return .string(JSONText.encode(try plainJSON(.object([(tag, payload)]))))
            case "S":
                guard case .string(let text) = payload, (try? JSONReader.parse(Array(text.utf8))) != nil else { throw Problem("is a string that is not JSON") }
                return payload
            default: throw Problem("is a \(tag), which is not JSON")
            }
        case .id, .string, .awsEmail, .awsURL, .awsPhone, .awsIPAddress, .awsDate, .awsTime, .awsDateTime:
            switch (tag, payload) {
            case ("S", .string): return payload
            // A binary attribute in a string field: its base64 text, as DynamoDB's JSON gives it.
            case ("B", .string) where scalar == .string: return payload
            default: throw Problem("is a \(tag) where a string (S) belongs")
            }
        }
    }

    /// Any attribute value as plain JSON: maps as objects, lists and sets as arrays, numbers as numbers (exact
    /// integers as integers), binaries as their base64 text.
    package static func plainJSON(_ value: JSONValue) throws(Problem) -> JSONValue {
        guard let (tag, payload) = tagged(value) else { throw Problem("is not a DynamoDB attribute value") }
        switch (tag, payload) {
        case ("NULL", _): return .null
        case ("S", .string), ("B", .string), ("BOOL", .boolean): return payload
        case ("N", .string(let text)): return try number(text)
        case ("M", .object(let members)):
            var object: [(String, JSONValue)] = []
            object.reserveCapacity(members.count)
            for (name, member) in members { object.append((name, try plainJSON(member))) }
            return .object(object)
        case ("L", .list(let items)):
            var list: [JSONValue] = []
            list.reserveCapacity(items.count)
            for item in items { list.append(try plainJSON(item)) }
            return .list(list)
        case ("SS", .list), ("BS", .list): return payload
        case ("NS", .list(let items)):
            var list: [JSONValue] = []
            for item in items {
                guard case .string(let text) = item else { throw Problem("holds a number set element that is not a string") }
                list.append(try number(text))
            }
            return .list(list)
        default: throw Problem("has an unknown type \(tag)")
        }
    }

    /// A DynamoDB number as JSON: an integer when it is one that fits, else a double when that is exact.
    static func number(_ text: String) throws(Problem) -> JSONValue {
        if let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite, ExactDecimal.same(text, String(double)) else {
            throw Problem("holds the number \(text), which JSON values here cannot hold exactly")
        }
        return .float(double)
    }
}
