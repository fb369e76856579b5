import APISchema
import GraphQL
import JSON
import Planner

/// Introspection, answered by GraphQLSwift's executor over the generated schema (a rare path: codegen tools
/// and explorers ask once). Its answer is written by the one JSON writer, fields in the order the document
/// selects them, as every other answer.
extension GraphQLExecutor {
    func introspect(_ request: OperationRequest) async -> ExecutionResult {
        do {
            let result = try await graphql(
                schema: planner.view.api.graphQLSchema, request: request.query, variableValues: request.mapVariables,
                operationName: request.operationName
            )
            let data = result.data.map { JSONText.encode(Self.json($0)) }
            let errors = result.errors.map { error in
                ResponseError(
                    message: error.message, errorType: nil, path: error.path.elements.isEmpty ? nil : error.path.elements.map(\.description),
                    locations: error.locations.map { ($0.line, $0.column) }
                )
            }
            return ExecutionResult(data: data, errors: errors, kind: .introspection)
        } catch {
            return ExecutionResult(data: nil, errors: [ResponseError(message: "\(error)", errorType: nil)], kind: .introspection)
        }
    }

    /// GraphQLSwift's answer value as a JSON value; an undefined entry (never in an executed answer) is null.
    static func json(_ map: Map) -> JSONValue {
        switch map {
        case .undefined, .null: .null
        case .bool(let flag): .boolean(flag)
        case .number(let number):
            switch number.storageType {
            case .bool: .boolean(number.boolValue)
            case .int: .int(number.intValue)
            case .double, .unknown: .float(number.doubleValue)
            }
        case .string(let text): .string(text)
        case .array(let items): .list(items.map(json))
        case .dictionary(let entries): .object(entries.map { ($0.key, json($0.value)) })
        }
    }
}
