import JSON
package import Planner

/// One entry of a response's `errors`, in the shape AppSync gives: `path`, `data`, `errorType`, `errorInfo`,
/// `locations`, `message`, and our own `extensions.requestId` when there is a request id to quote.
package struct ResponseError: Sendable {
    /// What went wrong, for the client.
    package var message: String
    /// The AppSync error type (`LimitExceeded`, `DynamoDB:ConditionalCheckFailedException`, …); nil for a plain
    /// GraphQL validation error, which AppSync sends without one.
    package var errorType: String?
    /// The response key path of the field that failed, or nil for the request as a whole.
    package var path: [String]?
    /// Where in the document the error points.
    package var locations: [(line: Int, column: Int)]
    /// The request id, quoted under `extensions` so a client can find the server's log line.
    package var requestID: String?
    /// The JSON text of the error's `data` (a conflict's stored record); nil writes `null`.
    package var data: String?
    /// The positions in `path` that are list indices, written as numbers (`["listProfiles", "items", 3, "secret"]`).
    package var indexPositions: Set<Int> = []

    /// Creates an entry.
    package init(message: String, errorType: String?, path: [String]? = nil, locations: [(line: Int, column: Int)] = [], requestID: String? = nil) {
        self.message = message
        self.errorType = errorType
        self.path = path
        self.locations = locations
        self.requestID = requestID
    }

    /// The entry for an error the planner found.
    package init(_ error: PlanError) {
        self.init(message: error.message, errorType: error.code == .validation ? nil : error.code.rawValue, path: error.path, locations: error.locations)
    }
}

/// Builds every JSON body ModelGraph answers a GraphQL request with, as text: the data JSON comes straight from
/// PostgreSQL and is spliced in as it is, never parsed again.
package enum ResponseJSON {
    /// `{"data": …, "errors": […]}`: `data` is the data object's JSON text, nil printing `null`; no `errors`
    /// key when there are none. With `lsn` (the commit position of the request's writes, when read replicas
    /// are configured), also `"extensions": {"lsn": …}`.
    package static func body(data: String?, errors: [ResponseError], lsn: String? = nil) -> String {
        // The data text is most of the body: one buffer of about the final size, so it is copied once.
        var text = "{\"data\":"
        text.reserveCapacity(10 + (data?.utf8.count ?? 4))
        text += data ?? "null"
        if !errors.isEmpty {
            text += ",\"errors\":[" + errors.map(entry).joined(separator: ",") + "]"
        }
        if let lsn { text += ",\"extensions\":{\"lsn\":" + JSONText.quote(lsn) + "}" }
        return text + "}"
    }

    /// The data object of root fields answered in order: each field's JSON text under its response key.
    package static func object(_ fields: [(key: String, json: String)]) -> String {
        var text = "{"
        text.reserveCapacity(fields.reduce(2) { $0 + $1.key.utf8.count + $1.json.utf8.count + 4 })
        for (position, field) in fields.enumerated() {
            if position > 0 { text += "," }
            text += JSONText.quote(field.key)
            text += ":"
            text += field.json
        }
        text += "}"
        return text
    }

    /// A request refused as a whole: `data` null and one error.
    package static func failure(_ message: String, errorType: String, requestID: String? = nil) -> String {
        body(data: nil, errors: [ResponseError(message: message, errorType: errorType, requestID: requestID)])
    }

    /// The short shape AppSync uses for a request refused before GraphQL (a missing or wrong API key): only
    /// `errorType` and `message`.
    package static func gatewayFailure(_ message: String, errorType: String) -> String {
        "{\"errors\":[{\"errorType\":" + JSONText.quote(errorType) + ",\"message\":" + JSONText.quote(message) + "}]}"
    }

    /// The 401 body for a request without a valid API key, as AppSync sends it.
    package static let unauthorized = gatewayFailure("You are not authorized to make this call.", errorType: "UnauthorizedException")

    /// The errors as a JSON array's text.
    package static func errors(_ errors: [ResponseError]) -> String {
        "[" + errors.map(entry).joined(separator: ",") + "]"
    }

    /// One error entry's JSON text.
    static func entry(_ error: ResponseError) -> String {
        var parts: [String] = []
        let path = error.path.map { elements in
            elements.enumerated().map { error.indexPositions.contains($0.offset) ? $0.element : JSONText.quote($0.element) }
        }
        parts.append("\"path\":" + (path.map { "[" + $0.joined(separator: ",") + "]" } ?? "null"))
        if error.errorType != nil || error.path != nil {
            parts.append("\"data\":" + (error.data ?? "null"))
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
}
