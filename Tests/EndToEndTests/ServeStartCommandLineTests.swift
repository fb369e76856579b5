import Foundation
import Postgres
import TestSupport
import Testing

@Suite("Command line: a first run in a new folder")
struct ServeFirstRunTests {
    @Test("serve with a schema and no migrations writes and applies the first migration and says so; a later change still needs migrate generate")
    func firstRun() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaURL = folder.appendingPathComponent("schema.graphql")
        let schema = """
            type Note @model @auth(rules: [{allow: public}]) {
              id: ID!
              text: String!
            }
            """
        try schema.write(to: schemaURL, atomically: true, encoding: .utf8)
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database])
        let migration = folder.appendingPathComponent("migrations/0001_init.sql")
        #expect(FileManager.default.fileExists(atPath: migration.path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("migrations/0001_init.snapshot.json").path))
        #expect(serve.logText.contains("no migrations yet: wrote \(migration.path)"), "\(serve.logText)")
        let (status, body) = try await serve.graphQL(#"mutation { createNote(input: {text: "first"}) { text } }"#, key: try serve.apiKey())
        #expect(status == 200)
        #expect(body.contains(#""text":"first""#), "\(body)")
        #expect(await serve.terminate() == 0)
        // A second start with the same schema writes nothing more.
        let again = try await ServeProcess.start(in: folder, arguments: ["--database-url", database], logName: "again.log")
        #expect(!again.logText.contains("no migrations yet"))
        #expect(await again.terminate() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("migrations").path).count == 2)
        // A change to a schema that has migrations is reviewed first, as before.
        try schema.replacingOccurrences(of: "  text: String!", with: "  text: String!\n  tag: String").write(to: schemaURL, atomically: true, encoding: .utf8)
        let (refused, _, errors) = try await CommandLineTests.run(["serve", "--database-url", database, "--port", "1"], in: folder)
        #expect(refused == 1)
        #expect(errors.contains("has changes that no migration holds yet"), "\(errors)")
    }
}

@Suite("Command line: outputs")
struct OutputsCommandTests {
    @Test("outputs writes amplify_outputs.json for the schema and URL (the key only when given); --format gen1 writes both Gen 1 files; a bad URL is refused")
    func outputs() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, printed, errors) = try await CommandLineTests.run(
            ["outputs", "--url", "https://localhost:8443/graphql", "--api-key", "mg_a_b", "-o", "out.json"], in: folder)
        #expect(status == 0, "\(errors)")
        #expect(printed.contains("Wrote out.json"))
        let written = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
        let value = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
        #expect(value?["version"] as? String == "1.4")
        #expect((value?["data"] as? [String: Any])?["url"] as? String == "https://localhost:8443/graphql")
        #expect((value?["data"] as? [String: Any])?["api_key"] as? String == "mg_a_b")
        let models = ((value?["data"] as? [String: Any])?["model_introspection"] as? [String: Any])?["models"] as? [String: Any]
        #expect(Set(models?.keys.map { $0 } ?? []) == ["Team", "Member"], "\(written.prefix(400))")

        let (gen1, _, gen1Errors) = try await CommandLineTests.run(["outputs", "--url", "http://127.0.0.1:8080/graphql", "--format", "gen1", "-o", "src"], in: folder)
        #expect(gen1 == 0, "\(gen1Errors)")
        let exports = try String(contentsOf: folder.appendingPathComponent("src/aws-exports.js"), encoding: .utf8)
        #expect(exports.contains(#""aws_appsync_graphqlEndpoint": "http://127.0.0.1:8080/graphql""#) && exports.contains("export default awsmobile;"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("src/amplifyconfiguration.json").path))

        let (refused, _, message) = try await CommandLineTests.run(["outputs", "--url", "localhost:8080"], in: folder)
        #expect(refused == 1 && message.contains("--url must be an http:// or https:// URL"), "\(message)")

        // A user pool app: the auth section names the pool the app signs in with; the default mode is user pools.
        let pool = ["--auth-default", "userPools", "--auth-additional", "apiKey", "--cognito-region", "eu-west-1", "--cognito-user-pool-id", "eu-west-1_TEST"]
        let (signedIn, _, signedInErrors) = try await CommandLineTests.run(
            ["outputs", "--url", "https://localhost:8443/graphql", "-o", "pool.json", "--cognito-client-id", "client-app"] + pool, in: folder)
        #expect(signedIn == 0, "\(signedInErrors)")
        let poolFile = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("pool.json"))) as? [String: Any]
        #expect((poolFile?["auth"] as? [String: Any])?["user_pool_id"] as? String == "eu-west-1_TEST")
        #expect((poolFile?["auth"] as? [String: Any])?["user_pool_client_id"] as? String == "client-app")
        #expect((poolFile?["data"] as? [String: Any])?["default_authorization_type"] as? String == "AMAZON_COGNITO_USER_POOLS")
        #expect((poolFile?["data"] as? [String: Any])?["authorization_types"] as? [String] == ["API_KEY"])

        let (generated, modelsPrinted, modelsErrors) = try await CommandLineTests.run(["codegen", "javascript", "--output", "src/models"], in: folder)
        #expect(generated == 0 && modelsPrinted.contains("Wrote 4 file(s) to src/models"), "\(modelsErrors)")
        let index = try String(contentsOf: folder.appendingPathComponent("src/models/index.js"), encoding: .utf8)
        #expect(index.contains("initSchema(schema)") && index.contains("Team"))
        for name in ["schema.js", "schema.d.ts", "index.d.ts"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("src/models/\(name)").path), "\(name)")
        }
    }
}

@Suite("Command line: serve --outputs")
struct ServeOutputsTests {
    @Test("serve --outputs writes amplify_outputs.json with the URL it serves and the key it made; started again, it keeps that key")
    func outputsAtStart() async throws {
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database, "--outputs", "amplify_outputs.json"])
        let key = try serve.apiKey()
        #expect(await serve.waitForLog("client configuration: wrote amplify_outputs.json", seconds: 30), "\(serve.logText)")
        let file = folder.appendingPathComponent("amplify_outputs.json")
        let data = (try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])?["data"] as? [String: Any]
        #expect(data?["url"] as? String == "http://127.0.0.1:\(serve.port)/graphql")
        #expect(data?["api_key"] as? String == key)
        #expect(await serve.terminate() == 0)
        // No key is made the second time: the file's own key, still valid, is written again.
        let again = try await ServeProcess.start(in: folder, arguments: ["--database-url", database, "--outputs", "amplify_outputs.json"], logName: "again.log")
        #expect(await again.waitForLog("client configuration: wrote", seconds: 30))
        let rewritten = (try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])?["data"] as? [String: Any]
        #expect(rewritten?["api_key"] as? String == key)
        #expect(rewritten?["url"] as? String == "http://127.0.0.1:\(again.port)/graphql")
        #expect(await again.terminate() == 0)
    }
}
