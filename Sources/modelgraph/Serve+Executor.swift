import APISchema
import Execution
import Functions
import Gen2Schema
import Logging
import ModelIR
import Planner
import Postgres
import Storage
import Store

/// How `serve` builds its executor: the options' limits and planner, and what custom operations need.
extension Serve {
    /// The executor the options describe.
    func makeExecutor(
        api: APISchema, databaseSchema: String?, storage: StorageSchema?, hasCaseFolding: Bool, client: PostgresClient, logger: Logger, defaultMode: AuthProvider
    ) -> GraphQLExecutor {
        let limits = RequestLimits(
            maximumDepth: maxDepth, maximumAliases: maxAliases, maximumFields: maxFields, maximumNesting: maxNesting, maximumTokens: maxTokens, maximumCost: maxCost)
        var view = APISchemaView(
            api: api, databaseSchema: databaseSchema, storage: storage, maximumLimit: maxPage, maximumFilterConditions: maxFilterConditions,
            hasCaseFolding: hasCaseFolding)
        view.writeLimits = WriteLimits(maximumNesting: maxWriteNesting, maximumRecords: maxWriteRecords, maximumBatch: maxBatch)
        view.defaultMode = defaultMode
        let planner = OperationPlanner(view: view, limits: limits, cacheBudget: cacheMemory << 20)
        var executor = GraphQLExecutor(planner: planner, runner: client, logger: logger)
        executor.slowStatementThreshold = .milliseconds(slowStatement)
        executor.requestTimeBudget = statementTimeout > 0 ? .milliseconds(statementTimeout) : nil
        executor.maximumResponseBytes = maxResponse << 20
        // Waiting beyond the in-flight bound cannot happen: that many requests are refused with 429 first.
        if maxDatabasePerKey > 0 { executor.keyPermits = KeyPermits(permits: maxDatabasePerKey, maximumWaiting: maxConcurrentPerKey) }
        return executor
    }

    /// The Gen 2 file's notes, said once, and the invoker of the schema's functions; a malformed `--function`
    /// stops serve here, before it touches a database.
    func customOperationFunctions(_ document: SchemaDocument, logger: Logger) throws -> HTTPFunctions? {
        for note in document.conversion?.notes ?? [] { logger.notice("\(schemaOptions.schema): \(note)") }
        let (functions, unmapped) = try functionOptions.invoker(for: document.schema)
        if !unmapped.isEmpty { logger.warning("no --function maps \(unmapped.joined(separator: ", ")): custom operations that call them answer with an error") }
        return functions
    }

    /// `schema` with its SQL handlers checked against the database, and `api` built again from it, when it has any.
    func checkCustomSQL(_ schema: inout ModelIR.Schema, api: inout APISchema, document: SchemaDocument, client: PostgresClient) async throws {
        guard schema.customOperations.contains(where: { if case .sql = $0.handler { true } else { false } }) else { return }
        schema = try await CustomSQLCheck.checked(schema, document: document, client: client)
        api = try apiOptions.build(from: schema)
    }

    /// Gives `executor` the functions, the sender of `@http` calls and the read-only pool custom queries' SQL runs on; returns that pool, for
    /// the caller to shut down.
    func equipForCustomOperations(
        _ executor: inout GraphQLExecutor, schema: ModelIR.Schema, functions: HTTPFunctions?, client: PostgresClient, hasReplicas: Bool, logger: Logger
    ) throws -> PostgresClient? {
        executor.functions = functions
        executor.httpResolvers = try functionOptions.httpResolvers(for: schema)
        let readOnly = ReadOnlyQueries.pool(for: schema, primary: client, hasReplicas: hasReplicas, logger: logger)
        executor.readOnlyRunner = readOnly
        return readOnly
    }
}
