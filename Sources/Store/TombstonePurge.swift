package import ModelIR
package import Postgres
import SQLSyntax
import Storage

/// The purge of conflict detection's tombstones: a deleted record stays (`_deleted: true`) so syncing clients
/// learn of the delete, until it is older than the retention, when the server removes it for good.
package enum TombstonePurge {
    /// How often `serve` purges.
    package static let interval: Duration = .seconds(3600)

    /// Per model of `schema` (when conflict detection is on), the statement removing its tombstones whose
    /// `_lastChangedAt` is more than `$1` milliseconds ago and that no record still needs. Empty without
    /// conflict detection.
    package static func statements(for schema: Schema, databaseSchema: String? = nil) -> [String] {
        guard schema.conflictDetection != nil else { return [] }
        let storage = StorageMapping.storage(for: schema)
        return schema.models.map { model in
            let alias = "t"
            let deleted = model.field(named: SyncField.deleted)?.columnName ?? SyncField.deleted
            let changed = model.field(named: SyncField.lastChangedAt)?.columnName ?? SyncField.lastChangedAt
            let cutoff = SQLExpression.binary(SyncSQL.nowMilliseconds, .minus, .parameter(1, .bigint))
            var conditions: [SQLExpression] = [
                .binary(.column(table: alias, name: deleted), .isNotDistinctFrom, .keyword(.true)),
                .binary(.column(table: alias, name: changed), .less, cutoff),
            ]
            // Removing a row fires its foreign keys' actions: keep a tombstone that a live record still refers
            // to (a cascade would remove it, SET NULL change it without a new version), or that any record
            // refers to through a restricting key (the delete would fail). A later purge takes it.
            for child in storage.tables {
                for key in child.foreignKeys where key.referencedTable == model.tableName {
                    let referencing = "r"
                    var parts = zip(key.columns, key.referencedColumns).map { column, referenced in
                        SQLExpression.binary(.column(table: referencing, name: column), .equal, .column(table: alias, name: referenced))
                    }
                    if key.onDelete != "RESTRICT", let childDeleted = child.column(named: SyncField.deleted)?.name {
                        parts.append(.binary(.column(table: referencing, name: childDeleted), .isDistinctFrom, .keyword(.true)))
                    }
                    let blocking = Select(
                        columns: [SelectColumn(.integer(1))], from: [.table(TableName(schema: databaseSchema, child.name), alias: referencing)], where: .and(parts))
                    conditions.append(.exists(blocking, negated: true))
                }
            }
            let condition = SQLExpression.and(conditions)
            return SQLRenderer.render(.delete(Delete(table: TableName(schema: databaseSchema, model.tableName), alias: alias, where: condition, returningAll: false)))
        }
    }

    /// Removes the tombstones of `schema`'s models older than its retention; returns how many.
    @discardableResult
    package static func run(_ schema: Schema, client: PostgresClient) async throws -> Int {
        guard let detection = schema.conflictDetection else { return 0 }
        var removed = 0
        for statement in statements(for: schema) {
            removed += try await client.query(statement, [String(detection.tombstoneRetentionSeconds * 1000)]).affectedRows
        }
        return removed
    }
}
