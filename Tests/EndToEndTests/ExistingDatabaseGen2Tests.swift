import Foundation
import Postgres
import Store
import TestSupport
import Testing

/// An existing database through its Gen 2 `schema.sql.ts`: `introspect --format ts` read back gives the API of
/// `introspect --format graphql` (less what Gen 2 cannot say), `serve` reads the URL from the environment
/// variable `connectionUri: secret('NAME')` names and answers over HTTP without migrating, and without any URL it
/// stops with one line instead of starting its own PostgreSQL.
@Suite("Existing databases from Gen 2 schema files", .serialized)
struct ExistingDatabaseGen2Tests {
    /// Writes both introspected forms of `conninfo`'s database into `folder`: `schema.sql.ts` and `schema.graphql`.
    static func introspect(_ conninfo: String, into folder: URL) async throws {
        for (format, file) in [("ts", "schema.sql.ts"), ("graphql", "schema.graphql")] {
            let (status, _, error) = try await CommandLineTests.run(["introspect", "--database-url", conninfo, "--format", format, "--output", file], in: folder)
            try #require(status == 0, "\(error)")
        }
    }

    @Test("introspect --format ts, read back, prints the API of --format graphql, less the documented differences")
    func roundTrip() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.introspect(conninfo, into: folder)
        let introspected = try String(contentsOf: folder.appendingPathComponent("schema.graphql"), encoding: .utf8)
        try Self.asGen2SaysIt(introspected).write(to: folder.appendingPathComponent("expected.graphql"), atomically: true, encoding: .utf8)
        let (tsStatus, fromTypeScript, tsErrors) = try await CommandLineTests.run(["print-schema", "--schema", "schema.sql.ts"], in: folder)
        let (sdlStatus, expected, sdlErrors) = try await CommandLineTests.run(["print-schema", "--schema", "expected.graphql"], in: folder)
        try #require(tsStatus == 0 && sdlStatus == 0, "\(tsErrors)\(sdlErrors)")
        #expect(fromTypeScript == expected, "\(Self.firstDifference(expected, fromTypeScript))")
        // The two differences are real: the GraphQL form's own API has the camelCase names and the left-out model.
        let (_, fromSDL, _) = try await CommandLineTests.run(["print-schema", "--schema", "schema.graphql"], in: folder)
        #expect(fromSDL != expected && fromSDL.contains("fullName: String!") && fromSDL.contains("getOrderLine("), "\(fromSDL)")
    }

    @Test("serve on the schema.sql.ts reads the URL from the secret's variable and answers get and list without migrating")
    func servesThroughTheSecret() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.introspect(conninfo, into: folder)
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        _ = try await client.withConnection { try $0.execute("INSERT INTO people (full_name, mood) VALUES ('Ada', 'happy'); INSERT INTO tags (name) VALUES ('swift'), ('sql');") }
        client.shutdown()
        let before = try await ExistingDatabaseTests.catalogFingerprint(conninfo)

        let serve = try await ServeProcess.start(
            in: folder, arguments: ["--schema", "schema.sql.ts"], environment: ["SQL_CONNECTION_STRING": conninfo])
        defer { serve.process.terminate() }
        let key = try serve.apiKey()
        let (getStatus, got) = try await serve.graphQL(#"{ getPerson(id: 1) { id full_name mood } }"#, key: key)
        #expect(getStatus == 200 && got.contains(#""full_name":"Ada""#) && got.contains(#""mood":"happy""#), "\(got)")
        let (listStatus, listed) = try await serve.graphQL("{ listTags { items { name } } }", key: key)
        #expect(listStatus == 200 && listed.contains(#""name":"swift""#) && listed.contains(#""name":"sql""#), "\(listed)")
        #expect(!FileManager.default.fileExists(atPath: serve.clusterFolder.path), "the embedded PostgreSQL was started")
        #expect(await serve.terminate() == 0)
        // Only ModelGraph's change-log triggers (for subscriptions) were added to the user's tables.
        #expect(try await ExistingDatabaseTests.catalogFingerprint(conninfo).filter { $0 != ChangeLog.triggerName } == before)
    }

    @Test("without a URL or the secret's variable, serve stops with one line naming both, and starts no PostgreSQL")
    func refusesWithoutAURL() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
        for (golden, file) in [("existing-database.sql.ts", "schema.sql.ts"), ("existing-database.graphql", "schema.graphql")] {
            try FileManager.default.copyItem(at: goldens.appendingPathComponent(golden), to: folder.appendingPathComponent(file))
        }
        for (schema, message) in [
            (
                "schema.sql.ts",
                "schema.sql.ts reads the existing database's URL from the secret SQL_CONNECTION_STRING: set the environment variable SQL_CONNECTION_STRING, or give --database-url (or DATABASE_URL)."
            ),
            (
                "schema.graphql",
                "schema.graphql maps an existing database, and no URL names it: give --database-url (or DATABASE_URL); ModelGraph's own PostgreSQL never holds an existing database's tables."
            ),
        ] {
            let serve = try ServeProcess.launch(in: folder, arguments: ["--schema", schema], environment: ["SQL_CONNECTION_STRING": ""])
            #expect(await serve.waitForExit() == 1)
            #expect(serve.logText == message + "\n", "\(serve.logText)")
            #expect(!FileManager.default.fileExists(atPath: serve.clusterFolder.path), "\(schema): the embedded PostgreSQL was started")
            // keys, given the schema, look for the keys in the same database, and refuse the same way.
            let (status, _, errors) = try await CommandLineTests.run(["keys", "list", "--schema", schema], in: folder, environment: ["SQL_CONNECTION_STRING": ""])
            #expect(status == 1 && errors == message + "\n", "\(errors)")
            // migrate recognises the schema, .ts included, and has nothing to do, without connecting.
            let (migrated, output, migrateErrors) = try await CommandLineTests.run(["migrate", "status", "--schema", schema], in: folder)
            #expect(migrated == 0 && output.contains("Nothing to status: \(schema) maps an existing database"), "\(output)\(migrateErrors)")
        }
    }

    /// The introspected SDL as the TypeScript form can say it (docs/existing-databases.md): each field named after
    /// its column where the column's name is a GraphQL name (`fullName … @refersTo(name: "full_name")` becomes
    /// `full_name`, and so do the references and key fields naming it), and without the one model whose key
    /// column's name is not (`OrderLine`, table `"OrderLines"`, key column `"Line No"`) nor the fields relating to it.
    static func asGen2SaysIt(_ sdl: String) -> String {
        var lines: [String] = []
        var renames: [(String, String)] = []
        var inLeftOutModel = false
        for line in sdl.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("type OrderLine ") { inLeftOutModel = true }
            if inLeftOutModel {
                if line == "}" { inLeftOutModel = false }
                continue
            }
            if line.hasPrefix("  "), line.contains(": OrderLine ") || line.hasSuffix(": OrderLine") { continue }
            guard line.hasPrefix("  "), let refersTo = line.range(of: #" @refersTo\(name: "[_A-Za-z][_0-9A-Za-z]*"\)"#, options: .regularExpression) else {
                lines.append(line)
                continue
            }
            let column = String(line[refersTo].split(separator: "\"")[1])
            let field = String(line.dropFirst(2).prefix { $0 != ":" })
            renames.append((field, column))
            var renamed = line
            renamed.removeSubrange(refersTo)
            lines.append("  " + column + renamed.dropFirst(2 + field.count))
        }
        var text = lines.joined(separator: "\n").replacingOccurrences(of: "\n\n\n", with: "\n\n")
        for (field, column) in renames { text = text.replacingOccurrences(of: "\"\(field)\"", with: "\"\(column)\"") }
        return text
    }

    /// The first lines where `expected` and `actual` differ, for a failure message.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) where left[safe: index] != right[safe: index] {
            return "line \(index + 1):\n  expected: \(left[safe: index] ?? "<none>")\n  actual:   \(right[safe: index] ?? "<none>")"
        }
        return "no difference"
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
