import APISchema
import ArgumentParser
import Foundation
import Migrations
import Planner
import Server
import Store

/// `modelgraph serve`: migrate, make sure a key exists, and serve `POST /graphql`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending migrations and serve the GraphQL API.")
    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var migrationOptions: MigrationOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @Option(help: "Address to listen on (env MODELGRAPH_HOST).") var host: String = ProcessInfo.processInfo.environment["MODELGRAPH_HOST"] ?? "127.0.0.1"
    @Option(help: "Port to listen on (env MODELGRAPH_PORT).") var port: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_PORT"] ?? "") ?? 8080
    @Option(help: "Database connections in the pool (env MODELGRAPH_CONNECTIONS).") var connections: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_CONNECTIONS"] ?? "") ?? 8
    @Flag(help: "Do not apply pending migrations at start-up.") var noMigrate = false

    func run() async throws {
        try await reportingUserErrors {
            let logger = makeLogger("modelgraph")
            let schema = try schemaOptions.load()
            let api = try APISchema.build(from: schema)
            let directory = MigrationDirectory(url: URL(fileURLWithPath: migrationOptions.migrations))
            guard try directory.latestSnapshot() == StorageMapping.storage(for: schema) else {
                throw UserError("\(schemaOptions.schema) has changes that no migration holds yet. Run `modelgraph migrate generate` first, review the file, then serve again.")
            }
            let (client, cluster) = try databaseOptions.connect(logger: logger, connections: connections)
            defer {
                client.shutdown()
                cluster?.stop()
            }
            let runner = MigrationRunner(client: client, directory: directory)
            if !noMigrate {
                for name in try await runner.apply() { logger.info("applied migration \(name)") }
            }
            let status = try await runner.status()
            guard status.pending.isEmpty else {
                throw UserError("The database is behind the migrations (\(status.pending.joined(separator: ", "))). Run `modelgraph migrate apply`.")
            }
            let drift = try await runner.drift()
            guard drift.isEmpty else {
                throw UserError("The database has drifted from the migrations:\n" + drift.map { "  - " + $0 }.joined(separator: "\n") + "\nRun `modelgraph migrate status` for the full report; repair the database or write a migration that matches it (`modelgraph migrate generate`).")
            }
            let keys = APIKeyStore(client: client)
            if try await !keys.hasUsableKey() {
                let key = try await keys.create(description: "created by serve")
                FileHandle.standardError.write(Data("API key: \(key)\n".utf8))
            }
            for model in schema.models where model.auth.publicOperations.isEmpty {
                logger.warning("model \(model.name) has no @auth rule and there is no global auth rule: nobody can reach it")
            }
            let executor = GraphQLExecutor(planner: OperationPlanner(view: APISchemaView(api: api)), client: client, logger: logger)
            try await runServer(
                configuration: ServerConfiguration(host: host, port: port), executor: executor, keys: keys, logger: logger,
                onServerRunning: { port in logger.info("serving http://\(host):\(port)/graphql") }
            )
        }
    }
}
