import ArgumentParser
import EmbeddedPostgres
import Foundation
import Migrations
import ModelIR
import Postgres
import Storage
import Store

/// `modelgraph migrate generate|plan|apply|status`.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate, inspect and apply SQL migrations.", subcommands: [Generate.self, Plan.self, Apply.self, Status.self]
    )

    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write the next migration for the schema's changes.")
        @OptionGroup var schemaOptions: SchemaOptions
        @OptionGroup var migrationOptions: MigrationOptions
        @Option(help: "Name of the migration file.") var name: String?
        @Flag(help: "Allow steps that can lose data (dropping tables or columns, narrowing types, new requirements).") var allowDestructive = false
        @Option(help: ArgumentHelp("Keep data across a rename: OldModel=NewModel or Model.oldField=newField (repeatable).", valueName: "old=new"))
        var rename: [String] = []

        func run() async throws {
            try await reportingUserErrors {
                let directory = MigrationDirectory(url: URL(fileURLWithPath: migrationOptions.migrations))
                let schema = try schemaOptions.load()
                guard !schema.isExistingDatabase else {
                    print(ExistingDatabaseNotice.nothingToMigrate(schemaOptions.schema, action: "generate"))
                    return
                }
                var renames: [String: String] = [:]
                for hint in rename {
                    let parts = hint.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw UserError("--rename takes old=new, e.g. Post.title=headline; got '\(hint)'.") }
                    renames[parts[0]] = parts[1]
                }
                let generation = MigrationGeneration(directory: directory)
                switch try generation.generate(for: schema, name: name, renames: renames, allowDestructive: allowDestructive) {
                case .noChanges: print("No changes: the migrations already match \(schemaOptions.schema).")
                case .written(let url, let steps): print("Wrote \(url.path) (\(steps) step(s)).")
                }
            }
        }
    }

    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print what apply would run.")
        @OptionGroup var schemaOptions: SchemaOptions
        @OptionGroup var migrationOptions: MigrationOptions
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            if schemaOptions.describesExistingDatabase {
                print(ExistingDatabaseNotice.nothingToMigrate(schemaOptions.schema, action: "plan"))
                return
            }
            try await migrationOptions.withRunner(databaseOptions) { runner, directory in
                let status = try await runner.status()
                if status.pending.isEmpty { print("Nothing to apply.") }
                for file in try directory.files() where status.pending.contains(file.name) {
                    print("-- \(file.name)")
                    for line in file.sql.split(separator: "\n") where line.hasPrefix("-- DESTRUCTIVE") { print(line) }
                    print(file.sql)
                }
            }
        }
    }

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Apply pending migration files in order.")
        @OptionGroup var schemaOptions: SchemaOptions
        @OptionGroup var migrationOptions: MigrationOptions
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            if schemaOptions.describesExistingDatabase {
                print(ExistingDatabaseNotice.nothingToMigrate(schemaOptions.schema, action: "apply"))
                return
            }
            try await migrationOptions.withRunner(databaseOptions) { runner, _ in
                let applied = try await runner.apply()
                print(applied.isEmpty ? "Nothing to apply." : applied.map { "applied \($0)" }.joined(separator: "\n"))
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List applied and pending migrations.")
        @OptionGroup var schemaOptions: SchemaOptions
        @OptionGroup var migrationOptions: MigrationOptions
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            if schemaOptions.describesExistingDatabase {
                print(ExistingDatabaseNotice.nothingToMigrate(schemaOptions.schema, action: "status"))
                return
            }
            try await migrationOptions.withRunner(databaseOptions) { runner, _ in
                let status = try await runner.status()
                for name in status.applied {
                    print("applied  \(name)\(status.edited.contains(name) ? "  (EDITED since applied)" : "")\(status.missing.contains(name) ? "  (file missing)" : "")")
                }
                for name in status.pending { print("pending  \(name)") }
                let drift = try await runner.drift()
                for line in drift { print("drift    \(line)") }
                if drift.isEmpty { print("no drift: the database matches the applied migrations") }
                if !drift.isEmpty || !status.edited.isEmpty { throw ExitCode(1) }
            }
        }
    }
}

extension MigrationOptions {
    /// Connects, runs `body` with a runner over the migrations folder, then closes the pool and stops an
    /// embedded PostgreSQL; user errors become a message and exit status 1.
    func withRunner(_ database: DatabaseOptions, _ body: (MigrationRunner, MigrationDirectory) async throws -> Void) async throws {
        try await reportingUserErrors {
            let (client, cluster) = try database.connect(logger: makeLogger("modelgraph.migrate"))
            defer { client.shutdown(); cluster?.stop() }
            let directory = MigrationDirectory(url: URL(fileURLWithPath: migrations))
            try await body(MigrationRunner(client: client, directory: directory), directory)
        }
    }
}
