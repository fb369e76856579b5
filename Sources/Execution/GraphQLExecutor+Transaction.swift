import Logging
import Planner
import Postgres
import SQLSyntax

/// A mutation marked `@transaction`: every root field, in order, in one database transaction, all or nothing.
/// Each field's write, its read-back and the check of why it touched no row run on the transaction's
/// connection exactly as a single field's do; the first failure rolls everything back and stops the rest.
extension GraphQLExecutor {
    /// The root field at `position` (among those with a statement) failed with `error`.
    private struct FieldFailed: Error {
        let position: Int
        let error: any Error
    }

    /// The request's time budget was used up before the root field could start.
    private struct BudgetUsedUp: Error {
        let budget: Duration
    }

    /// The answers so far would be larger than the response size limit.
    private struct AnswerTooLarge: Error {
        let maximum: Int
    }

    /// A root field that runs in the transaction.
    private struct Step: Sendable {
        let key: String
        let statement: PlannedStatement
        let mutation: Bool
    }

    /// The error type of every root field undone or left unrun because another one failed.
    static let rolledBackType = "TransactionRolledBack"

    /// Runs `operation`'s root fields in one transaction. A root field refused while planning means none runs;
    /// otherwise the first that fails gets its own error and every other one null with `TransactionRolledBack`.
    func executeInTransaction(_ operation: PlannedOperation, origin: RequestOrigin) async -> ExecutionResult {
        var steps: [Step] = []
        var refused: String?
        for (key, plan) in operation.fields {
            switch plan {
            case .statement(let statement, let mutation): steps.append(Step(key: key, statement: statement, mutation: mutation))
            case .failure, .custom: refused = refused ?? key
            case .constant: break
            }
        }
        if let refused {
            return assemble(operation, answers: [:]) { step in
                Self.rolledBack(step, "Not run: root field '\(refused)' of this @transaction mutation was refused, so none of its root fields ran.")
            }
        }
        guard !steps.isEmpty else { return assemble(operation, answers: [:]) { _ in nil } }
        let (budget, startedAt, maximum) = (requestTimeBudget, origin.startedAt, maximumResponseBytes)
        let started = ContinuousClock.now
        defer { logIfSlow(steps, since: started, requestID: origin.requestID) }
        do {
            let answers = try await runner.runTransaction(tenant: origin.keyID ?? "") { [steps] transaction in
                var answers: [String] = []
                var answered = 0
                for (position, step) in steps.enumerated() {
                    do {
                        if let budget, ContinuousClock.now - startedAt > budget { throw BudgetUsedUp(budget: budget) }
                        let json = try Self.answerInTransaction(step, on: transaction)
                        answered += json.utf8.count
                        if let maximum, answered > maximum { throw AnswerTooLarge(maximum: maximum) }
                        answers.append(json)
                    } catch {
                        throw FieldFailed(position: position, error: error)
                    }
                }
                return answers
            }
            if steps.contains(where: \.mutation) { onCommittedWrite?() }
            var byKey: [String: String] = [:]
            var resolverErrors: [ResponseError] = []
            for (step, json) in zip(steps, answers) {
                let resolved = await resolveFields(json, resolvers: step.statement.fieldResolvers, key: step.key, origin: origin)
                byKey[step.key] = resolved.json
                resolverErrors += resolved.errors
            }
            for step in steps {
                if let name = step.statement.publishedAs, let json = byKey[step.key] { await publish(name, json: json, origin: origin) }
            }
            var result = assemble(operation, answers: byKey) { _ in nil }
            result.errors += steps.flatMap { $0.statement.fieldErrors.map(ResponseError.init) } + resolverErrors
            return result
        } catch let failure as FieldFailed {
            let failed = steps[failure.position]
            let entry = await errorEntry(for: failure.error, of: failed, origin: origin, beforeCommit: true)
            var result = assemble(operation, answers: [:]) { step in
                if step.key == failed.key { return entry }
                let ran = steps.firstIndex { $0.key == step.key }.map { $0 < failure.position } ?? false
                return Self.rolledBack(
                    step,
                    ran
                        ? "Rolled back: root field '\(failed.key)' of this @transaction mutation failed, so nothing this field wrote was kept."
                        : "Not run: root field '\(failed.key)' of this @transaction mutation failed before it, and the transaction was rolled back.")
            }
            result.databaseErrors = failure.error is PostgresError ? 1 : 0
            return result
        } catch {
            // BEGIN or COMMIT failed: no root field is to blame, and each shares the outcome.
            var entries: [String: ResponseError] = [:]
            for step in steps { entries[step.key] = await errorEntry(for: error, of: step, origin: origin, beforeCommit: false) }
            var result = assemble(operation, answers: [:]) { entries[$0.key] }
            result.databaseErrors = error is PostgresError ? 1 : 0
            return result
        }
    }

