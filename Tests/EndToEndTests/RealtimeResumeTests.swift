import Foundation
import Realtime
import Testing

/// The resume window: a client whose connection dropped and that starts the same subscription again (same
/// key, same id, same request, as AppSync clients do on reconnect) gets the events it missed, then live ones.
@Suite("Real-time: resuming after a reconnect")
struct RealtimeResumeTests {
    static let query = "subscription Teams { onCreateTeam { mantra } }"

    /// Settings whose resume window (600 s) outlasts every step a test takes on a loaded machine, where the
    /// default 30 s could pass between the close and the reconnect.
    static var longWindow: RealtimeSettings {
        var settings = RealtimeSettings()
        settings.resumeWindow = .seconds(600)
        return settings
    }

    static func subscribe(_ server: LiveServer, id: String, query: String = query) async throws -> RealtimeTestClient {
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        try await socket.initialize()
        socket.start(id, query: query)
        _ = try await socket.next("start_ack")
        return socket
    }

    /// Waits until the server has set a closed connection's subscription aside for resuming.
    static func waitUntilSetAside(_ server: LiveServer, count: Int = 1) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while server.hub?.resumableCount ?? 0 < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(server.hub?.resumableCount ?? 0 >= count, "the closed connection's subscription was not set aside")
    }

    static func mantras(_ socket: RealtimeTestClient, count: Int) async throws -> [String] {
        var mantras: [String] = []
        for _ in 0..<count {
            let event = try await socket.next("data")
            mantras.append(try #require(value(event, "payload", "data", "onCreateTeam", "mantra") as? String))
        }
        return mantras
    }

    @Test("reconnecting within the window with the same id and request: the missed events, in order, then live ones")
    func resumes() async throws {
        let server = try await LiveServer.start(schema: "schema", realtime: Self.longWindow)
        defer { server.stop() }
        let first = try await Self.subscribe(server, id: "r1")
        try await server.seed(#"mutation { createTeam(input: {mantra: "seen"}) { id } }"#)
        #expect(try await Self.mantras(first, count: 1) == ["seen"])
        first.close()
        _ = try? await first.closeCode()
        // The server sets a closed connection's subscriptions aside once it has seen the close; real clients
        // wait seconds before reconnecting (amplify-js 5 s), this test until it is done.
        try await Self.waitUntilSetAside(server)
        for index in 0..<3 { try await server.seed("mutation { createTeam(input: {mantra: \"missed\(index)\"}) { id } }") }
        let second = try await Self.subscribe(server, id: "r1")
        defer { second.close() }
        try await server.seed(#"mutation { createTeam(input: {mantra: "live"}) { id } }"#)
        let received = try await Self.mantras(second, count: 4)
        #expect(received == ["missed0", "missed1", "missed2", "live"], "\(received)")
    }

    @Test("another request under the same id, or another id, starts fresh: nothing is replayed")
    func otherRequestsStartFresh() async throws {
        // The window is still open when the other request starts: nothing is replayed because it differs.
        let server = try await LiveServer.start(schema: "schema", realtime: Self.longWindow)
        defer { server.stop() }
        let first = try await Self.subscribe(server, id: "r2")
        first.close()
        _ = try? await first.closeCode()
        try await Self.waitUntilSetAside(server)
        try await server.seed(#"mutation { createTeam(input: {mantra: "missed"}) { id } }"#)
        let other = try await Self.subscribe(server, id: "r2", query: "subscription { onCreateTeam { mantra } }")
        defer { other.close() }
        try await server.seed(#"mutation { createTeam(input: {mantra: "live"}) { id } }"#)
        #expect(try await Self.mantras(other, count: 1) == ["live"])
    }

    @Test("a new subscription gets no change committed before it started, even one the server had not read yet")
    func nothingFromBeforeTheStart() async throws {
        // Reads at most every 5 s: a change committed right after one read waits for the next.
        let server = try await LiveServer.start(schema: "schema", realtime: RealtimeSettings(), feedReadInterval: .seconds(5))
        defer { server.stop() }
        let holder = try await Self.subscribe(server, id: "holder")
        defer { holder.close() }
        try await server.seed(#"mutation { createTeam(input: {mantra: "warm"}) { id } }"#)
        #expect(try await Self.mantras(holder, count: 1) == ["warm"])
        // Read just now: this one waits until the next read, and the new subscription starts meanwhile.
        try await server.seed(#"mutation { createTeam(input: {mantra: "before"}) { id } }"#)
        let late = try await Self.subscribe(server, id: "late")
        defer { late.close() }
        try await server.seed(#"mutation { createTeam(input: {mantra: "after"}) { id } }"#)
        #expect(try await Self.mantras(late, count: 1) == ["after"])
        #expect(try await Self.mantras(holder, count: 2) == ["before", "after"])
    }

    @Test("after the window has passed, nothing is replayed")
    func windowPasses() async throws {
        var settings = RealtimeSettings()
        settings.resumeWindow = .milliseconds(300)
        let server = try await LiveServer.start(schema: "schema", realtime: settings)
        defer { server.stop() }
        let first = try await Self.subscribe(server, id: "r3")
        first.close()
        _ = try? await first.closeCode()
        try await Self.waitUntilSetAside(server)
        try await server.seed(#"mutation { createTeam(input: {mantra: "missed"}) { id } }"#)
        try await Task.sleep(for: .seconds(1))
        let second = try await Self.subscribe(server, id: "r3")
        defer { second.close() }
        try await server.seed(#"mutation { createTeam(input: {mantra: "live"}) { id } }"#)
        #expect(try await Self.mantras(second, count: 1) == ["live"])
    }
}
