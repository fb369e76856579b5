import ArgumentParser
import DynamoImport
import EmbeddedPostgres
import Foundation
import JSON
import ModelIR
import Postgres

/// `modelgraph import dynamodb`: an AppSync app's data, from the files DynamoDB exports, into the models' tables.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load an app's data from another backend.", subcommands: [DynamoDB.self])

    struct DynamoDB: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dynamodb",
            abstract: "Load DynamoDB exports (point-in-time exports in DynamoDB JSON, full and incremental, or scan pages) into the models' tables.",
            discussion: """
                Tables are matched to models by AppSync's naming (<Model>-<apiId>-<env>) or --model. Everything runs in one \
                transaction (with --batch N, in transactions of about N rows, resumable: run the same command again after a \
                crash and it goes on after the last committed batch): rows are upserted by key (an incremental export after the full one brings the tables up to date), \
                every value goes through the API's checks (an item with a value that cannot be stored exactly is left out and \
                reported), and references to records that do not exist are handled by --on-dangling. The tables must exist \
                (serve once, or `modelgraph migrate apply`). Subscribers get no events for imported rows.
                """)
        @OptionGroup var schemaOptions: SchemaOptions
        @OptionGroup var databaseOptions: DatabaseOptions
        @Option(name: .customLong("from"), help: "A folder holding the exports (searched to any depth), or one scan file.") var from: String
        @Option(name: .customLong("model"), help: ArgumentHelp("Which table or folder a model's data is in: Model=TABLE_OR_PATH (repeatable).", valueName: "Model=TABLE"))
        var models: [String] = []
        @Option(name: .customLong("on-dangling"), help: "References to records that do not exist: fail (write nothing; the default), null, or skip the rows.")
        var onDangling: String = "fail"
        @Option(
            name: .customLong("batch"),
            help: ArgumentHelp(
                "Commit every N rows instead of once at the end, for tables too large for one transaction. The foreign keys stay off until the import finishes; run the same command again to resume after a crash.",
                valueName: "N"))
        var batch: Int?
        @Flag(name: .customLong("restart"), help: "With --batch: start again from the first item, even if an earlier batched import is unfinished (finishing what it took off).")
        var restart = false
        @Flag(name: .customLong("dry-run"), help: "Do everything, print the report, and write nothing (in one transaction, even with --batch).") var dryRun = false
        @Option(name: .customLong("report"), help: "Also write the report as JSON to this file.") var report: String?

        func run() async throws {
            try await reportingUserErrors {
                if let batch, batch < 1 { throw UserError("--batch takes a number of rows of at least 1, not \(batch).") }
                if restart, batch == nil { throw UserError("--restart goes with --batch.") }
                guard let policy = DynamoImporter.DanglingPolicy(rawValue: onDangling) else {
                    throw UserError("--on-dangling takes fail, null or skip, not '\(onDangling)'.")
                }
                var mapping: [String: String] = [:]
                for entry in models {
                    let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { throw UserError("--model takes Model=TABLE_OR_PATH, not '\(entry)'.") }
                    mapping[parts[0]] = parts[1]
                }
                let schema = try schemaOptions.load()
                for model in mapping.keys where schema.model(named: model) == nil { throw UserError("--model names '\(model)', which the schema has no model called.") }
                let sources: [ExportSource]
                do {
                    sources = try ExportSource.find(under: URL(fileURLWithPath: from))
                } catch {
                    throw UserError("\(error)")
                }
                guard !sources.isEmpty else { throw UserError("No DynamoDB export (manifest-summary.json) or scan page ({\"Items\": …}) under \(from).") }
                let (client, cluster) = try databaseOptions.connect(logger: makeLogger("modelgraph.import"))
                defer { client.shutdown(); cluster?.stop() }
                let terminal = isatty(2) != 0
                let importer = DynamoImporter(
                    schema: schema, policy: policy, mapping: mapping,
                    progress: { line, done in
                        // On a terminal the running line rewrites itself; elsewhere every line stays.
                        let text = terminal ? "\r\u{1B}[K" + line + (done ? "\n" : "") : line + "\n"
                        FileHandle.standardError.write(Data(text.utf8))
                    })
                let batching = dryRun ? nil : batch.map { (rows: $0, restart: restart) }
                let outcome = await Self.run(importer, sources: sources, client: client, dryRun: dryRun, batching: batching)
                var summary = outcome.report
                summary.rolledBack = (outcome.stop != nil && batching == nil) || dryRun
                print(summary.table)
                if let report { try Data(JSONText.encode(summary.json).utf8).write(to: URL(fileURLWithPath: report)) }
                if let stop = outcome.stop { throw UserError(stop) }
                if summary.models.contains(where: { $0.counts.refused > 0 }) {
                    FileHandle.standardError.write(Data("Some items were not imported: a value cannot be stored exactly (listed above).\n".utf8))
                    throw ExitCode(2)
                }
            }
        }

        /// Runs the import in one transaction (rolled back for a dry run or a stop), or batched; its report and why
        /// it stopped.
        static func run(
            _ importer: DynamoImporter, sources: [ExportSource], client: PostgresClient, dryRun: Bool, batching: (rows: Int, restart: Bool)?
        ) async -> (report: ImportReport, stop: String?) {
            struct DryRun: Error { let report: ImportReport }
            do {
                if let batching {
                    let report = try await client.withConnection { connection in
                        try importer.runBatched(sources, batchRows: batching.rows, restart: batching.restart, on: connection)
                    }
                    return (report, nil)
                }
                let report = try await client.withTransaction { connection in
                    let report = try importer.run(sources, on: connection)
                    if dryRun { throw DryRun(report: report) }
                    return report
                }
                return (report, nil)
            } catch let dry as DryRun {
                return (dry.report, nil)
            } catch let stop as DynamoImporter.Stop {
                return (stop.report, stop.description)
            } catch let error as PostgresError {
                return (ImportReport(), "The database refused the import: \(error.message)")
            } catch {
                return (ImportReport(), "\(error)")
            }
        }
    }
}
