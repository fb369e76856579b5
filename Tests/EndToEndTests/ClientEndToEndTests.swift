import APISchema
import Foundation
import ModelGraphClient
import Synchronization
import TeamMembersModels
import Testing

/// The Swift client with the generated team-members models against a live server (AppSync's API), over HTTP.
@Suite("Client end to end: generated models over HTTP")
struct ClientEndToEndTests {
    /// A server for examples/team-members.graphql and a client with its API key, whose requests are counted.
    static func start() async throws -> (LiveServer, APIClient, CountingTransport) {
        let server = try await LiveServer.start(schema: "team-members", surface: .appSync)
        let transport = CountingTransport()
        return (server, APIClient(endpoint: server.url, authorization: .apiKey(server.key), transport: transport), transport)
    }

    @Test("create a team and a member in it; get the team including its members in one request; the member's team loads lazily")
    func createAndInclude() async throws {
        let (server, client, requests) = try await Self.start()
        defer { server.stop() }
        let team = try await client.mutate(.create(Team(id: "t1", mantra: "Go")))
        #expect(team.mantra == "Go")
        #expect(team.createdAt != nil)
        let member = try await client.mutate(.create(Member(id: "m1", name: "Ann", team: team)))
        #expect(member.teamId == "t1")

        let loaded = try #require(try await client.query(.get(Team.self, byIdentifier: "t1", includes: { team in [team.members] })))
        #expect(loaded.members.isLoaded)
        #expect(loaded.members.map(\.name) == ["Ann"])
        #expect(loaded.members.hasNextPage() == false)
        let first = try #require(loaded.members.first)
        // A belongsTo not included arrives as its key only: reading it is one more request, once.
        var before = requests.count
        #expect(try await first.team?.mantra == "Go")
        #expect(try await first.team?.id == "t1")
        #expect(requests.count == before + 1)

        // Nested includes: one request reads the member, its team, and the team's members.
        before = requests.count
        let deep = try #require(try await client.query(.get(Member.self, byIdentifier: "m1", includes: { member in [member.team.members] })))
        let deepTeam = try #require(try await deep.team)
        #expect(deepTeam.members.isLoaded)
        #expect(deepTeam.members.map(\.id) == ["m1"])
        #expect(requests.count == before + 1)
    }

    @Test("a hasMany not included fetches with one list query; list with a filter pages with nextToken")
    func lazyListAndPaging() async throws {
        let (server, client, requests) = try await Self.start()
        defer { server.stop() }
        let team = try await client.mutate(.create(Team(id: "t1", mantra: "Go")))
        _ = try await client.mutate(.create(Team(id: "t2", mantra: "Other")))
        for index in 1...5 {
            _ = try await client.mutate(.create(Member(id: "m\(index)", name: "Member \(index)", team: team)))
        }
        _ = try await client.mutate(.create(Member(id: "x", name: "Elsewhere", teamId: "t2")))

        let plain = try #require(try await client.query(.get(Team.self, byIdentifier: "t1")))
        #expect(plain.members.isLoaded == false)
        let before = requests.count
        try await plain.members.fetch()
        try await plain.members.fetch()
        #expect(requests.count == before + 1)
        #expect(plain.members.map(\.id).sorted() == ["m1", "m2", "m3", "m4", "m5"])

        var page = try await client.query(.list(Member.self, where: Member.keys.teamId == "t1", limit: 2))
        var seen = page.map(\.id)
        var pages = 1
        while page.hasNextPage() {
            page = try await page.getNextPage()
            seen += page.map(\.id)
            pages += 1
        }
        #expect(seen.sorted() == ["m1", "m2", "m3", "m4", "m5"])
        #expect(pages >= 3)
        let filtered = try await client.query(.list(Member.self, where: Member.keys.name.beginsWith("Member") && Member.keys.id != "m1"))
        #expect(filtered.map(\.id).sorted() == ["m2", "m3", "m4", "m5"])
    }

    @Test("an included hasMany longer than a page continues with the parent's query and the nested token")
    func includedPages() async throws {
        let (server, client, _) = try await Self.start()
        defer { server.stop() }
        let team = try await client.mutate(.create(Team(id: "t1", mantra: "Go")))
        for index in 1...105 {
            _ = try await client.mutate(.create(Member(id: String(format: "m%03d", index), name: "M", team: team)))
        }
        let loaded = try #require(try await client.query(.get(Team.self, byIdentifier: "t1", includes: { team in [team.members] })))
        #expect(loaded.members.count == 100)
        #expect(loaded.members.hasNextPage())
        let next = try await loaded.members.getNextPage()
        #expect(next.count == 5)
        #expect(next.hasNextPage() == false)
        #expect(Set(loaded.members.map(\.id)).union(next.map(\.id)).count == 105)
    }

