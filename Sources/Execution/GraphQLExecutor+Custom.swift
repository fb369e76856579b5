import JSON
import Logging
import ModelIR
import Planner
import Postgres

/// A custom operation's root field: its handler, then its answer completed against the selection, or the
/// records it returned read from the database.
extension GraphQLExecutor {
    /// The field's JSON and errors; `databaseFailed` when a statement failed in the database.
    func answerCustom(_ plan: CustomFieldPlan, key: String, origin: RequestOrigin) async -> (json: String, errors: [ResponseError], databaseFailed: Bool) {
        let tenant = origin.keyID ?? ""
        do {
            switch plan.operation.handler {
            case .sql:
                guard let statement = plan.statement else { return ("null", [], false) }
                if let read = plan.modelRead {
                    // A write that returns records: the write, then their read, in one transaction.
                    let list = plan.operation.returnType.isList
                    let result = try await runner.runTransaction(tenant: tenant) { transaction in
                        let rows = try transaction.run(statement.sql, statement.parameters).scalar ?? "[]"
                        guard case .list(let records)? = try? JSONReader.parse(Array(rows.utf8)), !records.isEmpty else {
                            return QueryResult(columns: ["j"], rows: [[list ? "[]" : nil]], affectedRows: 0)
                        }
                        return try transaction.run(read.sql, read.parameters(records: JSONText.encode(.list(list ? records : [records[0]]))))
                    }
                    onCommittedWrite?()
                    var (json, withheld) = (result.scalar ?? (list ? "[]" : "null"), [ResponseError]())
                    if read.marksFieldDenials { (json, withheld) = FieldDenials.resolve(json, key: key) }
                    let resolved = await resolveFields(json, resolvers: read.fieldResolvers, key: key, origin: origin)
                    return (resolved.json, read.fieldErrors.map(ResponseError.init) + withheld + resolved.errors, false)
                }
                // A query's statement is a subquery (no write can be written there) and runs where it cannot write
                // either: on the read-only pool, or where reads go.
                let reader = plan.isMutation ? runner : (readOnlyRunner ?? runner)
                let result = try await reader.run(statement.sql, statement.parameters, idempotent: !plan.isMutation, tenant: tenant)
                if plan.isMutation { onCommittedWrite?() }
                let cell = result.scalar ?? "null"
                guard let shape = plan.shape else {
                    var (json, withheld) = (cell, [ResponseError]())
                    if statement.marksFieldDenials { (json, withheld) = FieldDenials.resolve(json, key: key) }
                    let resolved = await resolveFields(json, resolvers: statement.fieldResolvers, key: key, origin: origin)
                    return (resolved.json, statement.fieldErrors.map(ResponseError.init) + withheld + resolved.errors, false)
                }
                return shaped(Self.value(ofRows: cell, for: shape), plan: plan, shape: shape, key: key, origin: origin)
            case .functions(let steps):
                let previous: JSONValue
                switch await callPipeline(steps, plan: plan, origin: origin) {
                case .success(let answer): previous = answer
                case .failure(let failed) where failed.lastSentWithoutWaiting:
                    // AppSync answers an event it could not hand over with `success: false` and the error.
                    var answer = ResultShaper(requestID: origin.requestID, locations: plan.locations)
                    let json = plan.shape.map { answer.complete(.object([("success", .boolean(false))]), shape: $0, path: [key], parent: plan.operation.kind.rawValue) }
                    return (json.map(JSONText.encode) ?? "null", [entry(failed.message, plan, key, origin, errorType: failed.errorType)], false)
                case .failure(let failed): return failure(failed.message, plan, key, origin, errorType: failed.errorType)
                }
                if let read = plan.modelRead { return try await records(previous, read: read, plan: plan, key: key, origin: origin) }
                guard let shape = plan.shape else { return ("null", [], false) }
                return shaped(previous, plan: plan, shape: shape, key: key, origin: origin)
            case .http(let handler):
                return try await answerHTTP(handler, plan: plan, key: key, origin: origin)
            case .subscribe:
                return failure("A subscription is answered over a WebSocket, not by a request.", plan, key, origin, errorType: "UnsupportedOperation")
            }
        } catch {
            let mapping = DatabaseErrorMapping(catalog: planner.view.foreignKeys, runner: runner)
            let statement = plan.statement ?? PlannedStatement(sql: "", parameters: [])
            var located = statement
            located.locations = plan.locations
            let (entry, isInternal) = await mapping.entry(for: error, statement: located, path: [key], requestID: origin.requestID, write: plan.isMutation)
            if isInternal {
                logger.error("custom operation failed", metadata: ["requestId": "\(origin.requestID)", "field": "\(key)", "error": "\(String(reflecting: error))"])
            }
            return ("null", [entry], error is PostgresError)
        }
    }

