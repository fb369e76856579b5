package import Planner

/// One recorded change of a model's row, as the change log holds it.
package struct Change: Sendable, Equatable {
    /// Its id in the log: changes are delivered in id order.
    package var id: Int64
    /// The schema of the table it changed.
    package var schema: String
    /// The table it changed.
    package var table: String
    /// What it was.
    package var kind: ChangeKind
    /// The row a subscriber reads: the new one, or the old one for a delete (`to_jsonb` text).
    package var image: String
    /// The id of the transaction that made it, when known.
    package var transaction: UInt64?

    /// Creates a change.
    package init(id: Int64, schema: String, table: String, kind: ChangeKind, image: String, transaction: UInt64? = nil) {
        self.id = id
        self.schema = schema
        self.table = table
        self.kind = kind
        self.image = image
        self.transaction = transaction
    }

    /// A change from a row of the log (`ChangeLog.replayStatement`'s columns: id, table_schema, table_name,
    /// operation, new_row, old_row, transaction_id); nil when the row is not one.
    init?(logRow row: [String?]) {
        guard row.count >= 6, let id = row[0].flatMap({ Int64($0) }), let schema = row[1], let table = row[2], let kind = row[3].flatMap(ChangeKind.init(rawValue:)),
            let image = kind == .delete ? row[5] : row[4]
        else { return nil }
        self.init(id: id, schema: schema, table: table, kind: kind, image: image, transaction: row.count > 6 ? row[6].flatMap { UInt64($0) } : nil)
    }
}

/// What the change feed hands the subscriptions next.
package enum ChangeBatch: Sendable, Equatable {
    /// Changes in id order.
    case changes([Change])
    /// The feed moved past every change up to this id without reading them (nobody was subscribed, or the
    /// process just started): there is nothing to deliver for them.
    case skipped(through: Int64)
    /// Changes up to this id were pruned from the log before this process read them (it was cut off from the
    /// database for longer than the retention period): every subscription must start over.
    case lost(through: Int64)
}