    /// One root field's JSON, run on the transaction's connection.
    private static func answerInTransaction(_ step: Step, on transaction: any TransactionStatements) throws -> String {
        let statement = step.statement
        let result: QueryResult
        if step.mutation {
            result = try write(statement, on: transaction)
        } else {
            result = try transaction.run(statement.sql, statement.parameters)
            if statement.readsDenial, result.rows.first?.dropFirst().first == "t" { throw DeniedAtRun() }
        }
        return result.scalar ?? "null"
    }

    /// The data object in the operation's order: constants as planned, each root field with a statement its
    /// answer or null, with the error `entry` gives it.
    private func assemble(_ operation: PlannedOperation, answers: [String: String], entry: (Step) -> ResponseError?) -> ExecutionResult {
        var data: [(key: String, json: String)] = []
        var errors: [ResponseError] = []
        for (key, plan) in operation.fields {
            switch plan {
            case .constant(let json):
                data.append((key, json))
            case .failure(let error):
                data.append((key, "null"))
                errors.append(ResponseError(error))
            case .custom:
                data.append((key, "null"))
            case .statement(let statement, let mutation):
                data.append((key, answers[key] ?? "null"))
                if answers[key] == nil, let error = entry(Step(key: key, statement: statement, mutation: mutation)) { errors.append(error) }
            }
        }
        return ExecutionResult(data: ResponseJSON.object(data), errors: errors)
    }

    /// The error of the root field whose failure ended the transaction, as it would be outside one. A failure
    /// `beforeCommit` rolled everything back, even when it was the connection that broke.
    private func errorEntry(for error: any Error, of step: Step, origin: RequestOrigin, beforeCommit: Bool) async -> ResponseError {
        let statement = step.statement
        let path = [step.key]
        switch error {
        case let used as BudgetUsedUp:
            return ResponseError(
                message: "Not run: the request's root fields used up its time budget (\(used.budget)) before this one.", errorType: "LimitExceeded",
                path: path, locations: statement.locations, requestID: origin.requestID)
        case let large as AnswerTooLarge:
            return ResponseError(
                message: "The answer would be larger than \(large.maximum) bytes (response size limit); ask for smaller pages or fewer fields.",
                errorType: "LimitExceeded", path: path, locations: statement.locations, requestID: origin.requestID)
        case is DeniedAtRun:
            // The caller's rules do not match the record: the field's Unauthorized error.
            if let unauthorized = statement.unauthorized { return ResponseError(unauthorized) }
            fallthrough
        default:
            var error = error
            if beforeCommit, var failure = error as? PostgresError, failure.kind == .connection {
                failure.outcomeUnknown = false
                error = failure
            }
            let mapping = DatabaseErrorMapping(catalog: planner.view.foreignKeys, runner: runner)
            let (entry, isInternal) = await mapping.entry(for: error, statement: statement, path: path, requestID: origin.requestID, write: step.mutation)
            if isInternal {
                logger.error("transaction failed", metadata: ["requestId": "\(origin.requestID)", "field": "\(step.key)", "error": "\(String(reflecting: error))"])
            }
            return entry
        }
    }

    /// Null's companion for a root field undone or not run because another one failed.
    private static func rolledBack(_ step: Step, _ message: String) -> ResponseError {
        ResponseError(message: message, errorType: rolledBackType, path: [step.key], locations: step.statement.locations)
    }

    /// Logs a transaction slower than the slow-statement threshold, with its fields' plan ids.
    private func logIfSlow(_ steps: [Step], since started: ContinuousClock.Instant, requestID: String) {
        let elapsed = ContinuousClock.now - started
        guard elapsed > slowStatementThreshold else { return }
        let plans = steps.map { "\($0.key):\(StableHash.hex($0.statement.sql))" }.joined(separator: ",")
        logger.warning("slow transaction", metadata: ["requestId": "\(requestID)", "fields": "\(plans)", "duration": "\(elapsed)"])
    }
}
