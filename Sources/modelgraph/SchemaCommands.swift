import APISchema
import ArgumentParser
import Foundation
import ModelIR

/// `modelgraph validate --schema FILE`.
struct Validate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check a schema and report every error with its line.")
    @OptionGroup var schemaOptions: SchemaOptions

    func run() async throws {
        try await reportingUserErrors {
            let schema = try schemaOptions.load()
            _ = try APISchema.build(from: schema)
            print("\(schemaOptions.schema): OK, \(schema.models.count) model(s), \(schema.enums.count) enum(s), \(schema.objectTypes.count) non-model type(s)")
        }
    }
}

/// `modelgraph print-schema --schema FILE`.
struct PrintSchema: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "print-schema", abstract: "Print the complete generated GraphQL API.")
    @OptionGroup var schemaOptions: SchemaOptions

    func run() async throws {
        try await reportingUserErrors {
            print(try APISchema.build(from: schemaOptions.load()).sdl, terminator: "")
        }
    }
}
