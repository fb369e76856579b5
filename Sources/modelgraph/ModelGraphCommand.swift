import ArgumentParser

/// `modelgraph`: the one executable. Argument parsing and wiring only; the work lives in the library targets.
@main
struct ModelGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgraph",
        abstract: "A GraphQL API server for Amplify-style schemas, backed by PostgreSQL.",
        subcommands: [Serve.self, Migrate.self, Keys.self, Validate.self, PrintSchema.self]
    )
}
