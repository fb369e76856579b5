import CLibPQ

/// LISTEN support for a connection that a dedicated thread owns: the socket to wait on, and reading what
/// arrived on it.
extension PostgresConnection {
    /// The connection's socket, to wait on for notifications; nil when it is closed.
    package var socketDescriptor: Int32? {
        guard let handle, PQstatus(handle) == CONNECTION_OK else { return nil }
        let socket = PQsocket(handle)
        return socket >= 0 ? socket : nil
    }

    /// Reads what arrived on the socket without blocking and returns how many notifications it held from other
    /// sessions (they are dropped: a notification only says "look again"; the session's own come back to it and
    /// are not counted). Throws when the connection broke.
    package func takeNotifications() throws(PostgresError) -> Int {
        guard let handle, PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
            let reason = handle.map { String(cString: PQerrorMessage($0)).trimmingTrailingNewlines } ?? ""
            throw PostgresError(kind: .connection, message: "the listening connection to PostgreSQL broke" + (reason.isEmpty ? "" : ": " + reason))
        }
        var count = 0
        let own = PQbackendPID(handle)
        while let notification = PQnotifies(handle) {
            if notification.pointee.be_pid != own { count += 1 }
            PQfreemem(notification)
        }
        return count
    }
}
