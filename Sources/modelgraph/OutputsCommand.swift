import ArgumentParser
import ClientConfig
import Foundation
import ModelIR

/// `modelgraph outputs --schema FILE --url URL`: the configuration files an Amplify app reads to reach the server.
struct Outputs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the client configuration an Amplify app reads: amplify_outputs.json (Gen 2), or aws-exports.js and amplifyconfiguration.json (Gen 1).")

    /// Which generation's files.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gen2, gen1
    }

    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var authOptions: AuthOptions
    @Option(help: ArgumentHelp("The GraphQL endpoint the app calls, e.g. https://localhost:8080/graphql.", valueName: "url"))
    var url: String
    @Option(help: "The API key the app sends (written as api_key / aws_appsync_apiKey).")
    var apiKey: String?
    @Option(help: "The region the app is told (AppSync clients require one; ModelGraph ignores it).")
    var region: String = ClientConfiguration.defaultRegion
    @Option(help: "gen2: amplify_outputs.json; gen1: aws-exports.js and amplifyconfiguration.json.")
    var format: Format = .gen2
    @Option(
        name: [.short, .long],
        help: ArgumentHelp("gen2: the file to write (default amplify_outputs.json); gen1: the folder to write both files into (default: here).", valueName: "path"))
    var output: String?

    func run() async throws {
        try await reportingUserErrors {
            let document = try schemaOptions.loadDocument()
            let authorization = try authOptions.configuration(schema: SchemaAuthorization(document))
            var configuration = ClientConfiguration(url: url, region: region, apiKey: apiKey, modes: authorization.modes)
            configuration.userPool = authOptions.userPool(modes: authorization.modes)
            for (path, text) in try Self.files(configuration, schema: document.schema, format: format, output: output) {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw UserError("Cannot write '\(path)': \(error.localizedDescription)")
                }
                print("Wrote \(path)")
            }
        }
    }

    /// The files `format` writes under `output`, and their text.
    static func files(_ configuration: ClientConfiguration, schema: Schema, format: Format, output: String?) throws -> [(String, String)] {
        guard URL(string: configuration.url).flatMap({ $0.scheme }).map({ ["http", "https"].contains($0) }) == true else {
            throw UserError("--url must be an http:// or https:// URL of the GraphQL endpoint; got '\(configuration.url)'.")
        }
        switch format {
        case .gen2:
            return [(output ?? "amplify_outputs.json", configuration.amplifyOutputs(for: schema))]
        case .gen1:
            let folder = URL(fileURLWithPath: output ?? ".", isDirectory: true)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return [
                (folder.appendingPathComponent("aws-exports.js").path, configuration.awsExports()),
                (folder.appendingPathComponent("amplifyconfiguration.json").path, configuration.amplifyConfigurationJSON()),
            ]
        }
    }
}
