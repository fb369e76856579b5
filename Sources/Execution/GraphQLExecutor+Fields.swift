import Logging
import ModelIR
import Planner
import Postgres
import SQLSyntax
import Telemetry

/// The root fields of one planned operation, run in order, one statement each.
extension GraphQLExecutor {
    /// Runs each root field and assembles the data object and the errors.
    func execute(_ operation: PlannedOperation, origin: RequestOrigin) async -> ExecutionResult {
        if operation.transactional { return await executeInTransaction(operation, origin: origin) }
        var data: [(key: String, json: String)] = []
        var errors: [ResponseError] = []
        var databaseErrors = 0
        var answered = 0
        var statementsRun = 0
        for (key, plan) in operation.fields {
            switch plan {
            case .constant(let json):
                data.append((key, json))
            case .failure(let error):
                data.append((key, "null"))
                errors.append(ResponseError(error))
            case .custom(let custom):
                if statementsRun > 0, !(await origin.isConnected()) { return ExecutionResult(data: ResponseJSON.object(data), errors: errors, databaseErrors: databaseErrors) }
                statementsRun += 1
                if let spent = budgetSpent(key: key, locations: custom.locations, origin: origin) {
                    data.append((key, "null"))
                    errors.append(spent)
                    continue
                }
                let (json, fieldErrors, databaseFailed) = await answerCustom(custom, key: key, origin: origin)
                if databaseFailed { databaseErrors += 1 }
                answered += json.utf8.count
                if let tooLarge = answerTooLarge(answered, key: key, locations: custom.locations, origin: origin) {
                    data.append((key, "null"))
                    errors.append(tooLarge)
                    continue
                }
                data.append((key, json))
                errors += fieldErrors
                if custom.isMutation, planner.view.publishedMutations.contains(custom.operation.name) { await publish(custom.operation.name, json: json, origin: origin) }
            case .statement(let statement, let mutation):
                // Nobody is left to read the answer: the root fields after it are not run. Asked only once a
                // statement has run, so a request of one root field pays nothing for it.
                if statementsRun > 0, !(await origin.isConnected()) { return ExecutionResult(data: ResponseJSON.object(data), errors: errors, databaseErrors: databaseErrors) }
                statementsRun += 1
                if let spent = budgetSpent(key: key, locations: statement.locations, origin: origin) {
                    data.append((key, "null"))
                    errors.append(spent)
                    continue
                }
                do {
                    var json = try await answer(statement, mutation: mutation, key: key, origin: origin)
                    var withheld: [ResponseError] = []
                    if statement.marksFieldDenials { (json, withheld) = FieldDenials.resolve(json, key: key) }
                    if !statement.fieldResolvers.isEmpty {
                        let resolved = await resolveFields(json, resolvers: statement.fieldResolvers, key: key, origin: origin)
                        json = resolved.json
                        withheld += resolved.errors
                    }
                    answered += json.utf8.count
                    if let tooLarge = answerTooLarge(answered, key: key, locations: statement.locations, origin: origin) {
                        data.append((key, "null"))
                        errors.append(tooLarge)
                        continue
                    }
                    data.append((key, json))
                    errors += statement.fieldErrors.map(ResponseError.init)
                    errors += withheld
                    if let name = statement.publishedAs { await publish(name, json: json, origin: origin) }
                } catch is DeniedAtRun {
                    // The caller's rules do not match the record: null and the field's Unauthorized error.
                    data.append((key, "null"))
                    if let unauthorized = statement.unauthorized { errors.append(ResponseError(unauthorized)) }
                } catch {
                    data.append((key, "null"))
                    if error is PostgresError { databaseErrors += 1 }
                    let mapping = DatabaseErrorMapping(catalog: planner.view.foreignKeys, runner: runner)
                    let (entry, isInternal) = await mapping.entry(for: error, statement: statement, path: [key], requestID: origin.requestID, write: mutation)
                    errors.append(entry)
                    if isInternal {
                        logger.error("root field failed", metadata: ["requestId": "\(origin.requestID)", "field": "\(key)", "error": "\(String(reflecting: error))"])
                    }
                }
            }
        }
        return ExecutionResult(data: ResponseJSON.object(data), errors: errors, databaseErrors: databaseErrors)
    }

    /// The error of a root field not run because the request's time budget is spent; nil while it lasts.
    private func budgetSpent(key: String, locations: [(line: Int, column: Int)], origin: RequestOrigin) -> ResponseError? {
        guard let budget = requestTimeBudget, ContinuousClock.now - origin.startedAt > budget else { return nil }
        return ResponseError(
            message: "Not run: the request's root fields used up its time budget (\(budget)) before this one.", errorType: "LimitExceeded", path: [key],
            locations: locations, requestID: origin.requestID)
    }

    /// The error of a root field whose answer takes the response past its size limit (`answered` bytes so far).
    private func answerTooLarge(_ answered: Int, key: String, locations: [(line: Int, column: Int)], origin: RequestOrigin) -> ResponseError? {
        guard let maximum = maximumResponseBytes, answered > maximum else { return nil }
        return ResponseError(
            message: "The answer would be larger than \(maximum) bytes (response size limit); ask for smaller pages or fewer fields.", errorType: "LimitExceeded",
            path: [key], locations: locations, requestID: origin.requestID)
    }

