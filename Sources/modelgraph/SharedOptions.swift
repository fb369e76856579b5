import APISchema
import ArgumentParser
import EmbeddedPostgres
import Foundation
import Gen2Schema
import Logging
import ModelIR
import Postgres
import SchemaParser

/// `--schema FILE`.
struct SchemaOptions: ParsableArguments {
    @Option(help: "The schema file: annotated GraphQL, or an Amplify Gen 2 resource.ts / .js (env MODELGRAPH_SCHEMA).")
    var schema: String = ProcessInfo.processInfo.environment["MODELGRAPH_SCHEMA"] ?? "schema.graphql"

    @Option(
        name: .customLong("text-index"),
        help: ArgumentHelp(
            "An index for the case-insensitive and search filters, outside the schema: Model.field=insensitive|trigram|search, repeatable or comma-separated (env MODELGRAPH_TEXT_INDEXES).",
            valueName: "Model.field=kind"))
    var textIndexes: [String] = []

    @Option(
        name: .customLong("on-delete"),
        help: ArgumentHelp(
            "What deleting a parent does to the records of its @hasMany/@hasOne field, outside the schema so it still deploys to AppSync: Model.field=CASCADE|SET_NULL|RESTRICT (repeatable; env MODELGRAPH_ON_DELETE, comma-separated).",
            valueName: "Model.field=ACTION"))
    var onDelete: [String] = []

    @Option(
        name: .customLong("conflict-detection"),
        help: ArgumentHelp(
            "AppSync's conflict detection for DataStore clients: versioned records, tombstones, syncX queries; automerge or optimistic (env MODELGRAPH_CONFLICT_DETECTION).",
            valueName: "handler"))
    var conflictDetection: String?

    @Option(
        name: .customLong("tombstone-retention-days"),
        help: ArgumentHelp(
            "Under conflict detection, how long a deleted record's tombstone is kept before it is purged, in days (default 30; env MODELGRAPH_TOMBSTONE_RETENTION_DAYS).",
            valueName: "days"))
    var tombstoneRetentionDays: Int?

    /// The schema file's text; a missing or unreadable file is the user's to fix (exit 1), not a usage error
    /// (ArgumentParser's 64).
    func read() throws -> String {
        do {
            return try String(contentsOfFile: schema, encoding: .utf8)
        } catch {
            throw UserError("Cannot read schema file '\(schema)': \(whyUnreadable(schema)).")
        }
    }

    /// Reads and parses the schema (annotated SDL, or an Amplify Gen 2 `.ts`/`.js` file), printing every
    /// diagnostic with its source line on failure.
    func load() throws -> ModelIR.Schema {
        try loadDocument().schema
    }

    /// Like `load`, keeping what else the file says (a Gen 2 file's authorization modes and database secret)
    /// and its text, for diagnostics about those.
    func loadDocument() throws -> SchemaDocument {
        let source = try read()
        let result = SchemaFile.parse(source: source, file: schema, readModule: readModule, readReference: { readSQLReference($0, schemaFile: schema) })
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        if !warnings.isEmpty {
            FileHandle.standardError.write(Data((SchemaFile.format(warnings, source: source, modules: result.modules) + "\n").utf8))
        }
        guard var parsed = result.schema else {
            throw UserError(SchemaFile.format(result.errors, source: source, modules: result.modules) + "\n\(result.errors.count) error(s) in \(schema)")
        }
        try OnDeleteOptions.apply(flags: onDelete, to: &parsed, schemaFile: schema)
        let indexed = try ConflictDetectionOptions.apply(
            handler: conflictDetection, retentionDays: tombstoneRetentionDays, to: try TextIndexOverlay.apply(textIndexes, to: parsed), schemaFile: schema)
        return SchemaDocument(file: schema, schema: indexed, conversion: result.conversion, source: source, modules: result.modules)
    }
}

/// A schema file that parsed: the schema, and for a Gen 2 file its conversion, which also says what
/// `defineData` and `configure` set outside the schema.
struct SchemaDocument {
    /// The file's path as given.
    var file: String
    var schema: ModelIR.Schema
    /// The conversion of a Gen 2 file; nil for annotated SDL.
    var conversion: Gen2Conversion?
    /// The file's text and that of the modules it imports, for diagnostics.
    var source: String
    var modules: [String: String]

    /// `diagnostic` with its source line and a caret, as schema errors are printed.
    func formatted(_ diagnostic: Diagnostic) -> String {
        SchemaFile.format([diagnostic], source: source, modules: modules)
    }
}

/// The SQL file an `@sql(reference:)` names, beside the schema file: the name as written, with `.sql`, or in
/// `sql-statements/` (where Amplify Gen 1 projects keep them).
func readSQLReference(_ name: String, schemaFile: String) -> String? {
    let folder = (schemaFile as NSString).deletingLastPathComponent
    let base = folder.isEmpty ? "." : folder
    for candidate in [name, name + ".sql", "sql-statements/" + name + ".sql"] {
        let path = ((base as NSString).appendingPathComponent(candidate) as NSString).standardizingPath
        if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
    }
    return nil
}

