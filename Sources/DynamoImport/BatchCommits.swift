import Postgres

/// A batched import's transactions: rows written are counted, and once a batch's worth is pending the
/// transaction commits with the checkpoint moved to where the reading got (or, while an incremental export is
/// applied, which is re-applied whole after a crash, without moving it), and the next one begins.
final class BatchCommits {
    /// Where the import stands as of the last commit.
    private(set) var checkpoint: ImportCheckpoint
    /// Rows per transaction.
    let rows: Int
    private var pending = 0

    init(checkpoint: ImportCheckpoint, rows: Int) {
        self.checkpoint = checkpoint
        self.rows = max(1, rows)
    }

    /// Counts `count` rows written; commits once a batch's worth is pending, recording `position` (the next item
    /// to read) and `report` when given.
    func wrote(_ count: Int, through position: ImportCheckpoint.Position?, report: ImportReport?, on connection: PostgresConnection) throws {
        pending += count
        guard pending >= rows else { return }
        if let position, let report {
            try commit(at: position, report: report, on: connection)
        } else {
            try Self.commitAndBegin(on: connection)
            pending = 0
        }
    }

    /// Records `position` and `report` and commits.
    func commit(at position: ImportCheckpoint.Position, report: ImportReport, on connection: PostgresConnection) throws {
        checkpoint.position = position
        checkpoint.report = report
        try checkpoint.save(on: connection)
        try Self.commitAndBegin(on: connection)
        pending = 0
    }

    /// Commits the transaction and begins the next. A commit whose answer is lost stops the import: the next run
    /// reads from the database which batch was the last one in.
    static func commitAndBegin(on connection: PostgresConnection) throws {
        _ = try connection.execute("COMMIT")
        _ = try connection.execute("BEGIN")
    }
}
