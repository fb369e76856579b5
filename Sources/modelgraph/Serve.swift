import APISchema
import ArgumentParser
import Authentication
import EmbeddedPostgres
import Execution
import Foundation
import Logging
import Migrations
import ModelIR
import Planner
import Postgres
import Server
import Storage
import Store
import Studio

/// `modelgraph serve`: migrate, make sure a key exists, and serve `POST /graphql`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply pending migrations and serve the GraphQL API.",
        discussion:
            "Every option also reads the environment variable named in its help. `modelgraph --config FILE serve …` loads NAME=value lines with those names first; the environment and flags win over the file. "
            + "A Gen 2 schema's defineData authorizationModes set what these leave unset: the default and additional modes, the OIDC issuer and client id, and the lifetime of the API key serve makes. "
            + "A schema that maps an existing database is served from --database-url (or DATABASE_URL), else from the environment variable its connectionUri secret names; never from ModelGraph's own PostgreSQL."
    )
    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var apiOptions: APIOptions
    @OptionGroup var migrationOptions: MigrationOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @OptionGroup(title: "Authorization modes") var authOptions: AuthOptions
    @OptionGroup(title: "Read replicas") var replicaOptions: ReplicaOptions
    @Option(help: "Address to listen on (env MODELGRAPH_HOST).") var host: String = ProcessInfo.processInfo.environment["MODELGRAPH_HOST"] ?? "127.0.0.1"
    @Option(help: "Port to listen on (env MODELGRAPH_PORT).") var port: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_PORT"] ?? "") ?? 8080
    @Option(help: "Database connections in the pool (env MODELGRAPH_CONNECTIONS; default: processor cores + 1, each one a thread waiting on PostgreSQL).")
    var connections: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_CONNECTIONS"] ?? "") ?? Serve.defaultConnections

    @Option(
        help:
            "Pipelined connections that single statements share, answered without a thread per connection (env MODELGRAPH_PIPELINED_CONNECTIONS; default 0: off, see docs/performance.md)."
    )
    var pipelinedConnections: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_PIPELINED_CONNECTIONS"] ?? "") ?? 0

    @Option(help: "Statements one pipelined connection may have in flight; more wait in order for the first with room (env MODELGRAPH_PIPELINE_DEPTH).")
    var pipelineDepth: Int = Self.environment("MODELGRAPH_PIPELINE_DEPTH", PostgresClient.Configuration.defaultPipelineDepth)

    @Option(help: "HTTP event loop threads (env MODELGRAPH_EVENT_LOOPS; default: half the processor cores, at least 1, leaving the rest to PostgreSQL).")
    var eventLoops: Int = Int(ProcessInfo.processInfo.environment["MODELGRAPH_EVENT_LOOPS"] ?? "") ?? ConcurrencyExecutor.defaultEventLoopCount

    /// The event loop count from `--event-loops N` (or `=N`) or MODELGRAPH_EVENT_LOOPS, read before the
    /// arguments are parsed: the loops must exist before the first task runs.
    static func eventLoopCount(arguments: [String]) -> Int? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--event-loops", index + 1 < arguments.count { return Int(arguments[index + 1]) }
            if argument.hasPrefix("--event-loops=") { return Int(argument.dropFirst("--event-loops=".count)) }
        }
        return Int(ProcessInfo.processInfo.environment["MODELGRAPH_EVENT_LOOPS"] ?? "")
    }

    /// Connections when none are configured. Each is a thread blocked in libpq while PostgreSQL works; beyond the
    /// cores, more of them add scheduling delay, not throughput (docs/performance.md: on 2 cores, 8 connections
    /// gave p99 30–100 ms where 2–3 gave 3–7 ms, at the same or better throughput).
    static let defaultConnections = max(2, ProcessInfo.processInfo.activeProcessorCount + 1)
    @Option(
        name: .customLong("schema-name"),
        help: "For a schema that maps an existing database: the PostgreSQL schema holding its tables (env MODELGRAPH_SCHEMA_NAME).")
    var schemaName: String = ProcessInfo.processInfo.environment["MODELGRAPH_SCHEMA_NAME"] ?? "public"
    @Flag(help: "Do not apply pending migrations at start-up.") var noMigrate = false
    @OptionGroup var outputsOptions: ServeOutputs
    @OptionGroup(title: "Custom operations' functions") var functionOptions: FunctionOptions
    @OptionGroup(title: "Tracing (docs/observability.md)") var tracingOptions: TracingOptions
    @Flag(help: "Apply pending migrations at start-up even when they drop data (marked DESTRUCTIVE); without it serve refuses and names them.")
    var allowDestructive = false

    /// Refuses to apply, unattended, pending files whose steps lose data (`migrate generate` marks each such
    /// step `-- DESTRUCTIVE:`), unless `--allow-destructive` says so; `migrate apply` is the deliberate way.
    func refuseUnallowedDataLoss(runner: MigrationRunner, directory: MigrationDirectory) async throws {
        guard !allowDestructive else { return }
        let pending = Set(try await runner.status().pending)
        let losses = try directory.files().filter { pending.contains($0.name) }.flatMap { file in
            file.sql.split(separator: "\n").filter { $0.hasPrefix("-- DESTRUCTIVE:") }.map {
                "  - \(file.name): " + $0.dropFirst("-- DESTRUCTIVE:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        guard losses.isEmpty else {
            throw UserError(
                "Pending migrations would lose data:\n" + losses.joined(separator: "\n")
                    + "\nApply them deliberately with `modelgraph migrate apply`, or start serve with --allow-destructive.")
        }
    }
    @Option(help: "Origins allowed by CORS, repeatable; '*' for any (env MODELGRAPH_CORS_ORIGINS, comma-separated). Off by default.")
    var corsOrigin: [String] = (ProcessInfo.processInfo.environment["MODELGRAPH_CORS_ORIGINS"] ?? "").split(separator: ",").map(String.init)
    @Flag(help: "Refuse introspection queries (env MODELGRAPH_NO_INTROSPECTION=1).")
    var noIntrospection = false
    @Flag(help: "Serve no studio at / and /studio/ (env MODELGRAPH_NO_STUDIO=1; docs/studio.md).")
    var noStudio = false
    @Flag(
        inversion: .prefixedNo,
        help:
            "Let the studio show each operation's SQL and PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) at POST /studio/plan (env MODELGRAPH_STUDIO_PLANS=1 or 0; default: on with the embedded database, off with --database-url)."
    )
    var studioPlans: Bool?
    @Option(help: "Largest request body in bytes (env MODELGRAPH_MAX_BODY).") var maxBody: Int = Self.environment("MODELGRAPH_MAX_BODY", 2 << 20)
    @Option(help: "Deepest selection nesting (env MODELGRAPH_MAX_DEPTH).") var maxDepth: Int = Self.environment("MODELGRAPH_MAX_DEPTH", 15)
    @Option(help: "Most aliases per operation (env MODELGRAPH_MAX_ALIASES).") var maxAliases: Int = Self.environment("MODELGRAPH_MAX_ALIASES", 1000)
    @Option(help: "Most selected fields per operation (env MODELGRAPH_MAX_FIELDS).") var maxFields: Int = Self.environment("MODELGRAPH_MAX_FIELDS", 10_000)
    @Option(help: "Deepest nesting of brackets in a document, of JSON in a body, and of fragments spreading fragments, at most 512 (env MODELGRAPH_MAX_NESTING).")
    var maxNesting: Int = Self.environment("MODELGRAPH_MAX_NESTING", 64)
    @Option(help: "Most tokens in one document, counted before it is parsed (env MODELGRAPH_MAX_TOKENS).")
    var maxTokens: Int = Self.environment("MODELGRAPH_MAX_TOKENS", 15_000)
    @Option(help: "Megabytes of memory for cached documents and plans, estimated, least recently used dropped first (env MODELGRAPH_CACHE_MEMORY_MB).")
    var cacheMemory: Int = Self.environment("MODELGRAPH_CACHE_MEMORY_MB", OperationPlanner.defaultCacheBudget >> 20)
    @Option(help: "Most rows an operation may produce in the worst case, each connection's page multiplying what is under it (env MODELGRAPH_MAX_COST).")
    var maxCost: Int = Self.environment("MODELGRAPH_MAX_COST", RequestLimits.defaultMaximumCost)
    @Option(help: "Most megabytes of data in one response (env MODELGRAPH_MAX_RESPONSE_MB).")
    var maxResponse: Int = Self.environment("MODELGRAPH_MAX_RESPONSE_MB", 32)
    @Option(help: "Most conditions in one filter or condition argument (env MODELGRAPH_MAX_FILTER_CONDITIONS).")
    var maxFilterConditions: Int = Self.environment("MODELGRAPH_MAX_FILTER_CONDITIONS", 1000)
    @Option(help: "Largest page a client can ask for; larger limits are clamped (env MODELGRAPH_MAX_PAGE).") var maxPage: Int = Self.environment("MODELGRAPH_MAX_PAGE", 1000)
    @Option(help: "Most items in one batch mutation's input (env MODELGRAPH_MAX_BATCH).") var maxBatch: Int = Self.environment("MODELGRAPH_MAX_BATCH", 100)
    @Option(help: "Most records one mutation field may write, nested and batch writes included (env MODELGRAPH_MAX_WRITE_RECORDS).")
    var maxWriteRecords: Int = Self.environment("MODELGRAPH_MAX_WRITE_RECORDS", 1000)
    @Option(help: "Deepest chain of relationships one nested write may follow (env MODELGRAPH_MAX_WRITE_NESTING).")
    var maxWriteNesting: Int = Self.environment("MODELGRAPH_MAX_WRITE_NESTING", 5)
    @Option(help: "Requests one API key may have in flight (env MODELGRAPH_MAX_CONCURRENT_PER_KEY).") var maxConcurrentPerKey: Int = Self.environment(
        "MODELGRAPH_MAX_CONCURRENT_PER_KEY", 256)
    @Option(
        help:
            "Requests of one API key that may use the database at once, the rest waiting in order (default 0: no cap; the pool serves keys in turn anyway; env MODELGRAPH_MAX_DATABASE_PER_KEY)."
    ) var maxDatabasePerKey: Int = Self.environment("MODELGRAPH_MAX_DATABASE_PER_KEY", 0)
    @Option(
        help:
            "Seconds a connection may take to deliver a whole request head, from its opening or the previous response; also the keep-alive idle time (env MODELGRAPH_REQUEST_HEAD_TIMEOUT)."
    )
    var requestHeadTimeout: Int = Self.environment("MODELGRAPH_REQUEST_HEAD_TIMEOUT", 30)
    @Option(help: "Seconds a request body may take to arrive after its head (env MODELGRAPH_REQUEST_BODY_TIMEOUT).")
    var requestBodyTimeout: Int = Self.environment("MODELGRAPH_REQUEST_BODY_TIMEOUT", 60)
    @Option(help: "Most open client connections; more wait to be accepted (env MODELGRAPH_MAX_CONNECTIONS).")
    var maxConnections: Int = Self.environment("MODELGRAPH_MAX_CONNECTIONS", 4096)
    @Option(help: "Bearer token /metrics asks for; without it /metrics answers clients on this machine only (env MODELGRAPH_METRICS_TOKEN).")
    var metricsToken: String = ProcessInfo.processInfo.environment["MODELGRAPH_METRICS_TOKEN"] ?? ""
    @Option(help: "PEM certificate chain: serve HTTPS and WSS directly, with --tls-key (env MODELGRAPH_TLS_CERT).")
    var tlsCert: String = ProcessInfo.processInfo.environment["MODELGRAPH_TLS_CERT"] ?? ""
    @Option(help: "PEM private key of --tls-cert (env MODELGRAPH_TLS_KEY).")
    var tlsKey: String = ProcessInfo.processInfo.environment["MODELGRAPH_TLS_KEY"] ?? ""
    @OptionGroup var developmentTLS: DevelopmentTLSOptions
    @Option(help: "Log statements slower than this many milliseconds (env MODELGRAPH_SLOW_STATEMENT_MS).") var slowStatement: Int = Self.environment(
        "MODELGRAPH_SLOW_STATEMENT_MS", 500)
    @Option(help: "PostgreSQL statement timeout in milliseconds (env MODELGRAPH_STATEMENT_TIMEOUT_MS).") var statementTimeout: Int = Self.environment(
        "MODELGRAPH_STATEMENT_TIMEOUT_MS", 10_000)
    @Option(
        help:
            "PostgreSQL's plan_cache_mode for ModelGraph's prepared statements: auto, force_generic_plan or force_custom_plan (env MODELGRAPH_PLAN_CACHE_MODE; needs PostgreSQL 12 or later)."
    )
    var planCacheMode: PlanCacheMode = ProcessInfo.processInfo.environment["MODELGRAPH_PLAN_CACHE_MODE"].flatMap(PlanCacheMode.init(rawValue:)) ?? .forceGenericPlan
    @Option(help: "PostgreSQL's random_page_cost for ModelGraph's connections; 0 keeps the server's (env MODELGRAPH_RANDOM_PAGE_COST; default 1.1, for SSDs or cached data).")
    var randomPageCost: Double = ProcessInfo.processInfo.environment["MODELGRAPH_RANDOM_PAGE_COST"].flatMap(Double.init) ?? PostgresClient.Configuration.defaultRandomPageCost

    @Option(
        help:
            "A connection pooler between serve and PostgreSQL: none, session, or transaction for PgBouncer's pool_mode = transaction (unnamed statements, no session state; needs --direct-database-url; env MODELGRAPH_POOLER; docs/scaling.md)."
    )
    var pooler: PoolerMode = ProcessInfo.processInfo.environment["MODELGRAPH_POOLER"].flatMap(PoolerMode.init(rawValue:)) ?? PoolerMode.none
    @Option(
        name: .customLong("direct-database-url"),
        help:
            "With --pooler transaction: a URL that reaches PostgreSQL itself, for the change feed's LISTEN (real-time and API key revocations) (env MODELGRAPH_DIRECT_DATABASE_URL)."
    )
    var directDatabaseURL: String = ProcessInfo.processInfo.environment["MODELGRAPH_DIRECT_DATABASE_URL"] ?? ""
    @Option(
        help:
            "This process's name in metrics, request ids and logs, for telling instances apart (env MODELGRAPH_INSTANCE_ID; default: host name:process id)."
    )
    var instanceID: String = ProcessInfo.processInfo.environment["MODELGRAPH_INSTANCE_ID"] ?? Serve.defaultInstanceID
    @Option(
        help:
            "Seconds an API key's check is trusted before the key is read again: a revocation another instance missed the announcement of takes effect within this time (env MODELGRAPH_KEY_CACHE_SECONDS)."
    )
    var keyCacheSeconds: Int = Self.environment("MODELGRAPH_KEY_CACHE_SECONDS", Int(APIKeyStore.defaultCacheLifetime))

    /// The instance id when none is configured: the host name and the process id.
    static var defaultInstanceID: String { "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)" }

    static func environment(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
    }

    func validate() throws {
        if tlsCert.isEmpty != tlsKey.isEmpty { throw ValidationError("--tls-cert and --tls-key go together: give both, or neither.") }
        if developmentTLS.enabled, !tlsCert.isEmpty { throw ValidationError("--dev-tls makes its own certificate: give it or --tls-cert/--tls-key, not both.") }
        for (name, value) in [
            ("--port", port), ("--connections", connections), ("--pipeline-depth", pipelineDepth), ("--event-loops", eventLoops), ("--max-body", maxBody),
            ("--max-depth", maxDepth), ("--max-aliases", maxAliases), ("--max-fields", maxFields), ("--max-nesting", maxNesting), ("--max-cost", maxCost),
            ("--max-response", maxResponse), ("--cache-memory", cacheMemory), ("--request-head-timeout", requestHeadTimeout), ("--request-body-timeout", requestBodyTimeout),
            ("--max-connections", maxConnections), ("--max-tokens", maxTokens), ("--max-filter-conditions", maxFilterConditions), ("--max-page", maxPage),
            ("--max-batch", maxBatch), ("--max-write-records", maxWriteRecords), ("--max-write-nesting", maxWriteNesting),
            ("--max-concurrent-per-key", maxConcurrentPerKey), ("--max-database-per-key", maxDatabasePerKey + 1),
        ] where value < (name == "--port" ? 0 : 1) {
            throw ValidationError("\(name) must be a positive number; got \(value).")
        }
        guard maxNesting <= RequestLimits.nestingCeiling else {
            throw ValidationError("--max-nesting must be at most \(RequestLimits.nestingCeiling); got \(maxNesting).")
        }
        guard pipelinedConnections >= 0 else { throw ValidationError("--pipelined-connections must be 0 or more; got \(pipelinedConnections).") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; got \(port).") }
        guard statementTimeout >= 0 else { throw ValidationError("--statement-timeout must not be negative.") }
        guard randomPageCost >= 0, randomPageCost.isFinite else {
            throw ValidationError("--random-page-cost must be 0 (the server's setting) or a positive number; got \(randomPageCost).")
        }
        if let cost = ProcessInfo.processInfo.environment["MODELGRAPH_RANDOM_PAGE_COST"], Double(cost) == nil {
            throw ValidationError("MODELGRAPH_RANDOM_PAGE_COST must be a number; got '\(cost)'.")
        }
        if let plans = ProcessInfo.processInfo.environment["MODELGRAPH_STUDIO_PLANS"], plans != "1", plans != "0" {
            throw ValidationError("MODELGRAPH_STUDIO_PLANS must be 1 or 0; got '\(plans)'.")
        }
        try validateScaleOutOptions()
        if let mode = ProcessInfo.processInfo.environment["MODELGRAPH_PLAN_CACHE_MODE"], PlanCacheMode(rawValue: mode) == nil {
            throw ValidationError("MODELGRAPH_PLAN_CACHE_MODE must be one of \(PlanCacheMode.allValueStrings.joined(separator: ", ")); got '\(mode)'.")
        }
    }

    func run() async throws {
        try await reportingUserErrors {
            // Every line says which instance wrote it, as request ids and metrics do.
            let logger = makeLogger("modelgraph", instanceID: instanceID)
            // Checked and started first: a build without the exporter stops here, before any database work.
            let traceExport = try tracingOptions.settings().map { try TracingBootstrap.start($0, logger: logger) }
            let startup = StartupSignals(logger: logger)
            let document = try schemaOptions.loadDocument()
            let schemaAuthorization = SchemaAuthorization(document)
            let authorization = try authOptions.configuration(schema: schemaAuthorization)
            var schema = document.schema.defaultingGroupClaim(to: authorization.groupClaim)
            let functions = try customOperationFunctions(document, logger: logger)
            // An existing database's API is built again once bound to its tables, and reports its warnings then.
            var api = try apiOptions.build(from: schema, reportingWarnings: !schema.isExistingDatabase)
            let directory = MigrationDirectory(url: URL(fileURLWithPath: migrationOptions.migrations))
            if !schema.isExistingDatabase, !noMigrate, try directory.files().isEmpty {
                // A first run: there is nothing to review against, so the first migration is written and applied.
                let generation = MigrationGeneration(directory: directory)
                if case .written(let url, let steps) = try generation.generate(for: schema) {
                    logger.notice(
                        "no migrations yet: wrote \(url.path) (\(steps) step(s)) from \(schemaOptions.schema), applied below; keep it with the schema. Later changes need `modelgraph migrate generate` and a review before serve applies them."
                    )
                }
            }
            guard try schema.isExistingDatabase || directory.latestSnapshot() == StorageMapping.storage(for: schema) else {
                throw UserError("\(schemaOptions.schema) has changes that no migration holds yet. Run `modelgraph migrate generate` first, review the file, then serve again.")
            }
            // A port in use stops serve here, before it starts or migrates a database.
            try await checkListenAddress(host: host, port: port)
            try developmentTLS.prepare(logger: logger)
            try startup.check()
            let (client, cluster) = try databaseOptions.resolved(for: document).connect(logger: logger, sharing: .exclusive) { database in
                database.connections = connections
                database.pipelinedConnections = pipelinedConnections
                database.pipelineDepth = pipelineDepth
                database.statementTimeoutMilliseconds = statementTimeout
                database.planCacheMode = planCacheMode
                database.randomPageCost = randomPageCost > 0 ? randomPageCost : nil
                database.pooler = pooler
                database.directConninfo = directDatabaseURL.isEmpty ? nil : directDatabaseURL
            }
            defer {
                client.shutdown()
                cluster?.stop()
            }
            try await PoolerCheck(pooler: pooler, logger: logger).run(client: client, embedded: cluster != nil)
            var existingStorage: StorageSchema?
            if schema.isExistingDatabase {
                // Only ModelGraph's own `modelgraph` schema (API keys, migration history, change log) and its
                // change-log triggers are created; the mapped tables are checked, never altered otherwise.
                try await SystemTables.ensure(client)
                (schema, existingStorage) = try await ExistingDatabase.bind(schema, schemaFile: schemaOptions.schema, client: client, schemaName: schemaName)
                api = try apiOptions.build(from: schema)
                try await ExistingDatabase.captureChanges(of: schema, schemaName: schemaName, client: client)
                logger.info(
                    "serving the existing tables of \(schemaOptions.schema) as they are: no migrations; ModelGraph's change-log trigger on the tables of models with subscriptions")
                if await !client.connectPipelines() {
                    logger.warning("the pipelined connections are not ready yet; statements use the pooled connections until they are")
                }
            } else {
                let runner = MigrationRunner(client: client, directory: directory)
                try await bringUpToDate(runner: runner, directory: directory, client: client, startup: startup, logger: logger)
            }
            try await checkCustomSQL(&schema, api: &api, document: document, client: client)
            // Queries read from the replicas; writes, transactions and subscriptions' delivery stay on the primary.
            // API keys are read there too, so a request a replica serves costs the primary nothing.
            let replicas = replicaOptions.router(primary: client, logger: logger)
            defer { replicas?.shutdown() }
            let keys = APIKeyStore(
                client: client, cacheLifetime: TimeInterval(keyCacheSeconds),
                replicaRead: ReplicaOptions.keyReads(on: replicas))
            // Without the apiKey mode no key would be accepted: none is made.
            var madeKey: String?
            if authorization.modes.contains(.apiKey), try await !keys.hasUsableKey() {
                let key = try await keys.create(description: "created by serve", lifetime: schemaAuthorization.apiKeyLifetime ?? APIKeyStore.defaultLifetime)
                FileHandle.standardError.write(Data("API key: \(key)\n".utf8))
                madeKey = key
            }
            let outputsKey = authorization.modes.contains(.apiKey) ? await outputsOptions.apiKey(made: madeKey, keys: keys) : nil
            let servedSchema = schema
            let userPool = authOptions.userPool(modes: authorization.modes)
            for model in schema.models where model.auth.publicOperations.isEmpty {
                logger.warning("model \(model.name) has no @auth rule and there is no global auth rule: nobody can reach it")
            }
            for model in schema.models {
                for provider in model.auth.providers.subtracting(authorization.modes).sorted(by: { $0.rawValue < $1.rawValue }) {
                    logger.warning("model \(model.name) has @auth rules for \(provider.rawValue), which is not an authorization mode of this server: they grant nothing")
                }
            }
            logger.info("authorization modes: \(authorization.summary)")
            let authenticator = authorization.authenticator(keys: keys)
            let hasCaseFolding = try await CaseFolding.available(on: client, logger: logger)
            var executor = makeExecutor(
                api: api, databaseSchema: schema.isExistingDatabase ? schemaName : nil, storage: existingStorage, hasCaseFolding: hasCaseFolding, client: client, logger: logger,
                defaultMode: authorization.modes.first ?? .apiKey)
            if let replicas { executor = executor.running(on: replicas) }
            let readOnly = try equipForCustomOperations(&executor, schema: schema, functions: functions, client: client, hasReplicas: replicas != nil, logger: logger)
            defer { readOnly?.shutdown() }
            let realtime = try await RealtimeDelivery.prepare(executor: &executor, client: client, keys: keys, authenticator: authenticator, logger: logger)
            var serving = serverConfiguration
            serving.studio = studioSettings(embeddedDatabase: cluster != nil)
            let configuration = serving
            // Conflict detection's tombstones older than the retention go, now and then every hour.
            let purge = Task { [schema] in
                while !Task.isCancelled, schema.conflictDetection != nil {
                    do {
                        let removed = try await TombstonePurge.run(schema, client: client)
                        if removed > 0 { logger.info("purged \(removed) tombstone(s) older than the retention") }
                    } catch {
                        logger.warning("tombstone purge failed; it runs again later", metadata: ["error": "\(error)"])
                    }
                    try? await Task.sleep(for: TombstonePurge.interval)
                }
            }
            defer { purge.cancel() }
            try await serveWhileWatching(cluster, host: host, port: port) { [executor] in
                try await runServer(
                    configuration: configuration, executor: executor, client: client, keys: keys, authenticator: authenticator, logger: logger, realtime: realtime,
                    companions: traceExport.map { [$0] } ?? [],
                    onServerRunning: { port in
                        let scheme = configuration.tls == nil ? "http" : "https"
                        logger.info("serving \(scheme)://\(host):\(port)/graphql (real-time: \(scheme == "http" ? "ws" : "wss")://\(host):\(port)/graphql/realtime)")
                        outputsOptions.write(
                            url: ServeOutputs.url(scheme: scheme, host: host, port: port), apiKey: outputsKey, modes: authorization.modes, userPool: userPool, schema: servedSchema,
                            logger: logger)
                        if let studio = configuration.studio {
                            logger.info("studio: \(scheme)://\(host):\(port)/ (plans \(studio.plans ? "on" : "off"))")
                        }
                        startup.handOver()
                    }
                )
            }
        }
    }

    /// Applies the pending migrations (unless `--no-migrate`; refusing data loss without
    /// `--allow-destructive`), then checks that the database is neither behind nor drifted, and opens the
    /// pipelined connections. `startup` stops it between steps on SIGTERM.
    private func bringUpToDate(runner: MigrationRunner, directory: MigrationDirectory, client: PostgresClient, startup: StartupSignals, logger: Logger) async throws {
        try startup.check()
        if !noMigrate {
            try await refuseUnallowedDataLoss(runner: runner, directory: directory)
            for name in try await runner.apply() { logger.info("applied migration \(name)") }
        }
        try startup.check()
        let status = try await runner.status()
        guard status.pending.isEmpty else {
            throw UserError("The database is behind the migrations (\(status.pending.joined(separator: ", "))). Run `modelgraph migrate apply`.")
        }
        let drift = try await runner.drift()
        guard drift.isEmpty else {
            throw UserError(
                "The database has drifted from the migrations:\n" + drift.map { "  - " + $0 }.joined(separator: "\n")
                    + "\nRun `modelgraph migrate status` for the full report; repair the database or write a migration that matches it (`modelgraph migrate generate`).")
        }
        if await !client.connectPipelines() {
            logger.warning("the pipelined connections are not ready yet; statements use the pooled connections until they are")
        }
    }

    /// The studio the options describe: nil with `--no-studio`. Plans default to on only with the embedded
    /// database: SQL and PostgreSQL's plans describe a shared database's internals.
    private func studioSettings(embeddedDatabase: Bool) -> StudioSettings? {
        // The environment is read here, not as the flag's default: a flag whose default is true could not be turned off.
        guard !noStudio, ProcessInfo.processInfo.environment["MODELGRAPH_NO_STUDIO"] != "1" else { return nil }
        let assets = StudioAssets.embedded
        let environment = ProcessInfo.processInfo.environment["MODELGRAPH_STUDIO_PLANS"].flatMap { ["1": true, "0": false][$0] }
        return StudioSettings(assets: assets, plans: studioPlans ?? environment ?? embeddedDatabase)
    }

    /// The HTTP server's configuration the options describe.
    private var serverConfiguration: ServerConfiguration {
        ServerConfiguration(
            host: host, port: port, maximumBodySize: maxBody, corsOrigins: corsOrigin,
            introspection: !(noIntrospection || ProcessInfo.processInfo.environment["MODELGRAPH_NO_INTROSPECTION"] == "1"), maximumConcurrentRequestsPerKey: maxConcurrentPerKey,
            requestHeadTimeout: .seconds(requestHeadTimeout), requestBodyTimeout: .seconds(requestBodyTimeout), maximumConnections: maxConnections,
            metricsToken: metricsToken.isEmpty ? nil : metricsToken,
            tls: developmentTLS.files ?? (tlsCert.isEmpty ? nil : TLSFiles(certificateChain: tlsCert, privateKey: tlsKey)), instanceID: instanceID
        )
    }
}

/// `--plan-cache-mode` takes PostgreSQL's own names.
extension PlanCacheMode: ExpressibleByArgument {}

/// `--pooler` takes the mode's name.
extension PoolerMode: ExpressibleByArgument {}
