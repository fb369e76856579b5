import Planner
import Postgres

/// Builds response bodies as JSON text: the data JSON comes straight from PostgreSQL and is spliced in as is.
enum GraphQLResponse {
    /// One entry of `errors` (contract §7.1/§7.2 keys).
    struct ErrorEntry {
        var message: String
        var errorType: String?
        var path: [String]?
        var locations: [(line: Int, column: Int)]
        /// Our own extensions (`requestId`).
        var requestID: String?
    }

    /// `{"data": …, "errors": […]}`; `data` nil prints `null`; no `errors` key when empty.
    static func body(data: [(key: String, json: String)]?, errors: [ErrorEntry]) -> String {
        var text = "{\"data\":"
        if let data {
            text += "{" + data.map { JSONText.quote($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
        } else {
            text += "null"
        }
        if !errors.isEmpty {
            text += ",\"errors\":[" + errors.map(entry).joined(separator: ",") + "]"
        }
        return text + "}"
    }

    static func entry(_ error: ErrorEntry) -> String {
        var parts: [String] = []
        parts.append("\"path\":" + (error.path.map { "[" + $0.map(JSONText.quote).joined(separator: ",") + "]" } ?? "null"))
        if error.errorType != nil || error.path != nil {
            parts.append("\"data\":null")
            parts.append("\"errorType\":" + (error.errorType.map(JSONText.quote) ?? "null"))
            parts.append("\"errorInfo\":null")
        }
        let locations = error.locations.map { "{\"line\":\($0.line),\"column\":\($0.column),\"sourceName\":null}" }
        parts.append("\"locations\":[" + locations.joined(separator: ",") + "]")
        parts.append("\"message\":" + JSONText.quote(error.message))
        if let requestID = error.requestID {
            parts.append("\"extensions\":{\"requestId\":" + JSONText.quote(requestID) + "}")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// The 401 body of contract §5.1, exactly.
    static let unauthorized = #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#

    /// The entry for a plan error.
    static func entry(for error: PlanError) -> ErrorEntry {
        let errorType: String? = error.code == .validation ? nil : error.code.rawValue
        return ErrorEntry(message: error.message, errorType: errorType, path: error.path, locations: error.locations)
    }
}

/// A guarded write touched no row: the record is missing or the condition was false.
struct ConditionalCheckFailed: Error {}

/// Maps database errors to the contract's field errors (decisions.md, Errors): nothing of the SQL leaks, and
/// reference errors are told in the schema's words.
struct DatabaseErrorMapping {
    let catalog: ForeignKeyCatalog
    let client: PostgresClient

    func entry(for error: any Error, statement: PlannedStatement, path: [String], requestID: String) async -> (GraphQLResponse.ErrorEntry, internal: Bool) {
        func entry(_ message: String, _ type: String, requestID: String? = nil) -> GraphQLResponse.ErrorEntry {
            .init(message: message, errorType: type, path: path, locations: statement.locations, requestID: requestID)
        }
        if error is ConditionalCheckFailed {
            return (entry("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: \(requestID))", "DynamoDB:ConditionalCheckFailedException"), false)
        }
        if let error = error as? PostgresError {
            if error.isUniqueViolation {
                return (entry("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: \(requestID))", "DynamoDB:ConditionalCheckFailedException"), false)
            }
            if error.isQueryCanceled {
                return (entry("The statement took longer than the configured statement timeout.", "LimitExceeded", requestID: requestID), false)
            }
            if error.isForeignKeyViolation, let constraint = error.constraint, let reference = catalog.entries[constraint] {
                let name = reference.relationshipName ?? "\(reference.child).\(reference.childFields.joined(separator: ","))"
                if error.detail?.contains("is still referenced") == true {
                    var count = ""
                    if let check = statement.referenceChecks.first(where: { $0.constraint == constraint }),
                        let counted = try? await client.query(check.countSQL, check.parameters).scalar
                    {
                        count = "\(counted) "
                    }
                    return (entry("Cannot delete this \(reference.parent): \(count)\(reference.child) record(s) still refer to it through \(name). Delete or move them first, or declare onDelete on the relationship.", "ReferenceInUse"), false)
                }
                return (entry("\(name) refers to a \(reference.parent) that does not exist (\(reference.childFields.joined(separator: ", "))).", "ReferenceNotFound"), false)
            }
            if error.isNotNullViolation {
                return (entry("A required field would be null (\(error.table ?? "record")).", "ValidationError"), false)
            }
            if error.sqlState == "23514" {
                return (entry("A value is not allowed for its field (\(error.constraint ?? "check")).", "ValidationError"), false)
            }
            if error.kind == .connection || error.kind == .shutdown {
                return (entry("The database is unavailable; try again shortly.", "ServiceUnavailable", requestID: requestID), true)
            }
        }
        return (entry("Internal error; the server log has the details under request id \(requestID).", "InternalError", requestID: requestID), true)
    }
}
