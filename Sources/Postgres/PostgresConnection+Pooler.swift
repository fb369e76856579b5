import CLibPQ

extension PostgresConnection {
    /// True when something other than PostgreSQL answered this connection's start-up: a connection pooler.
    ///
    /// At start-up the server names the backend process that serves the connection (libpq's
    /// `PQbackendPID`, also the key of a cancel request). PostgreSQL names its own backend, so
    /// `pg_backend_pid()` returns the same number. A pooler such as PgBouncer answers the start-up itself
    /// with a number of its own making (the client's cancel key) and then lends server connections whose
    /// backends have other pids. A TCP proxy that forwards bytes changes neither, and is not a pooler.
    /// The question runs through the simple protocol, which every pooler mode accepts.
    package func isBehindPooler() throws(PostgresError) -> Bool {
        try reconnectIfNeeded()
        guard let handle else { throw PostgresError(kind: .connection, message: "no connection") }
        let announced = PQbackendPID(handle)
        let serving = try execute("SELECT pg_backend_pid()").scalar
        return serving != String(announced)
    }
}
