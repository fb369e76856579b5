import Foundation
import Postgres
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `modelgraph` executable as users run it: exit status, standard output and standard error.
@Suite("Command line")
struct CommandLineTests {
    static var root: URL { Fixtures.folder().deletingLastPathComponent().deletingLastPathComponent() }

    /// The built executable (`MODELGRAPH_TEST_EXECUTABLE` names another, say one built under another scratch path).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["MODELGRAPH_TEST_EXECUTABLE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(".build/debug/modelgraph")
    }

    /// Runs the built executable in `folder` (by default a fresh copy of the fixture project, removed
    /// afterwards); returns (status, stdout, stderr). Waits on a thread of its own (`TestProcess`): tests run at
    /// once on a pool as wide as the machine's cores, and a blocked one stalls the others.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) async throws -> (Int32, String, String) {
        guard let folder else {
            let project = try projectFolder()
            defer { try? FileManager.default.removeItem(at: project) }
            return try await run(arguments, in: project, environment: environment)
        }
        let finished = try await TestProcess.run(executable, arguments, in: folder, environment: environment, timeout: .seconds(600))
        if finished.timedOut { Issue.record("modelgraph \(arguments) ran past 10 minutes and was killed") }
        return (finished.status, finished.outputText, finished.errorText)
    }

    /// A new empty folder under the temporary directory; the caller removes it.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A new folder holding a copy of the fixture project (`schema.graphql`, `migrations/`); the caller removes it.
    static func projectFolder() throws -> URL {
        let folder = try temporaryFolder()
        for item in ["schema.graphql", "migrations"] {
            try FileManager.default.copyItem(at: Fixtures.project().appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        return folder
    }

    @Test("validate: a one-line summary and exit 0, or every error with its line and exit 1")
    func validate() async throws {
        let (status, output, _) = try await Self.run(["validate", "--schema", "schema.graphql"])
        #expect(status == 0)
        #expect(output == "schema.graphql: OK, 2 model(s), 1 enum(s), 0 non-model type(s)\n")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "type A @model {\n  b: Nope\n  c: Nah\n}\n".write(to: folder.appendingPathComponent("bad.graphql"), atomically: true, encoding: .utf8)
        let (badStatus, _, errors) = try await Self.run(["validate", "--schema", "bad.graphql"], in: folder)
        #expect(badStatus == 1)
        #expect(errors.contains("bad.graphql:2:6: error: Unknown type 'Nope'.\n  b: Nope\n     ^"))
        #expect(errors.contains("bad.graphql:3:6: error: Unknown type 'Nah'."))
        #expect(errors.contains("2 error(s) in bad.graphql"))
    }

    @Test("print-schema prints the generated SDL: the extended API, or AppSync's with --appsync")
    func printSchema() async throws {
        let (status, output, _) = try await Self.run(["print-schema", "--schema", "schema.graphql"])
        #expect(status == 0)
        #expect(output.contains("listTeams(filter: ModelTeamFilterInput, limit: Int, nextToken: String, sort: [ModelTeamSortInput!]): ModelTeamConnection"))
        let (appSyncStatus, appSync, _) = try await Self.run(["print-schema", "--appsync", "--schema", "schema.graphql"])
        #expect(appSyncStatus == 0)
        #expect(appSync.contains("listTeams(filter: ModelTeamFilterInput, limit: Int, nextToken: String): ModelTeamConnection"))
    }

    @Test("migrate generate writes the next file, then says nothing changed; destructive changes need the flag")
    func generate() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("schema.graphql")
        try "type Team @model @auth(rules: [{allow: public}]) { mantra: String!  motto: String }".write(to: schema, atomically: true, encoding: .utf8)
        let (first, firstOutput, _) = try await Self.run(["migrate", "generate"], in: folder)
        #expect(first == 0)
        #expect(firstOutput.contains("0001_init.sql"))
        let (second, secondOutput, _) = try await Self.run(["migrate", "generate"], in: folder)
        #expect(second == 0)
        #expect(secondOutput.hasPrefix("No changes"))
        try "type Team @model @auth(rules: [{allow: public}]) { mantra: String! }".write(to: schema, atomically: true, encoding: .utf8)
        let (refused, _, errors) = try await Self.run(["migrate", "generate"], in: folder)
        #expect(refused == 1)
        #expect(errors.contains("drops column Team.motto"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("migrations/0002_change.sql").path))
        let (allowed, _, _) = try await Self.run(["migrate", "generate", "--allow-destructive", "--name", "drop motto"], in: folder)
        #expect(allowed == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("migrations/0002_drop_motto.sql").path))
    }

    @Test("keys create prints the key alone; apply and status work against a database URL")
    func keysAndApply() async throws {
        let database = try await TestDatabase.makeDatabase()
        let environment = ["DATABASE_URL": database]
        let (status, output, _) = try await Self.run(["keys", "create", "--description", "ci", "--expires", "12h"], environment: environment)
        #expect(status == 0)
        #expect(output.range(of: #"^mg_[0-9a-f]{8}_[0-9A-Za-z]{32}\n$"#, options: .regularExpression) != nil)
        let (listStatus, listed, _) = try await Self.run(["keys", "list"], environment: environment)
        #expect(listStatus == 0 && listed.contains("ci"))
        #expect(!listed.contains(String(output.dropLast().split(separator: "_")[2])))
        let (badExpiry, _, expiryError) = try await Self.run(["keys", "create", "--expires", "400d"], environment: environment)
        #expect(badExpiry == 1 && expiryError.contains("365 days"))
        let (applyStatus, applied, _) = try await Self.run(["migrate", "apply"], environment: environment)
        #expect(applyStatus == 0 && applied.contains("applied 0001_init"))
        let (statusCode, report, _) = try await Self.run(["migrate", "status"], environment: environment)
        #expect(statusCode == 0 && report.contains("applied  0001_init") && report.contains("no drift"))
    }
}

