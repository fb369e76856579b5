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
