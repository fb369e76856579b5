import ArgumentParser
import ClientConfig
import Foundation
import SwiftCodegen

/// `modelgraph codegen swift --schema FILE --output DIR`.
struct Codegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Generate client code for a schema.", subcommands: [SwiftModels.self, JavaScriptModels.self])

    /// `codegen swift`: the models of `ModelGraphClient`.
    struct SwiftModels: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swift", abstract: "Write Swift models for the ModelGraphClient library: one file per model, enum and non-model type.")
        @OptionGroup var schemaOptions: SchemaOptions

        @Option(help: ArgumentHelp("The folder to write the files into (created when missing; files of the same names are replaced).", valueName: "dir"))
        var output: String

        func run() async throws {
            try await reportingUserErrors {
                let schema = try schemaOptions.load()
                let files = SwiftCodegen.generate(schema, source: URL(fileURLWithPath: schemaOptions.schema).lastPathComponent)
                let folder = URL(fileURLWithPath: output, isDirectory: true)
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    for file in files {
                        try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic)
                    }
                } catch {
                    throw UserError("Cannot write to '\(output)': \(error.localizedDescription)")
                }
                print("Wrote \(files.count) file(s) to \(output)")
            }
        }
    }

    /// `codegen javascript`: DataStore's model schema and classes, as `amplify codegen models` writes them.
    struct JavaScriptModels: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "javascript",
            abstract:
                "Write the model schema and classes DataStore and the Gen 1 API category read (src/models: schema.js, schema.d.ts, index.js, index.d.ts; with --typescript schema.ts and index.ts)."
        )
        @OptionGroup var schemaOptions: SchemaOptions

        @Flag(help: "Write TypeScript (schema.ts and index.ts, as Amplify's typescript model target) instead of JavaScript with declaration files.")
        var typescript = false

        @Option(help: ArgumentHelp("The folder to write the files into, usually src/models (created when missing).", valueName: "dir"))
        var output: String

        func run() async throws {
            try await reportingUserErrors {
                let files = DataStoreModels.files(for: try schemaOptions.load(), typeScript: typescript)
                let folder = URL(fileURLWithPath: output, isDirectory: true)
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    for file in files { try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic) }
                } catch {
                    throw UserError("Cannot write to '\(output)': \(error.localizedDescription)")
                }
                print("Wrote \(files.count) file(s) to \(output)")
            }
        }
    }
}