@Suite("Command line: serve")
struct ServeCommandTests {
    @Test("serve on its own PostgreSQL: prints a key once, serves, reads a config file, exits 0 on SIGTERM and stops PostgreSQL")
    func serveLifecycle() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try ServeProcess.freePort()
        try "# test config\nMODELGRAPH_PORT=\(port)\nMODELGRAPH_DATA_DIR=\(folder.path)/pg\nLOG_LEVEL=info\n".write(
            to: folder.appendingPathComponent("modelgraph.env"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = ["--config", "modelgraph.env", "serve"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        process.environment = environment
        let log = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var key: String?
        let deadline = ContinuousClock.now + .seconds(180)
        while key == nil, ContinuousClock.now < deadline, process.isRunning {
            try await Task.sleep(for: .milliseconds(100))
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if text.contains("serving http://127.0.0.1:\(port)/graphql") {
                key = text.split(separator: "\n").first { $0.hasPrefix("API key: ") }.map { String($0.dropFirst("API key: ".count)) }
            }
        }
        let apiKey = try #require(key, "serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let created = try await TestHTTP.graphQL(port: port, key: apiKey, query: #"mutation { createTeam(input: {mantra: "Go"}) { mantra } }"#)
        #expect(created.text.replacingOccurrences(of: " ", with: "").contains(#""mantra":"Go""#))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("stopped PostgreSQL"))
        #expect(text.components(separatedBy: "API key: ").count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pg/data/postmaster.pid").path))
    }

    @Test("every environment variable that serve's help names can be set in a config file")
    func configFileKnowsEveryVariable() async throws {
        let (_, help, _) = try await CommandLineTests.run(["serve", "--help"])
        let names = help.matches(of: /env\s+([A-Z_]+)/).map { String($0.output.1) }
        #expect(names.count >= 15, "\(help)")
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try names.map { "\($0)=1" }.joined(separator: "\n").write(to: folder.appendingPathComponent("all.env"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["--config", "all.env", "--help"], in: folder)
        #expect(status == 0, "\(errors)")
    }

    @Test("plan --query @FILE names a file it cannot read, in one line")
    func planMissingQueryFile() async throws {
        let missing = "/nonexistent/\(UUID().uuidString).graphql"
        let (status, _, errors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", "@" + missing])
        #expect(status == 1)
        #expect(errors.contains("cannot read the operation from \(missing)"), "\(errors)")
        #expect(!errors.contains("NSCocoaErrorDomain"), "\(errors)")
    }

    @Test("plan reads --variables as the server reads a request's: 1.0 is no Int there either")
    func planReadsVariablesAsTheServer() async throws {
        let query = "query($l: Int) { listTeams(limit: $l) { items { id } } }"
        let (_, float, _) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query, "--variables", #"{"l": 1.0}"#])
        #expect(float.contains("Argument 'limit' must be an Int."), "\(float)")
        let (status, int, _) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query, "--variables", #"{"l": 1}"#])
        #expect(status == 0)
        #expect(int.contains(#"-- parameters: ["1"]"#), "\(int)")
        let (badStatus, _, errors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query, "--variables", "[1]"])
        #expect(badStatus == 1 && errors.contains("--variables must be a JSON object"), "\(errors)")
    }

    @Test("plan prints a subscription's delivery statement and how its filter is looked up")
    func planSubscription() async throws {
        let query = #"subscription { onCreateMember(filter: {teamId: {eq: "t1"}, name: {beginsWith: "A"}}) { id name } }"#
        let (status, output, errors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query])
        #expect(status == 0, "\(errors)")
        #expect(output.contains("-- onCreateMember: each create of Member"), "\(output)")
        #expect(output.contains("FROM jsonb_array_elements($1::jsonb)"), "\(output)")
        #expect(output.contains(#"listed under teamId = "t1", then checks {name: {beginsWith: "A"}}"#), "\(output)")
        let (badStatus, _, badErrors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", "subscription { onCreateNothing { id } }"])
        #expect(badStatus == 1 && badErrors.contains("onCreateNothing"), "\(badErrors)")
    }

    @Test("--plan-cache-mode and --random-page-cost reject bad values before touching a database")
    func planCacheModeValues() async throws {
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--plan-cache-mode", "generic", "--database-url", "postgresql:///nowhere"])
        #expect(status != 0)
        #expect(errors.contains("force_generic_plan"), "\(errors)")
        let (envStatus, _, envErrors) = try await CommandLineTests.run(
            ["serve", "--database-url", "postgresql:///nowhere"], environment: ["MODELGRAPH_PLAN_CACHE_MODE": "generic"])
        #expect(envStatus != 0)
        #expect(envErrors.contains("MODELGRAPH_PLAN_CACHE_MODE"), "\(envErrors)")
        let (costStatus, _, costErrors) = try await CommandLineTests.run(["serve", "--random-page-cost=-1", "--database-url", "postgresql:///nowhere"])
        #expect(costStatus != 0)
        #expect(costErrors.contains("--random-page-cost must be 0"), "\(costErrors)")
    }

    @Test("an unknown setting in a config file is a clear error")
    func badConfig() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "MODELGRAPH_PROT=1\n".write(to: folder.appendingPathComponent("bad.env"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["--config", "bad.env", "validate"], in: folder)
        #expect(status == 1)
        #expect(errors.contains("bad.env:1: unknown setting 'MODELGRAPH_PROT'"))
    }
}

@Suite("Command line: shutdown and keys over HTTP")
struct ShutdownTests {
    /// Starts `modelgraph serve` on a test database in `folder` (a copy of the fixture project); returns the
    /// process, its port and key.
    static func serve(database: String, folder: URL, arguments: [String] = []) async throws -> (Process, Int, String, URL) {
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database] + arguments)
        return (serve.process, serve.port, try serve.apiKey(), serve.log)
    }

    static func post(port: Int, key: String?, query: String) async throws -> (Int, String) {
        let answer = try await TestHTTP.graphQL(port: port, key: key, query: query)
        return (answer.status, answer.text)
    }

    @Test("SIGTERM with a request in flight: the request completes, then the server exits 0")
    func drainsInFlightRequests() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The 400,000-row scan must complete, not be cut by serve's default 10 s statement timeout (and request
        // budget), which a loaded machine can reach: what is checked is that SIGTERM lets it finish.
        let (process, port, key, _) = try await Self.serve(database: database, folder: folder, arguments: ["--statement-timeout", "0"])
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 1, statementTimeoutMilliseconds: 0))
        defer { client.shutdown() }
        // Bulk set-up, not a change anyone subscribes to: skip the change-capture trigger.
        _ = try await client.withConnection {
            try $0.execute("SET session_replication_role = replica")
            try $0.execute(#"INSERT INTO "Team"(id, mantra) SELECT g::text, 'm' || g FROM generate_series(1, 400000) g"#)
            try $0.execute("SET session_replication_role = origin")
        }
        // Start a slow request and wait until PostgreSQL is running it; on a loaded machine it may finish before
        // it is seen, so try again a few times.
        var slow: Task<(Int, String), any Error>?
        var seen = false
        for _ in 0..<5 where !seen {
            let finished = Flag()
            let request = Task {
                defer { finished.set() }
                // The client waits longer than its usual 30 s for the slow scan's answer.
                let query = #"{ listTeams(filter: {mantra: {contains: "nowhere"}}, limit: 1) { items { id } } }"#
                let answer = try await TestHTTP.graphQL(port: port, key: key, query: query, timeout: 120)
                return (answer.status, answer.text)
            }
            slow = request
            while !seen && !finished.isSet {
                let active = try await client.query("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%strpos%' AND pid <> pg_backend_pid()").scalar
                seen = active != "0"
                if !seen { try await Task.sleep(for: .milliseconds(2)) }
            }
        }
        let inFlight = try #require(slow)
        process.terminate()
        let (status, body) = try await inFlight.value
        #expect(seen, "the slow request was never seen running")
        #expect(status == 200)
        #expect(body.contains(#""items" : []"#) || body.contains(#""items":[]"#))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("--pipelined-connections and --event-loops: writes, reads and errors over pipelined connections")
    func pipelinedServe() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, key, _) = try await Self.serve(database: database, folder: folder, arguments: ["--pipelined-connections", "2", "--event-loops", "2"])
        defer { process.terminate(); process.waitUntilExit() }
        // The pipelined connections open at start-up, before the first request.
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { client.shutdown() }
        let backends = try await client.query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").scalar
        #expect(Int(backends ?? "0") ?? 0 >= 2)
        let created = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<40 {
                group.addTask {
                    let (_, body) = try await Self.post(port: port, key: key, query: #"mutation { createTeam(input: {id: "t\#(index)", mantra: "m\#(index)"}) { id mantra } }"#)
                    return (index, body)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (index, body) in created { #expect(body.replacingOccurrences(of: " ", with: "").contains(#""mantra":"m\#(index)""#), "\(body)") }
        let (_, duplicate) = try await Self.post(port: port, key: key, query: #"mutation { createTeam(input: {id: "t1", mantra: "again"}) { id } }"#)
        #expect(duplicate.contains("DynamoDB:ConditionalCheckFailedException"))
        let (_, read) = try await Self.post(port: port, key: key, query: #"{ getTeam(id: "t7") { mantra } }"#)
        #expect(read.replacingOccurrences(of: " ", with: "").contains(#""mantra":"m7""#))
    }

    @Test("revoked and expired keys get the 401 UnauthorizedException body")
    func revokedAndExpiredKeys() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, key, _) = try await Self.serve(database: database, folder: folder)
        defer { process.terminate(); process.waitUntilExit() }
        #expect(try await Self.post(port: port, key: key, query: "{ __typename }").0 == 200)
        // The key lives 20 s, long enough to be used on a loaded machine; then it stops working within the
        // key cache's lifetime, and never before it expired.
        let created = ContinuousClock.now
        let (_, shortLived, _) = try await CommandLineTests.run(["keys", "create", "--expires", "20s"], environment: ["DATABASE_URL": database])
        let expiring = shortLived.trimmingCharacters(in: .whitespacesAndNewlines)
        let first = try await Self.post(port: port, key: expiring, query: "{ __typename }").0
        #expect(first == 200 || ContinuousClock.now - created > .seconds(20), "refused before it expired: \(first)")
        let expired = try await Self.pollUntilRefused(port: port, key: expiring, seconds: 60)
        #expect(ContinuousClock.now - created > .seconds(20), "refused before it expired")
        #expect(expired == #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#)
        let id = String(key.split(separator: "_")[1])
        #expect(try await CommandLineTests.run(["keys", "revoke", id], environment: ["DATABASE_URL": database]).0 == 0)
        _ = try await Self.pollUntilRefused(port: port, key: key, seconds: 30)
    }

    /// Sends `{ __typename }` with `key` every 250 ms until the answer is 401; its body. Fails the test after
    /// `seconds`.
    static func pollUntilRefused(port: Int, key: String, seconds: Int) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let (status, body) = try await post(port: port, key: key, query: "{ __typename }")
            if status == 401 { return body }
            try await Task.sleep(for: .milliseconds(250))
        }
        Issue.record("the key still worked after \(seconds) s")
        return ""
    }
}

