import APISchema
import ArgumentParser
import Foundation
import JSON
import ModelIR
import Planner
import Postgres

/// `modelgraph plan --schema F --query Q [--variables JSON] [--claims JSON [--mode M]]`: prints the SQL and
/// parameters an operation runs, for an API-key caller or a signed-in user with those token claims. For a schema
/// that maps an existing database, `--database-url` plans with the columns' real types, as `serve` does.
struct Plan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the SQL statement(s) and parameters planned for an operation.")
    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var apiOptions: APIOptions
    @Option(help: "The GraphQL operation, or @FILE to read it from a file.") var query: String
    @Option(help: "Variables as a JSON object.") var variables: String = "{}"
    @Option(help: "The operation to plan, when the document has several.") var operationName: String?
    @Option(help: "Plan for a signed-in user whose verified token has these claims (a JSON object), e.g. '{\"sub\":\"…\",\"cognito:username\":\"alice\"}'.")
    var claims: String?
    @Option(help: "The mode of --claims: userPools (default) or oidc.") var mode: String = "userPools"
    @Option(
        name: .customLong("database-url"),
        help: "For a schema that maps an existing database: a postgresql:// URL or libpq keyword string (env DATABASE_URL) to read the columns' types from, as serve does.")
    var databaseURL: String?
    @Option(
        name: .customLong("schema-name"),
        help: "For a schema that maps an existing database: the PostgreSQL schema holding its tables (env MODELGRAPH_SCHEMA_NAME).")
    var schemaName: String = ProcessInfo.processInfo.environment["MODELGRAPH_SCHEMA_NAME"] ?? "public"

    func run() async throws {
        try await reportingUserErrors {
            let text: String
            if query.hasPrefix("@") {
                let path = String(query.dropFirst())
                guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw UserError("cannot read the operation from \(path): \(whyUnreadable(path)).")
                }
                text = contents
            } else {
                text = query
            }
            // Read as the server reads a request's variables, so the printed plan is the one the server runs.
            guard case .object(let fields)? = try? JSONReader.parse(Array(variables.utf8)) else {
                throw UserError("--variables must be a JSON object.")
            }
            let inputs = Dictionary(fields.map { ($0.0, InputValue($0.1)) }, uniquingKeysWith: { $1 })
            let caller = try self.caller()
            let planner = OperationPlanner(view: try await view())
            if planner.operationType(query: text, operationName: operationName) == "subscription" {
                return try printSubscription(planner, text, inputs, caller: caller)
            }
            let plan: PlannedOperation
            do {
                plan = try planner.plan(query: text, operationName: operationName, inputs: inputs, caller: caller)
            } catch let error as PlanErrors {
                throw UserError(error.errors.map { $0.message }.joined(separator: "\n"))
            }
            for (key, field) in plan.fields {
                switch field {
                case .statement(let statement, _):
                    print(
                        "-- \(key)\(statement.needsCustomPlan ? " (planned for its values)" : "")\n\(statement.sql);\n-- parameters: \(statement.parameters.map { $0 ?? "NULL" })")
                    if let readBack = statement.readBack { print("-- then, with the written key:\n\(readBack.sql);") }
                case .custom(let custom):
                    if let statement = custom.statement {
                        print("-- \(key) (SQL handler of \(custom.operation.name))\n\(statement.sql);\n-- parameters: \(statement.parameters.map { $0 ?? "NULL" })")
                    } else {
                        print("-- \(key): answered by the handler of \(custom.operation.name), arguments \(JSONText.encode(custom.arguments))")
                        if let read = custom.modelRead { print("-- then, with the records it returns as $1:\n\(read.sql);") }
                    }
                case .constant(let json): print("-- \(key): \(json)")
                case .failure(let error): print("-- \(key): error: \(error.message)")
                }
            }
        }
    }

    /// What the planner sees. For a schema that maps an existing database: with a database URL, the schema bound
    /// to its tables' column types, as `serve` binds it (a mismatch stops here, as it stops `serve`); without one,
    /// the storage mapping's types, which the output says first.
    private func view() async throws -> APISchemaView {
        let schema = try schemaOptions.load()
        guard schema.isExistingDatabase else { return APISchemaView(api: try apiOptions.build(from: schema)) }
        guard let url = databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else {
            print(
                "-- \(schemaOptions.schema) maps an existing database, but no --database-url (or DATABASE_URL) was given: the casts below assume "
                    + "ModelGraph's own storage mapping, not the columns' real types, and the table names are unqualified.")
            return APISchemaView(api: try apiOptions.build(from: schema))
        }
        let client = PostgresClient(configuration: .init(conninfo: url, connections: 1))
        defer { client.shutdown() }
        let (bound, storage) = try await ExistingDatabase.bind(schema, schemaFile: schemaOptions.schema, client: client, schemaName: schemaName)
        print("-- planned with the column types of the tables in PostgreSQL schema \(schemaName), read from the database as serve reads them")
        return APISchemaView(api: try apiOptions.build(from: bound), databaseSchema: schemaName, storage: storage)
    }

    /// The caller to plan for: an API-key caller, or the signed-in user `--claims` describes.
    private func caller() throws -> Caller {
        guard let claims else { return .apiKey }
        guard let mode = AuthProvider(rawValue: mode), mode.isToken else { throw UserError("--mode must be userPools or oidc.") }
        guard case .object? = try? JSONReader.parse(Array(claims.utf8)), let parsed = try? JSONReader.parse(Array(claims.utf8)) else {
            throw UserError("--claims must be a JSON object.")
        }
        return Caller(mode: mode, claims: parsed)
    }

    /// Prints what a subscription follows and the statement that reads its selection set for each batch of changes.
    private func printSubscription(_ planner: OperationPlanner, _ text: String, _ inputs: [String: InputValue], caller: Caller) throws {
        let plan: SubscriptionPlan
        do {
            switch try planner.planAnySubscription(query: text, operationName: operationName, inputs: inputs, caller: caller) {
            case .records(let records): plan = records
            case .custom(let custom):
                let filter = custom.filter.map { "\($0.name) = \(JSONText.encode($0.value))" }.joined(separator: " and ")
                print("-- \(custom.responseKey): the answers of \(custom.mutations.joined(separator: ", ")), as published to the change log; no statement")
                print("-- filter: " + (filter.isEmpty ? "none (every answer)" : filter + ", on the answer's top-level fields"))
                if !custom.functions.isEmpty { print("-- called when a client subscribes: \(custom.functions.map(\.name).joined(separator: " → "))") }
                return
            }
        } catch {
            throw UserError(error.errors.map { $0.message }.joined(separator: "\n"))
        }
        print("-- \(plan.responseKey): each \(plan.change.rawValue) of \(plan.model), read for a batch of changes ($1: their row images, $2: read the filterable fields)")
        print("\(plan.delivery.sql);\n-- parameters after $2: \(plan.delivery.parameters.map { $0 ?? "NULL" })")
        if let required = plan.requiredColumnValues {
            let rest = plan.residualFilter.map { "then checks \($0.text)" } ?? "nothing more to check"
            let values = required.values.map(JSONText.quote).joined(separator: ", ")
            print("-- filter \(plan.filter?.text ?? ""): listed under \(required.column) = \(required.values.count == 1 ? values : "each of " + values), \(rest)")
        } else if let filter = plan.filter {
            print("-- filter \(filter.text): checked against each change's filterable fields")
        }
    }
}
