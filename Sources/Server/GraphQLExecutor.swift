import APISchema
import Foundation
import GraphQL
import Logging
import Planner
import Postgres
import SQLSyntax

/// Runs a GraphQL request: plan (cached), one statement per root field, JSON spliced from PostgreSQL.
package struct GraphQLExecutor: Sendable {
    package let planner: OperationPlanner
    package let client: PostgresClient
    let logger: Logger
    /// Request and database metrics.
    package let metrics: ServerMetrics
    /// Statements slower than this are logged with their plan id.
    package var slowStatementThreshold: Duration = .milliseconds(500)
    /// How long one request's root fields may run in all: a root field that would start after this is not run
    /// (`LimitExceeded`), so a thousand aliased fields cannot each use a full statement timeout. Nil: no bound.
    package var requestTimeBudget: Duration?
    /// Most bytes of data one response may carry; a root field whose answer would pass it is replaced by a
    /// `LimitExceeded` error. Nil: no bound.
    package var maximumResponseBytes: Int?

    /// Creates an executor.
    package init(planner: OperationPlanner, client: PostgresClient, logger: Logger) {
        self.planner = planner
        self.client = client
        self.logger = logger
        self.metrics = ServerMetrics(client: client)
    }

    /// The response body for a request, whether it reports errors, and the operation's name when it is known.
    /// With `introspection` false, introspection operations are refused.
    package func run(_ request: IncomingRequest, requestID: String, introspection: Bool = true) async -> (body: String, failed: Bool, operationName: String?) {
        let operation: PlannedOperation
        do {
            operation = try planner.plan(query: request.query, operationName: request.operationName, inputs: request.variables)
        } catch {
            return (GraphQLResponse.body(data: nil, errors: error.errors.map(GraphQLResponse.entry(for:))), true, nil)
        }
        let name = request.operationName ?? operation.name
        if operation.isIntrospection {
            guard introspection else {
                let refusal = GraphQLResponse.ErrorEntry(message: "Introspection is turned off on this server.", errorType: "IntrospectionDisabled", path: nil, locations: [])
                return (GraphQLResponse.body(data: nil, errors: [refusal]), true, name)
            }
            return (await introspect(request), false, name)
        }
        let (body, failed) = await execute(operation, requestID: requestID)
        return (body, failed, name)
    }

    /// Runs each root field's statement and assembles the response.
    private func execute(_ operation: PlannedOperation, requestID: String) async -> (body: String, failed: Bool) {
        var data: [(key: String, json: String)] = []
        var errors: [GraphQLResponse.ErrorEntry] = []
        let started = ContinuousClock.now
        var answered = 0
        for (key, plan) in operation.fields {
            if let budget = requestTimeBudget, case .statement(let statement, _) = plan, ContinuousClock.now - started > budget {
                data.append((key, "null"))
                errors.append(GraphQLResponse.ErrorEntry(
                    message: "Not run: the request's root fields used up its time budget (\(budget)) before this one.", errorType: "LimitExceeded",
                    path: [key], locations: statement.locations, requestID: requestID
                ))
                continue
            }
            switch plan {
            case .constant(let json):
                data.append((key, json))
            case .failure(let error):
                data.append((key, "null"))
                errors.append(GraphQLResponse.entry(for: error))
            case .statement(let statement, let mutation):
                let started = ContinuousClock.now
                defer {
                    let elapsed = ContinuousClock.now - started
                    if elapsed > slowStatementThreshold {
                        logger.warning("slow statement", metadata: [
                            "requestId": "\(requestID)", "field": "\(key)", "planId": "\(StableHash.hex(statement.sql))", "duration": "\(elapsed)",
                        ])
                    }
                }
                do {
                    let result: QueryResult
                    if mutation, statement.readBack == nil {
                        // One data-modifying statement: atomic on its own, no transaction round trips.
                        result = try await client.query(statement.sql, statement.parameters)
                        if statement.requiresRow && result.rows.isEmpty { throw ConditionalCheckFailed() }
                    } else if mutation {
                        result = try await client.withTransaction { connection in
                            let written = try connection.query(statement.sql, statement.parameters)
                            if statement.requiresRow && written.rows.isEmpty { throw ConditionalCheckFailed() }
                            guard let readBack = statement.readBack else { return written }
                            guard let key = written.rows.first else { throw ConditionalCheckFailed() }
                            return try connection.query(readBack.sql, readBack.parameters(key: key))
                        }
                    } else {
                        result = try await client.query(statement.sql, statement.parameters, idempotent: true)
                    }
                    let json = result.scalar ?? "null"
                    answered += json.utf8.count
                    if let maximum = maximumResponseBytes, answered > maximum {
                        data.append((key, "null"))
                        errors.append(GraphQLResponse.ErrorEntry(
                            message: "The answer would be larger than \(maximum) bytes (response size limit); ask for smaller pages or fewer fields.",
                            errorType: "LimitExceeded", path: [key], locations: statement.locations, requestID: requestID
                        ))
                        continue
                    }
                    data.append((key, json))
                    errors += statement.fieldErrors.map(GraphQLResponse.entry(for:))
                } catch {
                    data.append((key, "null"))
                    if error is PostgresError { metrics.recordDatabaseError() }
                    let mapping = DatabaseErrorMapping(catalog: planner.view.foreignKeys, client: client)
                    let (entry, isInternal) = await mapping.entry(for: error, statement: statement, path: [key], requestID: requestID)
                    errors.append(entry)
                    if isInternal {
                        logger.error("root field failed", metadata: ["requestId": "\(requestID)", "field": "\(key)", "error": "\(String(reflecting: error))"])
                    }
                }
            }
        }
        return (GraphQLResponse.body(data: data, errors: errors), !errors.isEmpty)
    }

    /// Introspection is answered by GraphQLSwift's executor over the generated schema.
    private func introspect(_ request: IncomingRequest) async -> String {
        do {
            let result = try await graphql(
                schema: planner.view.api.graphQLSchema, request: request.query, variableValues: request.mapVariables,
                operationName: request.operationName
            )
            let encoder = GraphQLJSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(result), as: UTF8.self)
        } catch {
            return GraphQLResponse.body(data: nil, errors: [.init(message: "\(error)", errorType: nil, path: nil, locations: [])])
        }
    }
}
