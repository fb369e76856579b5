import Foundation
import TestSupport
import Testing

/// `modelgraph migrate generate` and `serve` given an Amplify Gen 2 `resource.ts` instead of annotated GraphQL.
@Suite("Serving a Gen 2 schema file", .serialized)
struct Gen2ServeTests {
    @Test("convert prints the SDL with a header; validate and convert report a .ts error with its line and a caret")
    func commandLine() async throws {
        let fixture = Fixtures.folder().appendingPathComponent("gen2/customer-cart.ts").path
        let (status, output, _) = try await CommandLineTests.run(["convert", "--schema", fixture])
        #expect(status == 0)
        #expect(output.hasPrefix("# Converted by `modelgraph convert` from the Amplify Gen 2 schema \(fixture).\n"))
        #expect(output.contains("type Cart @model @auth(rules: [{allow: public, provider: apiKey}])\n{\n  items: [String!]!\n"))
        let (validated, validation, _) = try await CommandLineTests.run(["validate", "--schema", fixture])
        #expect(validated == 0 && validation.contains("OK, 2 model(s)"), "\(validation)")

        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("resource.ts")
        try
            "import { a } from '@aws-amplify/backend';\nexport const schema = a.schema({\n  Todo: a.model({ content: a.string() }).authorization((allow) => [allow.guest()]),\n});\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        for command in ["validate", "convert", "print-schema"] {
            let (failed, _, errors) = try await CommandLineTests.run([command, "--schema", bad.path])
            #expect(failed == 1)
            #expect(errors.contains("\(bad.path):3:74: error: allow.guest()"), "\(command): \(errors)")
            #expect(errors.contains("\n" + String(repeating: " ", count: 73) + "^\n"), "\(command): \(errors)")
        }
        // A resource.ts importing part of its schema from a module beside it.
        let split = Fixtures.folder().appendingPathComponent("gen2/split/resource.ts").path
        let (splitStatus, splitOutput, splitErrors) = try await CommandLineTests.run(["validate", "--schema", split])
        #expect(splitStatus == 0 && splitOutput.contains("OK, 2 model(s)"), "\(splitOutput)\(splitErrors)")
        let (_, splitSDL, _) = try await CommandLineTests.run(["convert", "--schema", split])
        #expect(splitSDL.contains("type Product @model") && splitSDL.contains("type Order @model"), "\(splitSDL)")

        let (refused, _, refusal) = try await CommandLineTests.run(["convert", "--schema", Fixtures.folder().appendingPathComponent("schemas/catalog.graphql").path])
        #expect(refused == 1 && refusal.contains("is not a Gen 2 schema file"))
    }

    @Test("serve on a resource.ts answers a create and a list over HTTP")
    func createAndList() async throws {
        let server = try await FuzzedServer.start(schemaFile: Fixtures.folder().appendingPathComponent("gen2/team-members.ts").path)
        defer { server.stop() }
        func post(_ query: String) async throws -> String {
            let body = try JSONSerialization.data(withJSONObject: ["query": query])
            let answer = try await TestHTTP.send(
                URL(string: server.url)!, body: body, headers: ["Content-Type": "application/json", "x-api-key": server.key])
            #expect(answer.status == 200)
            return answer.text
        }
        let created = try await post(#"mutation { createTeam(input: {mantra: "Ship it"}) { id mantra } }"#)
        #expect(created.contains(#""mantra":"Ship it""#), "\(created)\n\(server.logTail())")
        let listed = try await post("{ listTeams { items { mantra members { items { name } } } } }")
        let answer = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any]
        let items = ((answer?["data"] as? [String: Any])?["listTeams"] as? [String: Any])?["items"] as? [[String: Any]]
        #expect(items?.map { $0["mantra"] as? String } == ["Ship it"], "\(listed)")
        #expect((items?.first?["members"] as? [String: Any])?["items"] as? [Any] != nil, "\(listed)")
    }
}