/// Finds a module a Gen 2 schema file imports by a relative path, beside the importing file: the specifier as
/// written, or with `.ts`, `.js` (and their module variants) or `/index.ts` added, as TypeScript resolves it.
func readModule(_ specifier: String, importer: String?) -> (path: String, source: String)? {
    let folder = ((importer ?? ".") as NSString).deletingLastPathComponent
    let base = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(specifier)
    let stem = (base as NSString).standardizingPath
    let candidates = [stem] + ["ts", "mts", "cts", "js", "mjs", "cjs"].map { "\(stem).\($0)" } + ["index.ts", "index.js"].map { (stem as NSString).appendingPathComponent($0) }
    for candidate in candidates {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
            let source = try? String(contentsOfFile: candidate, encoding: .utf8)
        else { continue }
        return (candidate, source)
    }
    return nil
}

/// Why `path` cannot be read as text, in a few words.
func whyUnreadable(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
    if isDirectory.boolValue { return "it is a folder" }
    if !fileManager.isReadableFile(atPath: path) { return "permission denied" }
    return "it is not UTF-8 text"
}

/// `--migrations DIR`.
struct MigrationOptions: ParsableArguments {
    @Option(help: "The folder of migration files (env MODELGRAPH_MIGRATIONS).")
    var migrations: String = ProcessInfo.processInfo.environment["MODELGRAPH_MIGRATIONS"] ?? "migrations"
}

/// `--database-url URL`; without it, the embedded PostgreSQL under `--data-dir`.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "A postgresql:// URL or libpq keyword string (env DATABASE_URL). Without it ModelGraph runs its own PostgreSQL.")
    var databaseURL: String?

    @Option(name: .customLong("data-dir"), help: "Folder of the embedded PostgreSQL cluster (env MODELGRAPH_DATA_DIR).")
    var dataDirectory: String = ProcessInfo.processInfo.environment["MODELGRAPH_DATA_DIR"] ?? ".modelgraph/postgres"

    /// The URL `--database-url` or `DATABASE_URL` (which the config file may set) gives, if any.
    var configuredURL: String? {
        guard let url = databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// Connects: to the URL, or to the embedded cluster (started when needed). Returns the cluster so the
    /// caller can stop it. One-off commands keep the default pool and use the cluster of a running `serve`
    /// (`.joinOwner`); the server tunes the pool with `configure` and must own its cluster (`.exclusive`).
    func connect(
        logger: Logger, sharing: EmbeddedPostgres.Sharing = .joinOwner, configure: (inout PostgresClient.Configuration) -> Void = { _ in }
    ) throws -> (PostgresClient, EmbeddedPostgres?) {
        func client(_ conninfo: String) -> PostgresClient {
            var configuration = PostgresClient.Configuration(conninfo: conninfo)
            configure(&configuration)
            return PostgresClient(configuration: configuration)
        }
        if let databaseURL = configuredURL {
            return (client(databaseURL), nil)
        }
        do {
            let cluster = try EmbeddedPostgres(directory: URL(fileURLWithPath: dataDirectory), logger: logger)
            try cluster.start(sharing: sharing)
            return (client(cluster.conninfo()), cluster)
        } catch let failure as EmbeddedPostgres.Failure {
            throw UserError(failure.description)
        }
    }
}

/// A problem the user fixes: printed without a stack trace, exit status 1.
struct UserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A logger writing to standard error; with `instanceID`, every line carries it as `instance`.
func makeLogger(_ label: String, instanceID: String? = nil) -> Logger {
    var logger = Logger(label: label) { StandardErrorLogHandler(label: $0) }
    if let instanceID { logger[metadataKey: "instance"] = "\(instanceID)" }
    logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    return logger
}

/// Runs `body`, turning user errors into a message on standard error and exit status 1.
func reportingUserErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as UserError {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode(1)
    } catch let error as ExitCode {
        throw error
    } catch is StartupSignals.StopRequested {
        // SIGTERM or SIGINT before serving: everything started is stopped by now; a requested stop is a success.
        return
    } catch let error as ValidationError {
        throw error
    } catch {
        FileHandle.standardError.write(Data(("error: \(error)\n").utf8))
        throw ExitCode(1)
    }
}

/// `--appsync`: serve or print exactly the API AppSync generates, without ModelGraph's extensions.
struct APIOptions: ParsableArguments {
    @Flag(help: "Exactly AppSync's API: no sorting, counts, relation filters or other extensions (env MODELGRAPH_APPSYNC=1).")
    var appsync = false

    /// The API surface the flag (or the environment) chooses. A flag's default must be false, so the
    /// environment is read here rather than as the default.
    var surface: APISurface { appsync || ProcessInfo.processInfo.environment["MODELGRAPH_APPSYNC"] == "1" ? .appSync : .extended }

    /// Builds the API of `schema` for the chosen surface, printing to standard error why extensions were left
    /// out unless `reportingWarnings` is false (an API built again later reports them then).
    func build(from schema: ModelIR.Schema, reportingWarnings: Bool = true) throws -> APISchema {
        let api = try APISchema.build(from: schema, surface: surface)
        guard reportingWarnings else { return api }
        for warning in api.extensionWarnings { FileHandle.standardError.write(Data(("warning: " + warning + "\n").utf8)) }
        return api
    }
}
