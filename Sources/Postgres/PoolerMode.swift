/// What stands between ModelGraph's pool and PostgreSQL, as `serve --pooler` says.
///
/// A connection pooler such as PgBouncer hands its clients' statements to a smaller set of server
/// connections. In session mode a client keeps one server connection for as long as it stays connected,
/// which is all ModelGraph's default statements need. In transaction mode a client holds a server
/// connection only for one transaction (one statement outside `BEGIN`): anything kept in a session
/// (named prepared statements, `SET`, session advisory locks, `LISTEN`) may be gone, or belong to another
/// client, by the next statement. `transaction` therefore sends every statement as the unnamed statement,
/// sets nothing in the session but what poolers carry from one server connection to the next (`TimeZone`,
/// `application_name`) and puts the other settings in ModelGraph's own transactions with `SET LOCAL`.
package enum PoolerMode: String, Sendable, CaseIterable {
    /// Connections reach PostgreSQL itself (the default).
    case none
    /// A pooler that keeps one server connection per client connection: ModelGraph behaves as with `none`.
    case session
    /// A pooler that lends a server connection per transaction: no session state at all.
    case transaction

    /// True when a connection may keep named prepared statements and session settings between statements.
    package var keepsSessions: Bool { self != .transaction }
}
