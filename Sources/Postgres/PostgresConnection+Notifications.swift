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

    /// Reads what arrived on the socket without blocking and returns the notifications it held from other
    /// sessions, in arrival order (the session's own come back to it and are dropped). Throws when the
    /// connection broke.
    package func takeNotifications() throws(PostgresError) -> [PostgresNotification] {
        guard let handle, PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
            let reason = handle.map { String(cString: PQerrorMessage($0)).trimmingTrailingNewlines } ?? ""
            throw PostgresError(kind: .connection, message: "the listening connection to PostgreSQL broke" + (reason.isEmpty ? "" : ": " + reason))
        }
        var taken: [PostgresNotification] = []
        let own = PQbackendPID(handle)
        while let notification = PQnotifies(handle) {
            if notification.pointee.be_pid != own {
                taken.append(PostgresNotification(channel: String(cString: notification.pointee.relname), payload: String(cString: notification.pointee.extra)))
            }
            PQfreemem(notification)
        }
        return taken
    }
}

/// A NOTIFY another session sent on a channel this connection LISTENs to.
package struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    package var channel: String
    /// Its payload; empty when none was given.
    package var payload: String
}
