/// The rows of a statement, as text cells (`nil` for NULL). ModelGraph's statements return JSON text or a
/// few scalars, so text is the only format it needs.
package struct QueryResult: Sendable, Equatable {
    /// Column names.
    package var columns: [String]
    /// Rows of cells.
    package var rows: [[String?]]
    /// Rows affected, for INSERT/UPDATE/DELETE.
    package var affectedRows: Int

    /// Creates a result.
    package init(columns: [String], rows: [[String?]], affectedRows: Int) {
        self.columns = columns
        self.rows = rows
        self.affectedRows = affectedRows
    }

    /// The first cell of the first row, when there is one.
    package var scalar: String? { rows.first?.first ?? nil }
}
