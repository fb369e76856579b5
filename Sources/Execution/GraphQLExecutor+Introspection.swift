import APISchema
import Foundation
import GraphQL
import Planner

/// Introspection, answered by GraphQLSwift's executor over the generated schema (a rare path: codegen tools
/// and explorers ask once).
extension GraphQLExecutor {
    func introspect(_ request: OperationRequest) async -> ExecutionResult {
        do {
            let result = try await graphql(
                schema: planner.view.api.graphQLSchema, request: request.query, variableValues: request.mapVariables,
                operationName: request.operationName
            )
            let encoder = GraphQLJSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try result.data.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
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
}
