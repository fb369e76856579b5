#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error from PostgreSQL or from talking to it. `description` is safe to show a client's operator;
/// `debugDescription` adds the statement for logs.
package struct PostgresError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong on our side of the connection.
    package enum Kind: Sendable, Equatable {
        /// The server rejected a statement (see `sqlState`).
        case server
        /// No connection could be made, or it broke.
        case connection
        /// The client pool was shut down.
        case shutdown
    }

    package var kind: Kind
    /// The five-character SQLSTATE code, for server errors.
    package var sqlState: String?
    /// The primary message.
    package var message: String
    package var detail: String?
    package var hint: String?
    /// The constraint involved, when the server names one.
    package var constraint: String?
    /// The table involved, when the server names one.
    package var table: String?
    /// The statement that failed, for logs only.
    package var query: String?
    /// True when the connection broke after the statement was sent and before its answer (or its COMMIT's)
    /// came back, and the server could not be asked since: it may or may not have been applied.
    package var outcomeUnknown = false

    /// Creates an error.
    package init(
        kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil,
        constraint: String? = nil, table: String? = nil, query: String? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.constraint = constraint
        self.table = table
        self.query = query
    }

    /// `23505`.
    package var isUniqueViolation: Bool { sqlState == "23505" }
    /// `23503`.
    package var isForeignKeyViolation: Bool { sqlState == "23503" }
    /// `23502`.
    package var isNotNullViolation: Bool { sqlState == "23502" }
    /// `57014`, raised by `statement_timeout`.
    package var isQueryCanceled: Bool { sqlState == "57014" }

    /// Refuses parameters libpq would mangle: more than the protocol's 65,535 (SQLSTATE 54023, too many
    /// arguments), or one holding U+0000, which libpq would silently cut there as it passes NUL-terminated C
    /// strings (SQLSTATE 22021, a character PostgreSQL's text cannot represent).
    package static func checkStorable(_ parameters: [String?], sql: String) throws(PostgresError) {
        // The protocol counts parameters in 16 bits; past that a statement cannot be sent at all.
        guard parameters.count <= 65_535 else {
            throw PostgresError(kind: .server, sqlState: "54023", message: "a statement can take at most 65,535 parameters", query: sql)
        }
        for parameter in parameters where parameter.map(holdsNUL) == true {
            throw PostgresError(kind: .server, sqlState: "22021", message: "a value contains the character U+0000, which text cannot hold", query: sql)
        }
    }

    /// True when `text` holds U+0000; a scan of its bytes in place (parameters can be megabytes).
    private static func holdsNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0, bytes.count) != nil
        }
    }

    /// Message, SQLSTATE, detail and hint; never the statement.
    package var description: String {
        var text = message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let detail { text += "; detail: \(detail)" }
        if let hint { text += "; hint: \(hint)" }
        return text
    }

    /// Everything, including the statement.
    package var debugDescription: String {
        description + (query.map { "; query: \($0)" } ?? "")
    }
}