    /// The records a function returned, read by their keys with the field's selection.
    func records(
        _ answer: JSONValue, read: ModelRead, plan: CustomFieldPlan, key: String, origin: RequestOrigin
    ) async throws -> (
        json: String, errors: [ResponseError], databaseFailed: Bool
    ) {
        let list = plan.operation.returnType.isList
        var records: [JSONValue]
        switch answer {
        case .null: records = []
        case .list(let items) where list: records = items.filter { if case .null = $0 { false } else { true } }
        case .object where !list: records = [answer]
        default:
            return failure(
                "The function answered \(list ? "something other than a list" : "something other than an object") for \(plan.operation.returnType.description).", plan, key, origin)
        }
        if records.contains(where: { if case .object = $0 { false } else { true } }) {
            return failure("The function's answer holds something other than \(plan.operation.returnType.base.name) records.", plan, key, origin)
        }
        if records.isEmpty { return (list ? "[]" : "null", [], false) }
        let result = try await runner.run(read.sql, read.parameters(records: JSONText.encode(.list(records))), idempotent: true, tenant: origin.keyID ?? "")
        var (json, withheld) = (result.scalar ?? (list ? "[]" : "null"), [ResponseError]())
        if read.marksFieldDenials { (json, withheld) = FieldDenials.resolve(json, key: key) }
        let resolved = await resolveFields(json, resolvers: read.fieldResolvers, key: key, origin: origin)
        return (resolved.json, read.fieldErrors.map(ResponseError.init) + withheld + resolved.errors, false)
    }

    /// The value a SQL handler's rows give a field of `shape`: all rows for a list, the first row for an
    /// object, the first column of the first row (of each row, for a list) for a scalar or enum.
    static func value(ofRows cell: String, for shape: ResultShape) -> JSONValue {
        guard case .list(let rows)? = try? JSONReader.parse(Array(cell.utf8)) else { return .null }
        let firstColumn = { (row: JSONValue) -> JSONValue in
            if case .object(let members) = row { return members.first?.1 ?? .null }
            return .null
        }
        switch shape.kind {
        case .object: return shape.type.isList ? .list(rows) : rows.first ?? .null
        case .scalar, .enumeration: return shape.type.isList ? .list(rows.map(firstColumn)) : rows.first.map(firstColumn) ?? .null
        }
    }

    func shaped(
        _ value: JSONValue, plan: CustomFieldPlan, shape: ResultShape, key: String, origin: RequestOrigin
    ) -> (
        json: String, errors: [ResponseError], databaseFailed: Bool
    ) {
        var shaper = ResultShaper(requestID: origin.requestID, locations: plan.locations)
        let completed = shaper.complete(value, shape: shape, path: [key], parent: plan.operation.kind.rawValue)
        return (JSONText.encode(completed), shaper.errors, false)
    }

    func failure(
        _ message: String, _ plan: CustomFieldPlan, _ key: String, _ origin: RequestOrigin, errorType: String = "Lambda:Unhandled"
    ) -> (
        json: String, errors: [ResponseError], databaseFailed: Bool
    ) {
        ("null", [entry(message, plan, key, origin, errorType: errorType)], false)
    }

    func entry(_ message: String, _ plan: CustomFieldPlan, _ key: String, _ origin: RequestOrigin, errorType: String = "Lambda:Unhandled") -> ResponseError {
        ResponseError(message: message, errorType: errorType, path: [key], locations: plan.locations, requestID: origin.requestID)
    }
}
