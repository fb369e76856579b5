/// What running one GraphQL request produced, for any transport: HTTP writes `json` as the response body, a
/// WebSocket subscription wraps it in its own message, tests read the parts.
package struct ExecutionResult: Sendable {
    /// The kind of operation that ran.
    package enum Kind: String, Sendable {
        case query, mutation, subscription
        /// Reads only `__schema`/`__type` (and `__typename`): answered from the generated schema.
        case introspection
    }

    /// The `data` object's JSON text, or nil when nothing ran (`"data": null`).
    package var data: String?
    /// The `errors` entries, in the order they arose.
    package var errors: [ResponseError]
    /// The operation's name as the client gave it or as the document names it; nil for an anonymous operation
    /// or a document that could not be read.
    package var operationName: String?
    /// The kind of operation; nil when the document was refused before an operation was chosen.
    package var kind: Kind?
    /// Statements that failed in PostgreSQL or could not reach it (for metrics).
    package var databaseErrors = 0
    /// The commit position of the request's writes (`extensions.lsn`), set by the transport when read
    /// replicas are configured and a write committed; nil otherwise.
    package var commitPosition: String?

    /// Creates a result.
    package init(data: String?, errors: [ResponseError], operationName: String? = nil, kind: Kind? = nil, databaseErrors: Int = 0) {
        self.data = data
        self.errors = errors
        self.operationName = operationName
        self.kind = kind
        self.databaseErrors = databaseErrors
    }

    /// True when the response reports errors.
    package var failed: Bool { !errors.isEmpty }

    /// The response as JSON text: `{"data": …, "errors": […], "extensions": {"lsn": …}}`.
    package var json: String { ResponseJSON.body(data: data, errors: errors, lsn: commitPosition) }
}
