package import SQLSyntax

/// The SQL of conflict detection's sync metadata that the DDL and the planner share.
package enum SyncSQL {
    /// The transaction's time in epoch milliseconds, `_lastChangedAt`'s value: the start of the writing
    /// transaction, so every record one transaction writes carries the same time, never later than its commit.
    package static let nowMilliseconds = SQLExpression.cast(
        .binary(.function(.datePart, [.constant("epoch"), .function(.now, [])]), .times, .integer(1000)), .bigint)

    /// The epoch milliseconds of `timestamp`.
    package static func milliseconds(_ timestamp: SQLExpression) -> SQLExpression {
        .cast(.binary(.function(.datePart, [.constant("epoch"), timestamp]), .times, .integer(1000)), .bigint)
    }

    /// A sync's `startedAt`: the earliest of this transaction's start and the start of every other transaction
    /// still open. A write commits with `_lastChangedAt` at its transaction's start, so a write this sync cannot
    /// see yet carries a time at or after the value, and the next delta sync (`_lastChangedAt >= lastSync`)
    /// returns it. Only transactions on this database, of roles this one may watch, count: ModelGraph writes
    /// with one role.
    package static let syncStartedAt: SQLExpression = {
        let activity = "a"
        let others = Select(
            columns: [SelectColumn(.aggregate(.min, [.column(table: activity, name: "xact_start")]))],
            from: [.table(TableName(schema: "pg_catalog", "pg_stat_activity"), alias: activity)],
            where: .and([
                .binary(.column(table: activity, name: "datname"), .equal, .function(.currentDatabase, [])),
                .binary(.column(table: activity, name: "pid"), .notEqual, .function(.backendPID, [])),
                .isNull(.column(table: activity, name: "xact_start"), negated: true),
            ]))
        return .function(.least, [nowMilliseconds, milliseconds(.subquery(others))])
    }()
}
