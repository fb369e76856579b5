/// How much of its PostgreSQL backend's memory one connection's prepared statements may hold. A prepared
/// statement keeps its parsed and planned form in the backend; measured on PostgreSQL 15 at about 70 bytes of
/// backend memory per byte of SQL text (200 generic plans of a 1.5 KB nested statement: 20.5 MB). So the
/// budget is in SQL bytes: 256 KB of statement text, about 18 MB of backend memory per connection, and no
/// statement over 16 KB is kept at all (it runs unprepared, its plan freed after it ran).
package enum PreparedStatementBudget {
    /// Most statements kept prepared on one connection.
    package static let maximumStatements = 256
    /// Most bytes of SQL text kept prepared on one connection.
    package static let maximumBytes = 256 << 10
    /// The longest statement text that is prepared; longer ones run unnamed.
    package static let largestStatement = 16 << 10
}
