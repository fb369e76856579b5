import Foundation

/// `--config FILE`: a file of `NAME=value` lines using the environment variables' names (`DATABASE_URL`,
/// `MODELGRAPH_PORT`, …). Loaded before arguments are parsed; the real environment and flags win over it.
enum ConfigFile {
    /// The names a config file may set.
    static let knownNames = Set<String>([
        "DATABASE_URL", "LOG_LEVEL", "MODELGRAPH_SCHEMA", "MODELGRAPH_SCHEMA_NAME", "MODELGRAPH_MIGRATIONS", "MODELGRAPH_DATA_DIR", "MODELGRAPH_HOST",
        "MODELGRAPH_PORT", "MODELGRAPH_CONNECTIONS", "MODELGRAPH_CORS_ORIGINS", "MODELGRAPH_NO_INTROSPECTION", "MODELGRAPH_MAX_BODY",
        "MODELGRAPH_MAX_DEPTH", "MODELGRAPH_MAX_ALIASES", "MODELGRAPH_MAX_FIELDS", "MODELGRAPH_MAX_NESTING", "MODELGRAPH_MAX_TOKENS", "MODELGRAPH_METRICS_TOKEN",
        "MODELGRAPH_TLS_CERT", "MODELGRAPH_TLS_KEY", "MODELGRAPH_OUTPUTS", "MODELGRAPH_DEV_TLS", "MODELGRAPH_DEV_TLS_DIR",
        "MODELGRAPH_MAX_COST", "MODELGRAPH_MAX_RESPONSE_MB", "MODELGRAPH_CACHE_MEMORY_MB", "MODELGRAPH_REQUEST_HEAD_TIMEOUT", "MODELGRAPH_REQUEST_BODY_TIMEOUT",
        "MODELGRAPH_MAX_CONNECTIONS", "MODELGRAPH_MAX_FILTER_CONDITIONS", "MODELGRAPH_MAX_PAGE", "MODELGRAPH_MAX_BATCH", "MODELGRAPH_MAX_WRITE_RECORDS",
        "MODELGRAPH_MAX_WRITE_NESTING",
        "MODELGRAPH_MAX_CONCURRENT_PER_KEY", "MODELGRAPH_MAX_DATABASE_PER_KEY", "MODELGRAPH_STATEMENT_TIMEOUT_MS", "MODELGRAPH_SLOW_STATEMENT_MS",
        "MODELGRAPH_EVENT_LOOPS", "MODELGRAPH_PIPELINED_CONNECTIONS", "MODELGRAPH_PIPELINE_DEPTH",
        "MODELGRAPH_PLAN_CACHE_MODE", "MODELGRAPH_RANDOM_PAGE_COST",
        "MODELGRAPH_AUTH_DEFAULT", "MODELGRAPH_AUTH_ADDITIONAL", "MODELGRAPH_COGNITO_REGION", "MODELGRAPH_COGNITO_USER_POOL_ID", "MODELGRAPH_COGNITO_CLIENT_IDS",
        "MODELGRAPH_OIDC_ISSUER", "MODELGRAPH_OIDC_JWKS_URL", "MODELGRAPH_OIDC_CLIENT_IDS", "MODELGRAPH_JWKS_FILE", "MODELGRAPH_GROUP_CLAIM",
        "MODELGRAPH_TOKEN_CLOCK_SKEW", "MODELGRAPH_SCHEMA_NAME", "MODELGRAPH_APPSYNC", "MODELGRAPH_TEXT_INDEXES", "MODELGRAPH_ON_DELETE",
        "MODELGRAPH_CONFLICT_DETECTION", "MODELGRAPH_TOMBSTONE_RETENTION_DAYS",
        "MODELGRAPH_NO_STUDIO", "MODELGRAPH_STUDIO_PLANS",
        "MODELGRAPH_READ_REPLICAS", "MODELGRAPH_REPLICA_MAX_LAG", "MODELGRAPH_KEY_CACHE_SECONDS",
        "MODELGRAPH_POOLER", "MODELGRAPH_DIRECT_DATABASE_URL", "MODELGRAPH_INSTANCE_ID",
        "MODELGRAPH_FUNCTIONS", "MODELGRAPH_FUNCTION_TIMEOUT_MS", "MODELGRAPH_FUNCTION_MAX_ANSWER", "MODELGRAPH_FUNCTION_CONCURRENCY",
        // Trace export (`TracingOptions`): OpenTelemetry's own names.
        "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_SERVICE_NAME", "OTEL_TRACES_SAMPLER", "OTEL_TRACES_SAMPLER_ARG",
        "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_TRACES_EXPORTER", "OTEL_SDK_DISABLED",
    ]).union(TracingSettings.passedOn)

    /// Removes `--config FILE` from `arguments` and applies the file; returns the remaining arguments.
    static func apply(arguments: [String]) throws -> [String] {
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--config" || argument.hasPrefix("--config=") {
                let path: String
                if argument == "--config" {
                    guard index + 1 < arguments.count else { throw UserError("--config needs a file name.") }
                    path = arguments[index + 1]
                    index += 2
                } else {
                    path = String(argument.dropFirst("--config=".count))
                    index += 1
                }
                try load(path)
                continue
            }
            remaining.append(argument)
            index += 1
        }
        return remaining
    }

    static func load(_ path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw UserError("Cannot read config file '\(path)'.") }
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw UserError("\(path):\(number + 1): expected NAME=value, got '\(line)'.")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard knownNames.contains(name) else {
                throw UserError("\(path):\(number + 1): unknown setting '\(name)'. Known: \(knownNames.sorted().joined(separator: ", ")).")
            }
            if ProcessInfo.processInfo.environment[name] == nil { setenv(name, value, 0) }
        }
    }
}
