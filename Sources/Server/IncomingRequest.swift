import Foundation
import GraphQL
import Planner

/// A GraphQL request as read from HTTP: the query, the operation name and the variables, read straight into the
/// planner's values.
package struct IncomingRequest: Sendable {
    package var query: String
    package var operationName: String?
    package var variables: [String: InputValue]

    /// Creates a request.
    package init(query: String, operationName: String? = nil, variables: [String: InputValue] = [:]) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }

    /// Reads `{"query": …, "operationName": …, "variables": {…}}`; nil when the value is not such an object.
    init?(json: InputValue) {
        guard case .object(let fields) = json else { return nil }
        var query: String?
        var operationName: String?
        var variables: [String: InputValue] = [:]
        for (key, value) in fields {
            switch (key, value) {
            case ("query", .string(let text)): query = text
            case ("operationName", .string(let text)): operationName = text
            case ("operationName", .null), ("variables", .null), ("extensions", _): continue
            case ("variables", .object(let entries)): for (name, item) in entries { variables[name] = item }
            default: return nil
            }
        }
        guard let query else { return nil }
        self.init(query: query, operationName: operationName, variables: variables)
    }

    /// The variables as GraphQLSwift's `Map`, for the introspection executor (a rare path).
    var mapVariables: [String: Map] {
        let text = "{" + variables.map { JSONText.quote($0.key) + ":" + JSONText.encode($0.value) }.joined(separator: ",") + "}"
        return (try? JSONDecoder().decode([String: Map].self, from: Data(text.utf8))) ?? [:]
    }
}
