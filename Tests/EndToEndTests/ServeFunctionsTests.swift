import Foundation
import JSON
import TestSupport
import Testing

/// `serve` with custom operations: functions mapped with `--function`, SQL handlers checked at start.
@Suite("Command line: serve with custom operations")
struct ServeFunctionsTests {
    /// A project folder holding the custom operations fixture as `schema.graphql`, with no migrations yet.
    static func project() throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        try Fixtures.schemaSource("custom-operations").write(to: folder.appendingPathComponent("schema.graphql"), atomically: false, encoding: .utf8)
        return folder
    }

    @Test("--function NAME=URL: a Gen 1 name with ${env} is served by the endpoint mapped to its plain name; unmapped functions are named at start")
    func functionMap() async throws {
        let functions = try await FunctionServer.start { _, event in .json(JSONText.encode(.string("hello \(event["arguments"]?["message"]?.stringValue ?? "")"))) }
        defer { functions.stop() }
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database, "--function", "echo=\(functions.url("echo"))"])
        defer { serve.process.terminate() }
        #expect(serve.logText.contains("no --function maps recommend, price, charge, notify"), "\(serve.logText)")
        let (status, body) = try await serve.graphQL(#"{ echo(message: "you") }"#, key: try serve.apiKey())
        #expect(status == 200 && body == #"{"data":{"echo":"hello you"}}"#, "\(body)")
    }

    @Test("a SQL handler that does not prepare stops serve with its place in the schema; a bad --function too")
    func refusals() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("schema.graphql")
        let broken = try String(contentsOf: file, encoding: .utf8).replacing(#"SELECT title FROM \"Post\" ORDER BY title"#, with: #"SELECT title FROM \"Posts\""#)
        try broken.write(to: file, atomically: false, encoding: .utf8)
        let database = try await TestDatabase.makeDatabase()
        let (status, _, errors) = try await CommandLineTests.run(["serve", "--database-url", database, "--port", "0"], in: folder)
        #expect(status != 0)
        #expect(errors.contains("schema.graphql:58:3: error: The SQL of Query.titles (returning [String]) does not prepare: relation \"Posts\" does not exist"), "\(errors)")
        let (badStatus, _, badErrors) = try await CommandLineTests.run(["serve", "--database-url", database, "--function", "echo"], in: folder)
        #expect(badStatus != 0 && badErrors.contains("--function takes NAME=URL, not 'echo'."), "\(badErrors)")
    }
}

extension ServeFunctionsTests {
    @Test("serve sends @http calls with the function limits, ${env} in a URL filled from MODELGRAPH_ENV; without it the field says what is missing")
    func httpResolvers() async throws {
        let endpoint = try await FunctionServer.start(CustomHTTPOperationTests.script)
        defer { endpoint.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try Fixtures.schemaSource("custom-http").replacingOccurrences(of: "http://127.0.0.1:9/", with: "http://127.0.0.1:${env}/")
        try schema.write(to: folder.appendingPathComponent("schema.graphql"), atomically: false, encoding: .utf8)
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", database], environment: ["MODELGRAPH_ENV": String(endpoint.port)])
        defer { serve.process.terminate() }
        let (status, body) = try await serve.graphQL(#"{ article(params: {id: "42"}) { title } }"#, key: try serve.apiKey())
        #expect(status == 200 && body == #"{"data":{"article":{"title":"the answer"}}}"#, "\(body)")
        let unset = try await ServeProcess.start(in: folder, arguments: ["--database-url", database], logName: "unset.log")
        defer { unset.process.terminate() }
        let (_, missing) = try await unset.graphQL("{ ping }", key: try unset.apiKey())
        #expect(missing.contains("names ${env}, which this server was not given (MODELGRAPH_ENV)"), "\(missing)")
    }
}

extension ServeFunctionsTests {
    @Test("plan says what a custom subscription follows, its filter and its subscribe-time function: it has no statement")
    func planCustomSubscription() async throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.schemaSource("custom-subscriptions").write(to: folder.appendingPathComponent("schema.graphql"), atomically: false, encoding: .utf8)
        let query = #"subscription { onGreeting(room: "lobby") { text } }"#
        let (status, output, errors) = try await CommandLineTests.run(["plan", "--schema", "schema.graphql", "--query", query], in: folder)
        #expect(status == 0, "\(errors)")
        #expect(output.contains("-- onGreeting: the answers of sendMessage, as published to the change log; no statement"), "\(output)")
        #expect(output.contains(#"-- filter: room = "lobby", on the answer's top-level fields"#) && output.contains("subscribes: gate"), "\(output)")
    }
}

extension ServeFunctionsTests {
    @Test("a real public Gen 2 resource.ts with a custom query serves it: the imported function's binding names it for --function")
    func realGen2File() async throws {
        let functions = try await FunctionServer.start { _, event in .json(JSONText.encode(.string("Hello, \(event["arguments"]?["name"]?.stringValue ?? "?")"))) }
        defer { functions.stop() }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = Fixtures.folder().appendingPathComponent("gen2/real-custom-query-api-key.ts")
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("resource.ts"))
        let database = try await TestDatabase.makeDatabase()
        let serve = try await ServeProcess.start(
            in: folder, arguments: ["--schema", "resource.ts", "--database-url", database, "--function", "sayHello=\(functions.url("sayHello"))"])
        defer { serve.process.terminate() }
        let (status, body) = try await serve.graphQL(#"{ sayHello(name: "Ann") }"#, key: try serve.apiKey())
        #expect(status == 200 && body == #"{"data":{"sayHello":"Hello, Ann"}}"#, "\(body)\n\(serve.logText)")
    }
}

extension JSONValue {
    /// The string, for `.string`.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
