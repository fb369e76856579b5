import Planner
import Postgres

/// A guarded write touched no row: the record is missing or the condition was false.
struct ConditionalCheckFailed: Error {}

/// A versioned write lost to a newer version of its record (conflict detection): `ConflictUnhandled`, with the
/// stored record, as the write's selection shows it, for the client's conflict handler.
struct ConflictUnhandled: Error {
    /// The stored record's JSON text.
    let record: String
}

/// Maps database errors to the field errors AppSync clients know, and our own (README.md names them): nothing of
/// the SQL leaks, and reference errors are told in the schema's words.
struct DatabaseErrorMapping {
    let catalog: ForeignKeyCatalog
    let runner: any StatementRunner

    /// The error entry for `error`, raised by the root field at `path` (of a mutation when `write`), and whether
    /// it is an internal error (logged in full on the server).
    func entry(for error: any Error, statement: PlannedStatement, path: [String], requestID: String, write: Bool = true) async -> (ResponseError, internal: Bool) {
        func entry(_ message: String, _ type: String, requestID: String? = nil) -> ResponseError {
            .init(message: message, errorType: type, path: path, locations: statement.locations, requestID: requestID)
        }
        if error is ConditionalCheckFailed {
            return (entry("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: \(requestID))", "DynamoDB:ConditionalCheckFailedException"), false)
        }
        if let conflict = error as? ConflictUnhandled {
            var rejected = entry("Conflict resolver rejects mutation.", "ConflictUnhandled")
            rejected.data = conflict.record
            return (rejected, false)
        }
        if let error = error as? ReferenceMissing {
            return (entry(error.message, "ReferenceNotFound"), false)
        }
        if let error = error as? PostgresError {
            if error.isUniqueViolation {
                return (entry("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: \(requestID))", "DynamoDB:ConditionalCheckFailedException"), false)
            }
            if error.isQueryCanceled {
                return (entry("The statement took longer than the configured statement timeout.", "LimitExceeded", requestID: requestID), false)
            }
            if error.isForeignKeyViolation, let constraint = error.constraint, let reference = catalog.entries[constraint] {
                let (message, type) = await referenceViolation(error, constraint: constraint, reference: reference, statement: statement)
                return (entry(message, type), false)
            }
            if error.isForeignKeyViolation {
                // A constraint the schema does not know: an existing database's own foreign key.
                if error.detail?.contains("is still referenced") == true {
                    return (entry("Cannot delete this record: other records still refer to it. Delete or move them first.", "ReferenceInUse"), false)
                }
                return (entry("A reference points at a record that does not exist.", "ReferenceNotFound"), false)
            }
            if error.isNotNullViolation {
                return (entry("A required field would be null (\(error.table ?? "record")).", "ValidationError"), false)
            }
            if error.sqlState == "23514" {
                return (entry("A value is not allowed for its field (\(error.constraint ?? "check")).", "ValidationError"), false)
            }
            if !write, error.sqlState == "22003", error.message.hasPrefix("integer out of range") {
                // A query's values are checked as 32-bit before they are bound, so this is a stored value: an
                // existing database's bigint beyond GraphQL's Int, which the read casts to integer.
                return (entry("A stored value cannot be returned as its field's type (GraphQL's Int is 32-bit): integer out of range.", "ValidationError"), false)
            }
            if error.sqlState?.hasPrefix("22") == true {
                // Data exceptions: the request carried a value the column cannot hold (a date out of range, text
                // jsonb refuses). PostgreSQL's message quotes the value, never the statement.
                return (entry("A value cannot be stored as sent: \(error.message).", "ValidationError"), false)
            }
            if error.sqlState?.hasPrefix("54") == true {
                // Program limits: the statement the request asked for is beyond what PostgreSQL allows.
                return (entry("The request is too large or too deeply nested for the database to run.", "LimitExceeded", requestID: requestID), false)
            }
            if error.outcomeUnknown {
                // Sent, then the connection broke before PostgreSQL confirmed it, and it could not be asked
                // since: say so rather than guess, so the client checks before it writes again.
                return (
                    entry(
                        "The connection to the database broke after this write was sent and before it was confirmed; it may or may not have been applied. Read the record before retrying.",
                        "WriteOutcomeUnknown", requestID: requestID), true
                )
            }
            if error.kind == .connection || error.kind == .shutdown {
                return (entry("The database is unavailable; try again shortly.", "ServiceUnavailable", requestID: requestID), true)
            }
        }
        return (entry("Internal error; the server log has the details under request id \(requestID).", "InternalError", requestID: requestID), true)
    }

    /// The message and error type of a foreign-key violation: a delete that child records hold up, or a missing parent.
    private func referenceViolation(_ error: PostgresError, constraint: String, reference: ForeignKeyCatalog.Entry, statement: PlannedStatement) async -> (String, String) {
        let name = reference.relationshipName ?? "\(reference.child).\(reference.childFields.joined(separator: ","))"
        if error.detail?.contains("is still referenced") == true {
            var count = ""
            if let check = statement.referenceChecks.first(where: { $0.constraint == constraint }),
                let counted = try? await runner.run(check.countSQL, check.parameters, idempotent: true, tenant: "").scalar
            {
                count = "\(counted) "
            }
            return (
                "Cannot delete this \(reference.parent): \(count)\(reference.child) record(s) still refer to it through \(name). Delete or move them first, or declare onDelete on the relationship.",
                "ReferenceInUse"
            )
        }
        return ("\(name) refers to a \(reference.parent) that does not exist (\(reference.childFields.joined(separator: ", "))).", "ReferenceNotFound")
    }
}