@Suite("Command line: serve refuses a schema ahead of its migrations")
struct ServeRefusalTests {
    @Test("a schema change without a migration file stops serve with the command that fixes it")
    func schemaAhead() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try String(contentsOf: folder.appendingPathComponent("schema.graphql"), encoding: .utf8)
        try schema.replacingOccurrences(of: "  mantra: String!", with: "  mantra: String!\n  motto: String").write(
            to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--database-url", "postgresql://nobody@127.0.0.1:1/none"], in: folder)
        #expect(status == 1)
        #expect(errors.contains("has changes that no migration holds yet. Run `modelgraph migrate generate` first"))
    }
}

@Suite("Command line: serve applies no data loss unattended")
struct ServeDestructiveTests {
    @Test("a pending migration that drops a column stops serve unless --allow-destructive; migrate apply still runs it")
    func destructivePending() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase()
        #expect(try await CommandLineTests.run(["migrate", "apply", "--database-url", database], in: folder).0 == 0)
        let schemaURL = folder.appendingPathComponent("schema.graphql")
        let schema = try String(contentsOf: schemaURL, encoding: .utf8)
        try schema.replacingOccurrences(of: "  budget: Float\n", with: "").write(to: schemaURL, atomically: true, encoding: .utf8)
        let (generated, _, generateErrors) = try await CommandLineTests.run(["migrate", "generate", "--allow-destructive"], in: folder)
        #expect(generated == 0, "\(generateErrors)")
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--database-url", database, "--port", "1"], in: folder)
        #expect(status == 1)
        #expect(errors.contains("Pending migrations would lose data"), "\(errors)")
        #expect(errors.contains("--allow-destructive"))
        let client = PostgresClient(configuration: .init(conninfo: database, connections: 1))
        defer { client.shutdown() }
        #expect(try await client.query(#"SELECT count(*) FROM information_schema.columns WHERE table_name = 'Team' AND column_name = 'budget'"#).scalar == "1")
        #expect(try await CommandLineTests.run(["migrate", "apply", "--database-url", database], in: folder).0 == 0)
        #expect(try await client.query(#"SELECT count(*) FROM information_schema.columns WHERE table_name = 'Team' AND column_name = 'budget'"#).scalar == "0")
    }
}
