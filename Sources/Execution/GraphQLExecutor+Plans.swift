import JSON
import Logging
import Planner
import Postgres

/// What the studio's plan pane shows for an operation (`POST /studio/plan`): the one statement per root field
/// the executor would run, planned exactly as `run` plans it (for the request's caller, so authorization rules
/// are in the SQL), and on request PostgreSQL's `EXPLAIN (ANALYZE, BUFFERS)` of each, run in one transaction that
/// is always rolled back, so a mutation's explain leaves nothing behind.
package struct OperationPlans: Sendable {
    /// One root field's statement.
    package struct Entry: Sendable {
        /// The field's response key.
        package var field: String
        /// The SQL text, with `$n` parameters.
        package var sql: String
        /// The parameters' values as text (nil: NULL).
        package var parameters: [String?]
        /// True when the statement is planned for its values rather than with a generic plan.
        package var customPlan: Bool
        /// PostgreSQL's explain text, when asked for and it ran.
        package var explain: String?
    }

    /// The statements, in the operation's order.
    package var entries: [Entry] = []
    /// Planning errors, and the errors of explains that failed.
    package var errors: [ResponseError] = []

    /// `{"plans": [...], "errors": [...]}` (no `errors` key when there are none).
    package var json: String {
        let plans = entries.map { entry in
            let parameters = entry.parameters.map { $0.map(JSONText.quote) ?? "null" }.joined(separator: ",")
            return "{\"field\":" + JSONText.quote(entry.field) + ",\"sql\":" + JSONText.quote(entry.sql) + ",\"parameters\":[" + parameters + "]"
                + ",\"customPlan\":" + (entry.customPlan ? "true" : "false") + ",\"explain\":" + (entry.explain.map(JSONText.quote) ?? "null") + "}"
        }
        var text = "{\"plans\":[" + plans.joined(separator: ",") + "]"
        if !errors.isEmpty { text += ",\"errors\":" + ResponseJSON.errors(errors) }
        return text + "}"
    }
}

extension GraphQLExecutor {
    /// Thrown at the end of the explain transaction so that it rolls back, carrying what was explained.
    private struct RollBack: Error {
        let explains: [String]
        let failure: (position: Int, error: any Error)?
    }

    /// The statements `request` would run for `origin`'s caller, and with `explain` PostgreSQL's
    /// `EXPLAIN (ANALYZE, BUFFERS)` of each. A subscription shows its delivery statement, never explained (its
    /// first two parameters are the row images of a batch of changes). The explains run in one transaction, in
    /// the operation's order, with the statements' own `$n` parameters, and the transaction is always rolled back.
    package func plans(for request: OperationRequest, origin: RequestOrigin, explain: Bool) async -> OperationPlans {
        var result = OperationPlans()
        if planner.operationType(query: request.query, operationName: request.operationName) == "subscription" {
            do {
                let plan = try planner.planSubscription(query: request.query, operationName: request.operationName, inputs: request.variables, caller: origin.caller)
                result.entries.append(.init(field: plan.responseKey, sql: plan.delivery.sql, parameters: plan.delivery.parameters, customPlan: false, explain: nil))
            } catch {
                result.errors = error.errors.map(ResponseError.init)
            }
            return result
        }
        let operation: PlannedOperation
        do {
            operation = try planner.plan(query: request.query, operationName: request.operationName, inputs: request.variables, caller: origin.caller)
        } catch {
            result.errors = error.errors.map(ResponseError.init)
            return result
        }
        var statements: [(key: String, statement: PlannedStatement, mutation: Bool)] = []
        for (key, plan) in operation.fields {
            switch plan {
            case .statement(let statement, let mutation):
                statements.append((key, statement, mutation))
                result.entries.append(.init(field: key, sql: statement.sql, parameters: statement.parameters, customPlan: statement.needsCustomPlan, explain: nil))
            case .custom(let custom):
                // A SQL handler's statement can be shown and explained; a function's call is not made for a plan.
                guard let statement = custom.statement else { continue }
                statements.append((key, statement, custom.isMutation))
                result.entries.append(.init(field: key, sql: statement.sql, parameters: statement.parameters, customPlan: false, explain: nil))
            case .failure(let error): result.errors.append(ResponseError(error))
            case .constant: break
            }
        }
        guard explain, !statements.isEmpty else { return result }
        let explained: RollBack
        do {
            let rolledBack: RollBack = try await runner.runTransaction(tenant: origin.keyID ?? "") { [statements] transaction in
                var explains: [String] = []
                for (position, step) in statements.enumerated() {
                    do {
                        let rows = try transaction.run("EXPLAIN (ANALYZE, BUFFERS) " + step.statement.sql, step.statement.parameters).rows
                        explains.append(rows.map { $0.first.flatMap { $0 } ?? "" }.joined(separator: "\n"))
                    } catch {
                        throw RollBack(explains: explains, failure: (position, error))
                    }
                }
                throw RollBack(explains: explains, failure: nil)
            }
            explained = rolledBack
        } catch let rollBack as RollBack {
            explained = rollBack
        } catch {
            // BEGIN itself failed: no statement was explained.
            explained = RollBack(explains: [], failure: (0, error))
        }
        for (index, text) in explained.explains.enumerated() { result.entries[index].explain = text }
        if let (position, error) = explained.failure {
            let step = statements[position]
            let mapping = DatabaseErrorMapping(catalog: planner.view.foreignKeys, runner: runner)
            let (entry, isInternal) = await mapping.entry(for: error, statement: step.statement, path: [step.key], requestID: origin.requestID, write: step.mutation)
            if isInternal {
                logger.error("explain failed", metadata: ["requestId": "\(origin.requestID)", "field": "\(step.key)", "error": "\(String(reflecting: error))"])
            }
            result.errors.append(entry)
        }
        return result
    }
}
