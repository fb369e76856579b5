import APISchema
import ArgumentParser
import Foundation
import Gen2Schema
import ModelIR
import SchemaParser

/// `modelgraph validate --schema FILE`.
struct Validate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check a schema and report every error with its line.")
    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var apiOptions: APIOptions

    func run() async throws {
        try await reportingUserErrors {
            let schema = try schemaOptions.load()
            _ = try apiOptions.build(from: schema)
            print("\(schemaOptions.schema): OK, \(schema.models.count) model(s), \(schema.enums.count) enum(s), \(schema.objectTypes.count) non-model type(s)")
        }
    }
}

/// `modelgraph print-schema --schema FILE`.
struct PrintSchema: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "print-schema", abstract: "Print the complete generated GraphQL API.")
    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var apiOptions: APIOptions

    func run() async throws {
        try await reportingUserErrors {
            print(try apiOptions.build(from: schemaOptions.load()).sdl, terminator: "")
        }
    }
}

/// `modelgraph convert --schema resource.ts`: the annotated SDL an Amplify Gen 2 schema file stands for.
struct Convert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the annotated GraphQL schema an Amplify Gen 2 schema file (amplify/data/resource.ts) stands for.")
    @OptionGroup var schemaOptions: SchemaOptions

    func run() async throws {
        try await reportingUserErrors {
            guard SchemaFile.isGen2(schemaOptions.schema) else {
                throw UserError("'\(schemaOptions.schema)' is not a Gen 2 schema file (.ts or .js); it is already annotated GraphQL.")
            }
            let source = try schemaOptions.read()
            do {
                let conversion = try Gen2Conversion.convert(source: source, file: schemaOptions.schema, readModule: readModule)
                print(conversion.printed(from: schemaOptions.schema), terminator: "")
                for note in conversion.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
            } catch let error as Gen2Error {
                throw UserError(DiagnosticFormatter.format([error.diagnostic], source: error.source ?? source) + "\n1 error(s) in \(schemaOptions.schema)")
            }
        }
    }
}
