import Foundation
package import JSON
package import ModelIR
package import Postgres

/// Loads DynamoDB exports into the models' tables, on one connection inside the caller's transaction: the
/// foreign keys are deferred while rows arrive in any order (self references and cycles included), the change
/// log's triggers are off (subscribers get no event per imported row), rows are upserted by key in batches, an
/// incremental export's changes are applied in time order, and dangling references are counted and handled by
/// policy before the keys are checked again and everything is restored and analysed.
/// Used by one import at a time, on the one thread its connection's work runs on (hence `@unchecked Sendable`).
package final class DynamoImporter: @unchecked Sendable {
    /// What to do with references to records that do not exist.
    package enum DanglingPolicy: String, Sendable, CaseIterable {
        /// Write nothing and list them (the default).
        case fail
        /// Set the reference to null (refused for a required reference).
        case null
        /// Leave the referring rows out.
        case skip
    }

    /// Why an import stopped (the transaction must roll back).
    package struct Stop: Error, CustomStringConvertible {
        /// What to tell the user.
        package var description: String
        /// The report so far.
        package var report: ImportReport
    }

    let schema: Schema
    let databaseSchema: String?
    let policy: DanglingPolicy
    let mapping: [String: String]
    let batchSize: Int
    let progress: @Sendable (_ line: String, _ done: Bool) -> Void
    var report = ImportReport()
    private var rows: [String: ModelRows] = [:]
    private var statements: [String: RowStatements] = [:]
    /// Set while a load reads on a thread of its own: where its batches go.
    private var handOff: ((PendingWrite) -> Void)?
    /// Set while a batched import runs: its transactions.
    private var commits: BatchCommits?

    /// An importer of `schema`'s models (tables in `databaseSchema`); `mapping` maps a model to a table name or
    /// a source's path, beside the AppSync naming; `progress` gets a line per model every two seconds while it
    /// loads (`done` false) and one when it is done.
    package init(
        schema: Schema, databaseSchema: String? = nil, policy: DanglingPolicy = .fail, mapping: [String: String] = [:], batchSize: Int = 1000,
        progress: @escaping @Sendable (_ line: String, _ done: Bool) -> Void = { _, _ in }
    ) {
        self.schema = schema
        self.databaseSchema = databaseSchema
        self.policy = policy
        self.mapping = mapping
        self.batchSize = max(1, batchSize)
        self.progress = progress
        for model in schema.models {
            let modelRows = ModelRows(model: model, schema: schema)
            rows[model.name] = modelRows
            statements[model.name] = RowStatements(model: model, fields: modelRows.fields, databaseSchema: databaseSchema)
        }
    }

    /// The model `source` is for: named by `--model`, else by AppSync's `<Model>-<apiId>-<env>` table name.
    package func model(for source: ExportSource) -> Model? {
        for (model, target) in mapping where target == source.table || source.location.path.hasPrefix(URL(fileURLWithPath: target).path) {
            if let found = schema.model(named: model) { return found }
        }
        // DataStore's own table (`AmplifyDataStore-<apiId>-<env>`) is no model's.
        let prefix = source.table.split(separator: "-").first.map(String.init) ?? source.table
        if prefix == "AmplifyDataStore" { return nil }
        return schema.model(named: prefix) ?? schema.model(named: source.table)
    }

    /// Imports `sources` on `connection` (inside a transaction the caller commits, or rolls back on a throw).
    package func run(_ sources: [ExportSource], on connection: PostgresConnection) throws -> ImportReport {
        let started = Date()
        if let other = try ImportCheckpoint.unfinished(on: connection).first {
            throw Stop(
                description: "A batched import (\(other.identity), started \(other.started)) is unfinished and its foreign keys are still off: "
                    + "run it again with --batch to finish it, or run this one with --batch --restart.", report: report)
        }
        let guards = try ImportGuards.take(tables: schema.models.map(\.tableName), databaseSchema: databaseSchema, on: connection)
        for (index, source) in sources.enumerated() { try importSource(source, index: index, from: .start(of: index), on: connection) }
        try DanglingReferences(schema: schema, guards: guards, policy: policy).handle(on: connection, report: &report)
        try guards.release(on: connection)
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// One source into its model's table (nothing when no model maps to it), from `start` on.
    private func importSource(_ source: ExportSource, index: Int, from start: ImportCheckpoint.Position, on connection: PostgresConnection) throws {
        guard let model = model(for: source) else {
            if !report.unmatchedTables.contains(source.table) { report.unmatchedTables.append(source.table) }
            return
        }
        switch source.kind {
        case .full, .scan: try load(source, index: index, from: start, model: model, on: connection)
        case .incremental: try apply(source, model: model, on: connection)
        }
    }

    /// Imports `sources` in transactions of about `batchRows` rows each, on `connection` outside any transaction.
    /// Each commit records the position reached (`ImportCheckpoint`); a run of the same import after a crash goes
    /// on from there. The foreign keys stay off between the transactions and the last one puts them back, after
    /// the dangling references are handled: when those stop the import, the rows stay and a run with another
    /// `--on-dangling` finishes it. `restart` drops an unfinished import's position (this one's or another's)
    /// and finishes what it took off.
    package func runBatched(_ sources: [ExportSource], batchRows: Int, restart: Bool, on connection: PostgresConnection) throws -> ImportReport {
        let started = Date()
        guard try connection.query("SELECT pg_try_advisory_lock(4242424201)").rows.first?[0] == "t" else {
            throw Stop(description: "Another batched import is running on this database.", report: report)
        }
        defer { _ = try? connection.query("SELECT pg_advisory_unlock(4242424201)") }
        _ = try connection.execute("BEGIN")
        do {
            let commits = try BatchCommits(checkpoint: openCheckpoint(sources, restart: restart, on: connection), rows: batchRows)
            report = commits.checkpoint.report
            self.commits = commits
            defer { self.commits = nil }
            let resumeAt = commits.checkpoint.position
            for (index, source) in sources.enumerated() where index >= resumeAt.source {
                try importSource(source, index: index, from: max(resumeAt, .start(of: index)), on: connection)
                try commits.commit(at: .start(of: index + 1), report: report, on: connection)
            }
            do {
                try DanglingReferences(schema: schema, guards: commits.checkpoint.guards, policy: policy).handle(on: connection, report: &report)
            } catch var stop as Stop {
                stop.description += " The rows read so far are committed and the foreign keys stay off: run the same import again with --on-dangling null or skip to finish it."
                throw stop
            }
            try commits.checkpoint.guards.release(on: connection)
            try commits.checkpoint.finish(on: connection)
            _ = try connection.execute("COMMIT")
        } catch {
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// The checkpoint this batched import goes on from, created (taking the guards, in a committed transaction)
    /// when there is none to resume.
    private func openCheckpoint(_ sources: [ExportSource], restart: Bool, on connection: PostgresConnection) throws -> ImportCheckpoint {
        try ImportCheckpoint.ensureTable(on: connection)
        let identity = ImportCheckpoint.identity(of: sources, mapping: mapping)
        let unfinished = try ImportCheckpoint.unfinished(on: connection)
        if !restart, let saved = try ImportCheckpoint.load(identity, on: connection) {
            let read = saved.report.models.reduce(0) { $0 + $1.counts.read }
            progress("Resuming an unfinished import: \(read) items already read in committed batches.", true)
            return saved
        }
        if !restart, let other = unfinished.first(where: { $0.identity != identity }) {
            throw Stop(
                description: "Another batched import (\(other.identity), started \(other.started)) is unfinished and its foreign keys are still off: "
                    + "run it again to finish it, or run this one with --restart to finish what it took off.", report: report)
        }
        var guards = try ImportGuards.take(tables: schema.models.map(\.tableName), databaseSchema: databaseSchema, on: connection)
        for other in unfinished {
            if let saved = try ImportCheckpoint.load(other.identity, on: connection) { guards = guards.merged(with: saved.guards) }
        }
        try ImportCheckpoint.delete(unfinished.map(\.identity), on: connection)
        let checkpoint = ImportCheckpoint(identity: identity, guards: guards, position: .start(of: 0), report: ImportReport())
        try checkpoint.save(on: connection)
        try BatchCommits.commitAndBegin(on: connection)
        return checkpoint
    }

    /// A full export's or scan's items from `start` on, upserted in batches. The files are read, converted and
    /// encoded on a thread of their own while this one writes the previous batch: the checks in Swift and the
    /// writes in PostgreSQL overlap, with at most two batches waiting between them. In a batched import each
    /// batch carries the position after its last item and the report as of then, which a commit records.
    private func load(_ source: ExportSource, index: Int, from start: ImportCheckpoint.Position, model: Model, on connection: PostgresConnection) throws {
        let started = Date()
        let queue = WriteQueue(capacity: 2)
        let resumedRead = report[model: model.name].read
        let base = report[model: model.name]
        let reader = Thread { [self] in
            do {
                handOff = { queue.put($0) }
                var batch = Batch(model: model.name)
                var reported = Date()
                for (fileIndex, file) in source.files.enumerated() {
                    var line = 0
                    try ExportLines.forEach(in: file) { text in
                        defer { line += 1 }
                        let here = ImportCheckpoint.Position(source: index, file: fileIndex, line: line, item: 0)
                        // Lines a resumed import committed before are skipped unread.
                        if ImportCheckpoint.Position(source: index, file: fileIndex, line: line, item: Int.max) < start { return }
                        for (itemIndex, item) in try self.items(of: text, in: file, kind: source.kind).enumerated() {
                            var position = here
                            position.item = itemIndex
                            if position < start { continue }
                            try add(item, at: position, to: &batch, on: connection)
                        }
                        if Date().timeIntervalSince(reported) >= 2 {
                            reported = Date()
                            let read = report[model: model.name].read
                            progress(Self.progressLine(model.name, read: read, resumed: resumedRead, of: source.itemCount, since: started), false)
                        }
                    }
                }
                try flush(&batch, through: .start(of: index + 1), on: connection)
                queue.finish(nil)
            } catch {
                queue.finish(error)
            }
        }
        reader.start()
        var written = (upserted: 0, deleted: 0)
        var failure: (any Error)?
        while let write = queue.take() {
            // After a failed write the rest is only drained, so the reader never waits for a full queue.
            guard failure == nil else { continue }
            do {
                let counts = try execute(write, on: connection)
                written.upserted += counts.upserted
                written.deleted += counts.deleted
                if let commits, var snapshot = write.report {
                    snapshot[model: model.name].written = base.written + written.upserted
                    snapshot[model: model.name].deleted = base.deleted + written.deleted
                    try commits.wrote(counts.upserted + counts.deleted, through: write.position, report: snapshot, on: connection)
                }
            } catch {
                failure = error
            }
        }
        handOff = nil
        if let error = failure ?? queue.error { throw error }
        report[model: model.name].written += written.upserted
        report[model: model.name].deleted += written.deleted
        let counts = report[model: model.name]
        let seconds = max(0.001, Date().timeIntervalSince(started))
        progress(
            "\(model.name): \(counts.read) read, \(counts.written) written, \(counts.refused) refused (\(Int(Double(counts.read - resumedRead) / seconds)) rows/s)", true)
    }

    /// `Post: 120,000 of 1,000,000 read (30,000 rows/s, 29 s left)`.
    /// `resumed` items were read by an earlier run (a resumed batched import): they count towards the total,
    /// not the rate.
    static func progressLine(_ model: String, read: Int, resumed: Int = 0, of total: Int?, since started: Date) -> String {
        let rate = Double(read - resumed) / max(0.001, Date().timeIntervalSince(started))
        guard let total, total > 0 else { return "\(model): \(read) read (\(Int(rate)) rows/s)" }
        let left = rate > 0 ? Int(Double(max(0, total - read)) / rate) : 0
        return "\(model): \(read) of \(total) read (\(Int(rate)) rows/s, \(left) s left)"
    }

    /// The items of one line of a data file: a full export's `Item`, or a scan page's `Items`.
    private func items(of line: ArraySlice<UInt8>, in file: URL, kind: ExportSource.Kind) throws -> [JSONValue] {
        guard let document = try? JSONReader.parse(Array(line), maximumDepth: 64) else {
            throw Stop(description: "\(file.lastPathComponent): a line is not JSON", report: report)
        }
        if kind == .scan {
            guard case .list(let list)? = document["Items"] else { throw Stop(description: "\(file.lastPathComponent) has no Items", report: report) }
            return list
        }
        guard let item = document["Item"] else { throw Stop(description: "\(file.lastPathComponent): a line has no Item", report: report) }
        return [item]
    }

    /// One item (read at `position`) into the batch, which is written when full or when the item's key is
    /// already in it.
    private func add(_ item: JSONValue, at position: ImportCheckpoint.Position, to batch: inout Batch, on connection: PostgresConnection) throws {
        guard let modelRows = rows[batch.model] else { return }
        var next = position
        next.item += 1
        if modelRows.isTombstone(item) {
            report[model: batch.model].read += 1
            report[model: batch.model].tombstones += 1
            return
        }
        switch modelRows.row(item) {
        case .failure(let refusal):
            report[model: batch.model].read += 1
            refuse(refusal, model: batch.model)
        case .success(let row):
            // The batch so far ends before this item.
            if batch.keys.contains(row.key) || !batch.deletes.isEmpty { try flush(&batch, through: position, on: connection) }
            report[model: batch.model].read += 1
            for name in row.unknown { report[model: batch.model].unknownAttributes[name, default: 0] += 1 }
            batch.keys.insert(row.key)
            batch.upserts.append(.object(row.values.map { ($0.0, $0.1) }))
            if batch.upserts.count >= batchSize { try flush(&batch, through: next, on: connection) }
        }
    }

    /// A delete into the batch.
    private func remove(_ keys: JSONValue, from batch: inout Batch, on connection: PostgresConnection) throws {
        guard let modelRows = rows[batch.model] else { return }
        switch modelRows.keyRow(keys) {
        case .failure(let refusal): refuse(refusal, model: batch.model)
        case .success(let row):
            if batch.keys.contains(row.key) || !batch.upserts.isEmpty { try flush(&batch, through: nil, on: connection) }
            batch.keys.insert(row.key)
            batch.deletes.append(.object(row.values.map { ($0.0, $0.1) }))
            if batch.deletes.count >= batchSize { try flush(&batch, through: nil, on: connection) }
        }
    }

    private func refuse(_ refusal: ModelRows.Refusal, model: String) {
        report[model: model].refused += 1
        if report[model: model].refusals.count < ImportReport.listedRefusals { report[model: model].refusals.append((refusal.key, refusal.reason)) }
    }

    /// Writes the batch's rows, or hands them to the writing thread when a load reads on a thread of its own.
    /// `position` is the next item to read after them (nil while an incremental export is applied).
    private func flush(_ batch: inout Batch, through position: ImportCheckpoint.Position?, on connection: PostgresConnection) throws {
        let write = PendingWrite(
            model: batch.model, upserts: batch.upserts.isEmpty ? nil : JSONText.encode(.list(batch.upserts)),
            deletes: batch.deletes.isEmpty ? nil : JSONText.encode(.list(batch.deletes)), position: position, report: commits == nil ? nil : report)
        batch = Batch(model: batch.model)
        guard write.upserts != nil || write.deletes != nil else { return }
        if let handOff {
            handOff(write)
            return
        }
        let counts = try execute(write, on: connection)
        report[model: write.model].written += counts.upserted
        report[model: write.model].deleted += counts.deleted
        // An incremental export is re-applied whole after a crash: its commits do not move the checkpoint.
        try commits?.wrote(counts.upserted + counts.deleted, through: nil, report: nil, on: connection)
    }

    /// Runs a batch's statements; the rows each wrote.
    private func execute(_ write: PendingWrite, on connection: PostgresConnection) throws -> (upserted: Int, deleted: Int) {
        guard let statement = statements[write.model] else { return (0, 0) }
        let upserted = try write.upserts.map { try connection.query(statement.upsert, [$0]).affectedRows } ?? 0
        let deleted = try write.deletes.map { try connection.query(statement.delete, [$0]).affectedRows } ?? 0
        return (upserted, deleted)
    }

    /// An incremental export's changes: the last change of each key, applied in the order they were made.
    private func apply(_ source: ExportSource, model: Model, on connection: PostgresConnection) throws {
        guard let modelRows = rows[model.name] else { return }
        var latest: [String: (time: Int, order: Int, newImage: JSONValue?, keys: JSONValue)] = [:]
        var order = 0
        for file in source.files {
            try ExportLines.forEach(in: file) { line in
                guard let change = try? JSONReader.parse(Array(line), maximumDepth: 64), let keys = change["Keys"] else {
                    throw Stop(description: "\(file.lastPathComponent): a line is not an incremental export change", report: report)
                }
                var time = 0
                if case .string(let text)? = change["Metadata"]?["WriteTimestampMicros"]?["N"] { time = Int(text) ?? 0 }
                let key: String
                switch modelRows.keyRow(keys) {
                case .success(let row): key = row.key
                case .failure(let refusal):
                    refuse(refusal, model: model.name)
                    return
                }
                order += 1
                if let previous = latest[key], (previous.time, previous.order) > (time, order) { return }
                latest[key] = (time, order, change["NewImage"], keys)
            }
        }
        var batch = Batch(model: model.name)
        let anywhere = ImportCheckpoint.Position()
        for (_, change) in latest.sorted(by: { ($0.value.time, $0.value.order) < ($1.value.time, $1.value.order) }) {
            if let image = change.newImage {
                try add(image, at: anywhere, to: &batch, on: connection)
            } else {
                try remove(change.keys, from: &batch, on: connection)
            }
        }
        try flush(&batch, through: nil, on: connection)
        let counts = report[model: model.name]
        progress("\(model.name): incremental export applied, \(counts.written) written, \(counts.deleted) deleted", true)
    }

    /// Rows waiting to be written for one model: upserts or deletes, never both, each key once.
    struct Batch {
        let model: String
        var upserts: [JSONValue] = []
        var deletes: [JSONValue] = []
        var keys: Set<String> = []
    }
}
