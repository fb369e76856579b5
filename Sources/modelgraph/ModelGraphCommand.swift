import ArgumentParser
import Foundation
import Server

/// `modelgraph`: the one executable. Argument parsing and wiring only; the work lives in the library targets.
@main
struct ModelGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgraph",
        abstract: "A GraphQL API server for Amplify-style schemas, backed by PostgreSQL.",
        subcommands: [Serve.self, Migrate.self, Keys.self, Validate.self, PrintSchema.self, Convert.self, Plan.self, Introspect.self, Codegen.self, Outputs.self, Import.self]
    )

    /// Listed in the help only: `main` takes `--config FILE` out of the arguments and applies it before parsing.
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Read NAME=value settings (the environment variables' names) from a file before the command's options; the environment and flags win over it.", valueName: "file")
    )
    var config: String?

    /// Applies `--config FILE` before the arguments are parsed, so its settings act as environment defaults.
    static func main() async {
        let arguments: [String]
        do {
            arguments = try ConfigFile.apply(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            Foundation.exit(1)
        }
        // Before any task runs: the event loops become Swift concurrency's executor (`serve --event-loops`).
        ConcurrencyExecutor.adoptEventLoops(count: Serve.eventLoopCount(arguments: arguments) ?? ConcurrencyExecutor.defaultEventLoopCount)
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
