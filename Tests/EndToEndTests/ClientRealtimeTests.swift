import APISchema
import Foundation
import ModelGraphClient
import ModelGraphClientRealtime
import Realtime
import TeamMembersModels
import Testing

/// The Swift client's subscriptions (ModelGraphClientRealtime) against a live server.
@Suite("Client end to end: subscriptions")
struct ClientRealtimeTests {
    @Test("onCreate with a filter delivers typed models created through the client; ending the iteration ends the subscription on the server")
    func onCreate() async throws {
        let server = try await LiveServer.start(schema: "team-members", surface: .appSync, realtime: RealtimeSettings())
        defer { server.stop() }
        let client = APIClient(endpoint: server.url, authorization: .apiKey(server.key))
        let realtime = RealtimeClient(client: client)
        let red = try await client.mutate(.create(Team(id: "red", mantra: "Go")))
        let blue = try await client.mutate(.create(Team(id: "blue", mantra: "Stay")))

        var received: [Member] = []
        for try await event in realtime.subscribe(.onCreate(Member.self, where: Member.keys.teamId == red.id)) {
            switch event {
            case .started:
                #expect(server.hub?.subscriptionCount == 1)
                _ = try await client.mutate(.create(Member(name: "Blue Bo", team: blue)))
                _ = try await client.mutate(.create(Member(name: "Red Ann", team: red)))
                _ = try await client.mutate(.create(Member(name: "Red Cy", team: red)))
            case .data(let member):
                received.append(member)
            }
            if received.count == 2 { break }
        }
        #expect(received.map(\.name) == ["Red Ann", "Red Cy"])
        #expect(received.map(\.teamId) == ["red", "red"])
        // An event's relationships load through the client, as a query's do.
        #expect(try await received.first?.team?.mantra == "Go")

        // Leaving the loop released the stream, which sent `complete` and closed the connection: the server
        // forgets the subscription.
        try await Self.waitForNoSubscriptions(server)

        // Cancelling the task that iterates does the same.
        let started = AsyncStream.makeStream(of: Void.self)
        let listener = Task {
            for try await event in realtime.subscribe(.onUpdate(Team.self)) {
                if case .started = event { started.continuation.yield() }
            }
        }
        for await _ in started.stream { break }
        #expect(server.hub?.subscriptionCount == 1)
        listener.cancel()
        try await Self.waitForNoSubscriptions(server)
    }

    /// Waits up to 10 s for the server to have no subscriptions, and expects it did.
    static func waitForNoSubscriptions(_ server: LiveServer) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while server.hub?.subscriptionCount != 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.hub?.subscriptionCount == 0)
    }

    @Test("a subscription the server refuses, and a bad key, end the stream with a typed error")
    func refused() async throws {
        let server = try await LiveServer.start(schema: "team-members", surface: .appSync, realtime: RealtimeSettings())
        defer { server.stop() }
        let client = APIClient(endpoint: server.url, authorization: .apiKey(server.key))
        let bad = RealtimeClient(client: APIClient(endpoint: server.url, authorization: .apiKey("nope")))
        do {
            for try await _ in bad.subscribe(.onCreate(Member.self)) { Issue.record("a bad key should not start a subscription") }
            Issue.record("a bad key should end the stream with an error")
        } catch let error as ModelGraphError {
            #expect(error.kind == .transport, "\(error)")
            #expect(error.message.contains("4403"), "\(error)")
        }
        let unknown = RealtimeClient(client: client)
        do {
            for try await _ in unknown.subscribe(.onCreate(Member.self, where: Member.keys.name.attributeExists(true))) {}
            Issue.record("a refused subscription should end the stream with an error")
        } catch let error as ModelGraphError {
            #expect(error.kind == .graphQL, "\(error)")
        }
    }
}
