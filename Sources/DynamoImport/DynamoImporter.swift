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
        let guards = try ImportGuards.take(tables: schema.models.map(\.tableName), databaseSchema: databaseSchema, on: connection)
        for source in sources {
            guard let model = model(for: source) else {
                if !report.unmatchedTables.contains(source.table) { report.unmatchedTables.append(source.table) }
                continue
            }
            switch source.kind {
            case .full, .scan: try load(source, model: model, on: connection)
            case .incremental: try apply(source, model: model, on: connection)
            }
        }
        try DanglingReferences(schema: schema, databaseSchema: databaseSchema, policy: policy).handle(on: connection, report: &report)
        try guards.release(on: connection)
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// A full export's or scan's items, upserted in batches. The files are read, converted and encoded on a thread
    /// of their own while this one writes the previous batch: the checks in Swift and the writes in PostgreSQL
    /// overlap, with at most two batches waiting between them.
    private func load(_ source: ExportSource, model: Model, on connection: PostgresConnection) throws {
        let started = Date()
        let queue = WriteQueue(capacity: 2)
        let reader = Thread { [self] in
            do {
                handOff = { queue.put($0) }
                var batch = Batch(model: model.name)
                var reported = Date()
                for file in source.files {
                    try ExportLines.forEach(in: file) { line in
                        for item in try self.items(of: line, in: file, kind: source.kind) { try add(item, to: &batch, on: connection) }
                        if Date().timeIntervalSince(reported) >= 2 {
                            reported = Date()
                            progress(Self.progressLine(model.name, read: report[model: model.name].read, of: source.itemCount, since: started), false)
                        }
                    }
                }
                try flush(&batch, on: connection)
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
        progress("\(model.name): \(counts.read) read, \(counts.written) written, \(counts.refused) refused (\(Int(Double(counts.read) / seconds)) rows/s)", true)
    }

    /// `Post: 120,000 of 1,000,000 read (30,000 rows/s, 29 s left)`.
    static func progressLine(_ model: String, read: Int, of total: Int?, since started: Date) -> String {
        let rate = Double(read) / max(0.001, Date().timeIntervalSince(started))
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

    /// One item into the batch, which is written when full or when the item's key is already in it.
    private func add(_ item: JSONValue, to batch: inout Batch, on connection: PostgresConnection) throws {
        guard let modelRows = rows[batch.model] else { return }
        report[model: batch.model].read += 1
        if modelRows.isTombstone(item) {
            report[model: batch.model].tombstones += 1
            return
        }
        switch modelRows.row(item) {
        case .failure(let refusal): refuse(refusal, model: batch.model)
        case .success(let row):
            for name in row.unknown { report[model: batch.model].unknownAttributes[name, default: 0] += 1 }
            if batch.keys.contains(row.key) || !batch.deletes.isEmpty { try flush(&batch, on: connection) }
            batch.keys.insert(row.key)
            batch.upserts.append(.object(row.values.map { ($0.0, $0.1) }))
            if batch.upserts.count >= batchSize { try flush(&batch, on: connection) }
        }
    }

    /// A delete into the batch.
    private func remove(_ keys: JSONValue, from batch: inout Batch, on connection: PostgresConnection) throws {
        guard let modelRows = rows[batch.model] else { return }
        switch modelRows.keyRow(keys) {
        case .failure(let refusal): refuse(refusal, model: batch.model)
        case .success(let row):
            if batch.keys.contains(row.key) || !batch.upserts.isEmpty { try flush(&batch, on: connection) }
            batch.keys.insert(row.key)
            batch.deletes.append(.object(row.values.map { ($0.0, $0.1) }))
            if batch.deletes.count >= batchSize { try flush(&batch, on: connection) }
        }
    }

    private func refuse(_ refusal: ModelRows.Refusal, model: String) {
        report[model: model].refused += 1
        if report[model: model].refusals.count < ImportReport.listedRefusals { report[model: model].refusals.append((refusal.key, refusal.reason)) }
    }

    /// Writes the batch's rows, or hands them to the writing thread when a load reads on a thread of its own.
    private func flush(_ batch: inout Batch, on connection: PostgresConnection) throws {
        let write = PendingWrite(
            model: batch.model, upserts: batch.upserts.isEmpty ? nil : JSONText.encode(.list(batch.upserts)),
            deletes: batch.deletes.isEmpty ? nil : JSONText.encode(.list(batch.deletes)))
        batch = Batch(model: batch.model)
        guard write.upserts != nil || write.deletes != nil else { return }
        if let handOff {
            handOff(write)
            return
        }
        let counts = try execute(write, on: connection)
        report[model: write.model].written += counts.upserted
        report[model: write.model].deleted += counts.deleted
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
        for (_, change) in latest.sorted(by: { ($0.value.time, $0.value.order) < ($1.value.time, $1.value.order) }) {
            if let image = change.newImage {
                try add(image, to: &batch, on: connection)
            } else {
                try remove(change.keys, from: &batch, on: connection)
            }
        }
        try flush(&batch, on: connection)
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