    /// One root field's JSON: a read on its own (it may be retried), a single write on its own (atomic, sent at
    /// most once), or a write and the read-back of what it wrote in one transaction. A guarded write that
    /// touched no row is `ConditionalCheckFailed`. Slow statements are logged with their plan id.
    private func answer(_ statement: PlannedStatement, mutation: Bool, key: String, origin: RequestOrigin) async throws -> String {
        guard let parent = Telemetry.parent else { return try await answerStatement(statement, mutation: mutation, key: key, origin: origin).json }
        return try await ExecutionTrace.statement(parent, planID: StableHash.hex(statement.sql), write: mutation) {
            try await answerStatement(statement, mutation: mutation, key: key, origin: origin)
        }
    }

    /// `answer`'s work: the root field's JSON, and the rows its last statement returned.
    private func answerStatement(_ statement: PlannedStatement, mutation: Bool, key: String, origin: RequestOrigin) async throws -> (json: String, rows: Int) {
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            if elapsed > slowStatementThreshold {
                logger.warning(
                    "slow statement",
                    metadata: [
                        "requestId": "\(origin.requestID)", "field": "\(key)", "planId": "\(StableHash.hex(statement.sql))", "duration": "\(elapsed)",
                    ])
            }
        }
        // The pool serves waiting statements per API key in turn.
        let tenant = origin.keyID ?? ""
        let result: QueryResult
        if mutation, statement.readBack == nil, statement.denialCheck == nil, statement.expectedCounts.isEmpty {
            result = try await runner.run(statement.sql, statement.parameters, idempotent: false, tenant: tenant)
            if statement.requiresRow && result.rows.isEmpty {
                if statement.deniesWithoutRow { throw DeniedAtRun() }
                // A versioned write that lost: the stored record, read after the write's own commit (the
                // common case, a write that wins, stays one statement without a transaction).
                if let read = statement.conflictRead, let record = try await runner.run(read.sql, read.parameters, idempotent: true, tenant: tenant).scalar {
                    throw ConflictUnhandled(record: record)
                }
                throw ConditionalCheckFailed()
            }
        } else if mutation {
            result = try await runner.runTransaction(tenant: tenant) { transaction in try Self.write(statement, on: transaction) }
        } else {
            result = try await runner.run(statement.sql, statement.parameters, idempotent: true, tenant: tenant, customPlan: statement.needsCustomPlan)
            if statement.readsDenial, result.rows.first?.dropFirst().first == "t" { throw DeniedAtRun() }
        }
        if mutation { onCommittedWrite?() }
        return (result.scalar ?? "null", result.rows.count)
    }

    /// A write on `transaction`, then what must follow it there: why it touched no row when it had to, the check of
    /// the counts its parts report (a mismatch throws, which rolls the transaction back; a batch item's
    /// conflict with a newer version throws `ConflictUnhandled` with the stored record), and the
    /// read-back of what it wrote. The rows of the read-back, else of the write.
    static func write(_ statement: PlannedStatement, on transaction: any TransactionStatements) throws -> QueryResult {
        let written = try transaction.run(statement.sql, statement.parameters)
        if statement.requiresRow && written.rows.isEmpty { throw try Self.whyNoRow(statement, transaction) }
        if let unmet = statement.expectedCounts.first(where: { !$0.isMet(by: written.rows.first ?? []) }) {
            // A batch item that lost to a newer version answers with its stored record, as a single write does.
            if let read = unmet.conflictRead, let record = try transaction.run(read.sql, read.parameters).scalar { throw ConflictUnhandled(record: record) }
            throw Self.error(for: unmet.failure)
        }
        guard let readBack = statement.readBack else { return written }
        guard let key = written.rows.first else { throw ConditionalCheckFailed() }
        return try transaction.run(readBack.sql, readBack.parameters(key: Array(key.prefix(readBack.keyCount))))
    }

    /// Why a write that must touch a row touched none: the caller's rules do not match the record (asked in
    /// the write's transaction when the plan carries a check, and always so for a create under owner rules
    /// without a condition), the record has a newer version (a versioned write's conflict), or its condition
    /// failed.
    private static func whyNoRow(_ statement: PlannedStatement, _ transaction: any TransactionStatements) throws -> any Error {
        if statement.deniesWithoutRow { return DeniedAtRun() }
        if let check = statement.denialCheck, try transaction.run(check.sql, check.parameters).scalar != "t" { return DeniedAtRun() }
        if let read = statement.conflictRead, let record = try transaction.run(read.sql, read.parameters).scalar {
            return ConflictUnhandled(record: record)
        }
        return ConditionalCheckFailed()
    }

    /// The error of a part of a write whose count differed from the plan's expectation; thrown inside the
    /// write's transaction, it rolls back every part.
    private static func error(for failure: ExpectedCount.Failure) -> any Error {
        switch failure {
        case .referenceNotFound(let message): ReferenceMissing(message: message)
        case .unauthorized: DeniedAtRun()
        case .conditionalCheckFailed: ConditionalCheckFailed()
        }
    }
}

/// A root field the caller's owner or group rules deny once its statement ran (someone else's record).
struct DeniedAtRun: Error {}

/// A record a write was to connect to is missing (or is not one the caller may change).
struct ReferenceMissing: Error {
    /// What is missing, in the schema's words.
    let message: String
}
