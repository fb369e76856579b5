import Foundation
import ModelGraphClient
import TeamMembersModels
import Testing

@Suite("Client decoding")
struct DecodingTests {
    /// `text` read as a response value.
    func value(_ text: String) throws -> GraphQLValue {
        try #require(GraphQLValue(jsonText: Array(text.utf8)))
    }

    let offline = DecodingContext(client: nil)

    @Test("an included hasMany is a loaded page; a belongsTo with only its key is not loaded; null is loaded as none")
    func includedAndKeyOnly() async throws {
        let team = try Team(
            graphQLValue: value(
                #"""
                {"id":"t1","mantra":"Go","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z","__typename":"Team",
                 "members":{"items":[{"id":"m1","name":"Ann","teamId":"t1","team":{"id":"t1","__typename":"Team"},"__typename":"Member"},
                                     {"id":"m2","name":"Bo","teamId":null,"team":null,"__typename":"Member"}],"nextToken":"abc"}}
                """#), context: offline)
        #expect(team.members.isLoaded)
        #expect(team.members.map(\.name) == ["Ann", "Bo"])
        #expect(team.members.nextToken == "abc")
        #expect(team.createdAt == "2026-01-01T00:00:00.000Z")
        // Not loaded and read without a client: loading it is an invalid request, not a silent nil.
        await #expect(throws: ModelGraphError.self) { try await team.members[0].team }
        #expect(try await team.members[1].team == nil)
    }

    @Test("a belongsTo with more than its key is loaded; a hasMany not selected is not loaded")
    func loadedReference() async throws {
        let member = try Member(
            graphQLValue: value(#"{"id":"m1","name":"Ann","teamId":"t1","team":{"id":"t1","mantra":"Go","__typename":"Team"}}"#), context: offline)
        let team = try #require(try await member.team)
        #expect(team.mantra == "Go")
        #expect(team.members.isLoaded == false)
    }

    @Test("a missing required field is a decoding error naming the field")
    func missingField() throws {
        #expect {
            try Member(graphQLValue: value(#"{"id":"m1","teamId":null}"#), context: offline)
        } throws: { error in
            (error as? ModelGraphError)?.kind == .decoding && (error as? ModelGraphError)?.message.contains("Member.name") == true
        }
    }

    @Test("a model made in memory: setTeam sets the reference field, and the reference is loaded")
    func inMemory() async throws {
        var member = Member(name: "Ann", teamId: "t0")
        #expect(!member.id.isEmpty)
        let team = Team(id: "t1", mantra: "Go")
        member.setTeam(team)
        #expect(member.teamId == "t1")
        #expect(try await member.team?.mantra == "Go")
        member.setTeam(nil)
        #expect(member.teamId == nil)
        #expect(try await member.team == nil)
    }

    @Test("GraphQL errors are typed: errorType, message and path of the first, the rest after it")
    func errors() async throws {
        let client = APIClient(
            endpoint: URL(string: "http://127.0.0.1:1/graphql")!,
            transport: CannedTransport(
                status: 200,
                body: #"{"data":{"getTeam":null},"errors":[{"errorType":"Unauthorized","message":"Not authorized","path":["getTeam","members",0]},{"message":"second"}]}"#
            ))
        do {
            _ = try await client.query(.get(Team.self, byIdentifier: "t1"))
            Issue.record("errors should throw")
        } catch {
            #expect(error.kind == .graphQL)
            #expect(error.errorType == "Unauthorized")
            #expect(error.message == "Not authorized")
            #expect(error.path == [.key("getTeam"), .key("members"), .index(0)])
            #expect(error.otherErrors.map(\.message) == ["second"])
        }
        let broken = APIClient(endpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: CannedTransport(status: 502, body: "Bad gateway"))
        await #expect(throws: ModelGraphError(kind: .httpStatus(502), message: "Bad gateway")) { try await broken.query(.get(Team.self, byIdentifier: "t1")) }
    }
}

/// A fixed answer, for reading error bodies without a server (the end-to-end tests use a real one).
struct CannedTransport: HTTPTransport {
    let status: Int
    let body: String

    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        HTTPAnswer(status: status, body: Array(self.body.utf8))
    }
}
