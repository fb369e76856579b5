import GraphQL
package import JSON
package import Planner

/// A GraphQL request as a transport read it (an HTTP body or query string, a WebSocket message): the document,
/// the operation name and the variables, read straight into the planner's values.
package struct OperationRequest: Sendable {
    /// The GraphQL document.
    package var query: String
    /// Which of the document's operations to run; nil when it has one.
    package var operationName: String?
    /// The variables' values, by name.
    package var variables: [String: InputValue]

    /// Creates a request.
    package init(query: String, operationName: String? = nil, variables: [String: InputValue] = [:]) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }

    /// Reads `{"query": …, "operationName": …, "variables": {…}}`; nil when the value is not such an object.
    package init?(json: JSONValue) {
        guard case .object(let fields) = json else { return nil }
        var query: String?
        var operationName: String?
        var variables: [String: InputValue] = [:]
        for (key, value) in fields {
            switch (key, value) {
            case ("query", .string(let text)): query = text
            case ("operationName", .string(let text)): operationName = text
            case ("operationName", .null), ("variables", .null), ("extensions", _): continue
            case ("variables", .object(let entries)): for (name, item) in entries { variables[name] = InputValue(item) }
            default: return nil
            }
        }
        guard let query else { return nil }
        self.init(query: query, operationName: operationName, variables: variables)
    }

    /// The variables as GraphQLSwift's `Map`, for the introspection executor (a rare path).
    var mapVariables: [String: Map] {
        variables.mapValues(Self.map)
    }

    private static func map(_ value: InputValue) -> Map {
        switch value {
        case .null: return .null
        case .string(let text), .enumValue(let text): return .string(text)
        case .int(let number): return .int(number)
        case .float(let number): return .double(number)
        case .boolean(let flag): return .bool(flag)
        case .list(let items): return .array(items.map(map))
        case .object(let fields):
            var object: Map = [:]
            for (key, item) in fields { object[key] = map(item) }
            return object
        case .leaf(_, let item): return map(item)
        }
    }
}
