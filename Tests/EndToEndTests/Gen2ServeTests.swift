import Foundation
import TestSupport
import Testing

/// `modelgraph migrate generate` and `serve` given an Amplify Gen 2 `resource.ts` instead of annotated GraphQL.
@Suite("Serving a Gen 2 schema file", .serialized)
struct Gen2ServeTests {
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
