import ArgumentParser
import EmbeddedPostgres
import Foundation
import Introspection
import Postgres
import Store

/// `modelgraph introspect`: writes a schema for the tables of an existing database.
struct Introspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a schema for the tables of an existing PostgreSQL database.",
        discussion:
            "One model per table with a primary key (other tables and views are reported on standard error and skipped), relationships from foreign keys, enums from enum types and CHECK lists. Serve the GraphQL output against the same database: ModelGraph checks the tables at start and never alters them."
    )

    /// The output forms.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case graphql, ts
    }

    @OptionGroup var databaseOptions: DatabaseOptions
    @Option(help: "graphql (annotated SDL with @refersTo) or ts (a Gen 2 schema.sql.ts).") var format: Format = .graphql
    @Option(name: .customLong("schema-name"), help: "The PostgreSQL schema whose tables are read.") var schemaName: String = "public"
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?

    func run() async throws {
        try await reportingUserErrors {
            let (client, cluster) = try databaseOptions.connect(logger: makeLogger("modelgraph.introspect"))
            defer {
                client.shutdown()
                cluster?.stop()
            }
            let catalog = try await CatalogReader(client: client).read(schema: schemaName)
            let schema = IntrospectedSchema.make(from: catalog)
            guard !schema.models.isEmpty else {
                throw UserError("No table of schema \(schemaName) has a primary key: there is nothing to serve.\n" + schema.notes.map { "  - " + $0 }.joined(separator: "\n"))
            }
            var notes = schema.notes
            let text: String
            switch format {
            case .graphql:
                text = schema.sdl()
            case .ts:
                let (typeScript, more) = schema.typeScript()
                text = typeScript
                notes += more
            }
            for note in notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
            if let output {
                do {
                    try text.write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    throw UserError("Cannot write \(output): \(error.localizedDescription)")
                }
            } else {
                print(text, terminator: "")
            }
        }
    }
}
