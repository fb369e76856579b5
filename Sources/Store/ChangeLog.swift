package import Postgres
package import SQLSyntax

/// The change log that real-time subscriptions are fed from: every insert, update and delete of a model's row
/// is recorded, by a trigger, in `modelgraph.changes` inside the writing transaction, so a change is recorded
/// exactly when it commits and never for a rolled-back write. A row carries the new image (`to_jsonb` of the
/// row; null for a delete), the old one (null for an insert) and the writing transaction's id (so a subscription
/// can tell the changes committed before it started from those after).
///
/// A mutation that custom subscriptions follow (`@aws_subscribe`) publishes its answer to the same log, as a
/// row of operation `publish` whose schema is empty and whose table is the mutation's name (no trigger writes
/// such a row), so those events reach every server the way changes do.
///
/// Ids come from an identity sequence without a cache, so a smaller id was always handed out earlier; a reader
/// that follows the log by id can therefore tell a gap that may still fill (its writer is in progress) from one
/// that never will (`ChangeCursor`). Old rows are pruned after a retention period; `change_horizon` remembers
/// the highest id pruned, so a reader that fell further behind knows it missed changes.
package enum ChangeLog {
    /// The channel a process NOTIFYs after its writes commit, to wake the other processes' readers.
    package static let channel = "modelgraph_changes"

    /// The log's table, its horizon and the trigger function (run by `SystemTables.ensure`).
    package static let schemaStatements = """
        CREATE TABLE IF NOT EXISTS modelgraph.changes (
          id bigint GENERATED ALWAYS AS IDENTITY (CACHE 1) PRIMARY KEY,
          recorded_at timestamptz NOT NULL DEFAULT now(),
          table_schema text NOT NULL,
          table_name text NOT NULL,
          operation text NOT NULL,
          new_row jsonb,
          old_row jsonb,
          transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id()
        );
        ALTER TABLE modelgraph.changes ADD COLUMN IF NOT EXISTS transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id();
        CREATE TABLE IF NOT EXISTS modelgraph.change_horizon (
          only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
          pruned_through bigint NOT NULL DEFAULT 0
        );
        INSERT INTO modelgraph.change_horizon DEFAULT VALUES ON CONFLICT DO NOTHING;
        CREATE OR REPLACE FUNCTION modelgraph.record_change() RETURNS trigger LANGUAGE plpgsql AS $function$
        DECLARE
          new_image jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
          old_image jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
          operation text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
        BEGIN
          IF TG_NARGS > 0 AND TG_ARGV[0] = 'tombstones' AND TG_OP = 'UPDATE'
             AND new_image -> '_deleted' = 'true'::jsonb AND (old_image -> '_deleted') IS DISTINCT FROM 'true'::jsonb THEN
            operation := 'delete';
            old_image := new_image;
          END IF;
          INSERT INTO modelgraph.changes (table_schema, table_name, operation, new_row, old_row)
          VALUES (TG_TABLE_SCHEMA, TG_TABLE_NAME, operation, new_image, old_image);
          RETURN NULL;
        END
        $function$;
        """

    /// The trigger name on every captured table.
    package static let triggerName = "modelgraph_record_change"

    /// Installs (or keeps) the recording trigger on each of `tables`, in one statement list: idempotent, so
    /// every process runs it at start. With `tombstones` (conflict detection), an update that turns a record
    /// into a tombstone (`_deleted` becomes true) is recorded as a delete whose image is the tombstone, as
    /// AppSync delivers it to `onDeleteX`.
    package static func captureStatements(for tables: [TableName], tombstones: Bool = false) -> String {
        tables.map { table in
            "CREATE OR REPLACE TRIGGER \(Quoting.identifier(triggerName)) AFTER INSERT OR UPDATE OR DELETE ON \(SQLRenderer.tableName(table)) "
                + "FOR EACH ROW EXECUTE FUNCTION modelgraph.record_change(\(tombstones ? "'tombstones'" : ""));"
        }.joined(separator: "\n")
    }

    /// Removes the recording trigger from each of `tables` where it exists (an existing database's table whose
    /// model no longer has subscriptions).
    package static func releaseStatements(for tables: [TableName]) -> String {
        tables.map { table in
            "DROP TRIGGER IF EXISTS \(Quoting.identifier(triggerName)) ON \(SQLRenderer.tableName(table));"
        }.joined(separator: "\n")
    }

    /// Installs the recording trigger on `tables` and removes it from `released` in one transaction (idempotent;
    /// concurrent starts take turns on an advisory lock), after `SystemTables.ensure` made the log.
    package static func install(on tables: [TableName], releasing released: [TableName], client: PostgresClient) async throws {
        try await SystemTables.ensure(client)
        guard !tables.isEmpty || !released.isEmpty else { return }
        _ = try await client.withConnection { connection in
            try connection.execute(
                "SELECT pg_advisory_xact_lock(4242424201);\n" + [captureStatements(for: tables), releaseStatements(for: released)].filter { !$0.isEmpty }.joined(separator: "\n"))
        }
    }

    /// Installs the recording trigger on `tables` (idempotent; concurrent starts take turns on an advisory
    /// lock), after `SystemTables.ensure` made the log; `tombstones` as for `captureStatements`.
    package static func install(on tables: [TableName], tombstones: Bool = false, client: PostgresClient) async throws {
        try await SystemTables.ensure(client)
        guard !tables.isEmpty else { return }
        _ = try await client.withConnection { connection in
            try connection.execute("SELECT pg_advisory_xact_lock(4242424201);\n" + captureStatements(for: tables, tombstones: tombstones))
        }
    }

    /// Reads up to `$2` changes after id `$1`, and no more of them than `$3` bytes of row images hold (the first
    /// always, whatever its size), with the reading snapshot (`pg_current_snapshot()`, for `ChangeCursor`) and the
    /// pruning horizon. Always returns at least one row; when there are no changes, its change columns are null.
    /// Columns: snapshot, pruned_through, id, table_schema, table_name, operation, new_row, old_row,
    /// transaction_id, and how many changes the count limit alone would have read (more than were returned when
    /// the byte limit cut the batch short).
    package static let readStatement = """
        SELECT s.snapshot, h.pruned_through, c.id, c.table_schema, c.table_name, c.operation, c.new_row, c.old_row, c.transaction_id, c.fetched
        FROM (SELECT pg_current_snapshot()::text AS snapshot) s
        CROSS JOIN modelgraph.change_horizon h
        LEFT JOIN LATERAL (
          SELECT * FROM (
            SELECT w.*, sum(w.size) OVER (ORDER BY w.id) - w.size AS before, count(*) OVER () AS fetched
            FROM (
              SELECT id, table_schema, table_name, operation, new_row::text AS new_row, old_row::text AS old_row, transaction_id::text AS transaction_id,
                     coalesce(octet_length(new_row::text), 0) + coalesce(octet_length(old_row::text), 0) AS size
              FROM modelgraph.changes WHERE id > $1::bigint ORDER BY id LIMIT $2::integer
            ) w
          ) b WHERE b.before < $3::bigint
        ) c ON true
        ORDER BY c.id
        """

    /// The snapshot a new subscription starts at: the changes of transactions it shows as finished were committed
    /// before the subscription and are not delivered to it.
    package static let snapshotStatement = "SELECT pg_current_snapshot()::text"

    /// The changes of table `$3` and operation `$4` with ids in (`$1`, `$2`], in id order: at most `$5` of them,
    /// and no more than `$6` bytes of row images hold (the first always), one chunk of a resumed subscription's
    /// missed events. Columns: id, table_schema, table_name, operation, new_row, old_row, transaction_id.
    package static let replayStatement = """
        SELECT id, table_schema, table_name, operation, new_row, old_row, transaction_id FROM (
          SELECT w.*, sum(w.size) OVER (ORDER BY w.id) - w.size AS before
          FROM (
            SELECT id, table_schema, table_name, operation, new_row::text AS new_row, old_row::text AS old_row, transaction_id::text AS transaction_id,
                   coalesce(octet_length(new_row::text), 0) + coalesce(octet_length(old_row::text), 0) AS size
            FROM modelgraph.changes
            WHERE id > $1::bigint AND id <= $2::bigint AND table_name = $3 AND operation = $4 ORDER BY id LIMIT $5::integer
          ) w
        ) b WHERE b.before < $6::bigint ORDER BY id
        """

    /// The answers of the mutations in `$3` (a text array) published to custom subscriptions with ids in (`$1`,
    /// `$2`], in id order, chunked as `replayStatement`'s (`$4` changes, `$5` bytes): what a resumed custom
    /// subscription missed. Same columns.
    package static let publishedReplayStatement = """
        SELECT id, table_schema, table_name, operation, new_row, old_row, transaction_id FROM (
          SELECT w.*, sum(w.size) OVER (ORDER BY w.id) - w.size AS before
          FROM (
            SELECT id, table_schema, table_name, operation, new_row::text AS new_row, old_row::text AS old_row, transaction_id::text AS transaction_id,
                   coalesce(octet_length(new_row::text), 0) AS size
            FROM modelgraph.changes
            WHERE id > $1::bigint AND id <= $2::bigint AND table_schema = '' AND operation = 'publish' AND table_name = ANY($3::text[]) ORDER BY id LIMIT $4::integer
          ) w
        ) b WHERE b.before < $5::bigint ORDER BY id
        """

    /// The newest id and the horizon, for a reader with nobody to deliver to: it skips ahead.
    package static let newestStatement = "SELECT coalesce((SELECT max(id) FROM modelgraph.changes), 0), (SELECT pruned_through FROM modelgraph.change_horizon)"

    /// Deletes changes recorded more than `$1` seconds ago and moves the horizon past them.
    package static let pruneStatement = """
        WITH gone AS (DELETE FROM modelgraph.changes WHERE recorded_at < now() - make_interval(secs => $1::double precision) RETURNING id)
        UPDATE modelgraph.change_horizon SET pruned_through = greatest(pruned_through, (SELECT max(id) FROM gone))
        WHERE EXISTS (SELECT 1 FROM gone)
        """
}