    @Test("update with setTeam(nil) detaches; delete returns the record and it is gone; a failed condition is a typed error")
    func updateDeleteAndConditions() async throws {
        let (server, client, _) = try await Self.start()
        defer { server.stop() }
        let team = try await client.mutate(.create(Team(id: "t1", mantra: "Go")))
        var member = try await client.mutate(.create(Member(id: "m1", name: "Ann", team: team)))
        member.setTeam(nil)
        let detached = try await client.mutate(.update(member))
        #expect(detached.teamId == nil)
        #expect(try await detached.team == nil)
        let members = try #require(try await client.query(.get(Team.self, byIdentifier: "t1"))).members
        try await members.fetch()
        #expect(members.isEmpty)

        member.name = "Bo"
        do {
            _ = try await client.mutate(.update(member, where: Member.keys.name == "Nobody"))
            Issue.record("the update should have failed its condition")
        } catch {
            #expect(error.kind == .graphQL)
            #expect(error.errorType == "DynamoDB:ConditionalCheckFailedException")
            #expect(error.path == [.key("updateMember")])
        }
        let renamed = try await client.mutate(.update(member, where: Member.keys.name == "Ann"))
        #expect(renamed.name == "Bo")

        let deleted = try await client.mutate(.delete(renamed))
        #expect(deleted.id == "m1")
        #expect(try await client.query(.get(Member.self, byIdentifier: "m1")) == nil)
    }

    @Test("a wrong API key is a typed UnauthorizedException; the right one reads")
    func errors() async throws {
        let (server, client, _) = try await Self.start()
        defer { server.stop() }
        let stranger = APIClient(endpoint: server.url, authorization: .apiKey("da2-wrong"))
        do {
            _ = try await stranger.query(.get(Team.self, byIdentifier: "t1"))
            Issue.record("a wrong key should be refused")
        } catch {
            #expect(error.kind == .graphQL)
            #expect(error.errorType == "UnauthorizedException")
        }
        _ = try await client.mutate(.create(Team(id: "t1", mantra: "Go")))
        #expect(try await client.query(.get(Team.self, byIdentifier: "t1"))?.mantra == "Go")
    }
}

/// The client with a user pool's token: `modelgraph serve` with user pools by default, the team-members models
/// open to signed-in users.
@Suite("Client end to end: JWT authorization")
struct ClientTokenTests {
    @Test("a token provider's JWT goes in the Authorization header; without it the typed error is UnauthorizedException")
    func token() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/team-members.graphql")
        let schema = try String(contentsOf: example, encoding: .utf8).replacingOccurrences(
            of: "@auth(rules: [{ allow: public }])", with: "@auth(rules: [{ allow: private }])")
        let serve = try await SignedInServe.start(schema: schema)
        defer { serve.stop() }
        let endpoint = URL(string: "http://127.0.0.1:\(serve.serve.port)/graphql")!
        let token = try serve.token()
        let signedIn = APIClient(endpoint: endpoint, authorization: .token { token })
        let team = try await signedIn.mutate(.create(Team(id: "t1", mantra: "Go")))
        _ = try await signedIn.mutate(.create(Member(id: "m1", name: "Ann", team: team)))
        let read = try #require(try await signedIn.query(.get(Team.self, byIdentifier: "t1", includes: { team in [team.members] })))
        #expect(read.members.map(\.id) == ["m1"])
        #expect(try await APIClient(endpoint: endpoint, authorization: .jwt(token)).query(.get(Member.self, byIdentifier: "m1"))?.name == "Ann")
        do {
            _ = try await APIClient(endpoint: endpoint).query(.get(Team.self, byIdentifier: "t1"))
            Issue.record("a request without credentials should be refused")
        } catch {
            #expect(error.errorType == "UnauthorizedException")
        }
    }
}

/// URLSession, counting the requests it sends (the tests check how many a call costs).
final class CountingTransport: HTTPTransport {
    private let sent = Mutex(0)
    private let transport = URLSessionTransport()

    /// The requests sent so far.
    var count: Int { sent.withLock { $0 } }

    func post(url: URL, headers: [String: String], body: [UInt8]) async throws -> HTTPAnswer {
        sent.withLock { $0 += 1 }
        return try await transport.post(url: url, headers: headers, body: body)
    }
}
