import Foundation
import Testing

/// Answers the Amplify client libraries branch on, beyond the GraphQL errors other tests cover
/// (docs/clients.md lists each and its test).
@Suite("Answers Amplify clients branch on")
struct ClientBranchTests {
    @Test("a refused credential: 401 with x-amzn-ErrorType: UnauthorizedException (amplify-js names the error from it) and the AppSync body")
    func unauthorizedHeader() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let body = Data(#"{"query":"{ __typename }"}"#.utf8)
        let answer = try await server.request("/graphql", method: "POST", body: body, headers: ["x-api-key": "mg_00000000_wrong", "Content-Type": "application/json"])
        #expect(answer.status == 401)
        #expect(answer.headers.first { $0.key.lowercased() == "x-amzn-errortype" }?.value == "UnauthorizedException", "\(answer.headers)")
        #expect(answer.text.contains(#""errorType":"UnauthorizedException""#), "\(answer.text)")
    }

    @Test("GET /ping answers exactly healthy (Amplify Flutter's check of the API host), without credentials")
    func ping() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let answer = try await server.request("/ping")
        #expect(answer.status == 200)
        #expect(answer.text == "healthy")
    }
}
