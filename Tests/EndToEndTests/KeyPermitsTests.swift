import Execution
import Foundation
import Postgres
import Server
import Store
import TestSupport
import Testing

/// One API key's requests use at most a few database connections at once; the rest wait in order.
@Suite("Per-key database permits")
struct KeyPermitsTests {
    @Test("permits pass to waiters in arrival order; a full queue is refused; a wait ends at its timeout or cancellation")
    func permits() async throws {
        let permits = KeyPermits(permits: 1, maximumWaiting: 2)
        #expect(await permits.acquire("a", timeout: nil) == .granted)
        let order = Recorder<[Int]>([])
        let first = Task {
            let outcome = await permits.acquire("a", timeout: .seconds(30))
            order.update { $0.append(1) }
            return outcome
        }
        while permits.counts("a").waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task {
            let outcome = await permits.acquire("a", timeout: .seconds(30))
            order.update { $0.append(2) }
            return outcome
        }
        while permits.counts("a").waiting < 2 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await permits.acquire("a", timeout: nil) == .queueFull)
        // Another key is not held up by this one.
        #expect(await permits.acquire("b", timeout: nil) == .granted)
        permits.release("a")
        #expect(await first.value == .granted)
        permits.release("a")
        #expect(await second.value == .granted)
        #expect(order.value == [1, 2])
        #expect(await permits.acquire("a", timeout: .milliseconds(50)) == .timedOut)
        let cancelled = Task { await permits.acquire("a", timeout: nil) }
        while permits.counts("a").waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        cancelled.cancel()
        #expect(await cancelled.value == .timedOut)
        #expect(permits.counts("a").waiting == 0)
        permits.release("a")
        permits.release("b")
        #expect(permits.counts("a").held == 0 && permits.counts("b").held == 0)
    }

    // With the table locked, every listTeams waits in PostgreSQL. Five of them from one key hold one
    // connection (one permit); without permits they held every free connection, and another key's query
    // on a different table waited for the lock to go.
    @Test("one key's blocked requests hold at most its permits; another key's query still gets a connection")
    func fairness() async throws {
        let permits = KeyPermits(permits: 1)
        // No statement timeout: the blocked queries wait as long as the test holds the lock.
        let server = try await LiveServer.start(schema: "schema", keyPermits: permits, statementTimeoutMilliseconds: 0)
        defer { server.stop() }
        let other = try await APIKeyStore(client: server.client).create(description: "other")
        let (locked, release, released) = (Recorder(false), Gate(), Recorder(false))
        let lock = Task {
            try await server.client.withTransaction { connection in
                _ = try connection.query(#"LOCK TABLE "Team" IN ACCESS EXCLUSIVE MODE"#)
                locked.update { $0 = true }
                release.wait()
            }
            released.update { $0 = true }
        }
        defer { release.open() }
        while !locked.value { try await Task.sleep(for: .milliseconds(10)) }
        let blocked = (0..<5).map { _ in Task { try await server.graphQLText("{ listTeams { items { id } } }") } }
        let keyID = try #require(server.key.split(separator: "_").dropFirst().first.map(String.init))
        let deadline = ContinuousClock.now + .seconds(60)
        while permits.counts(keyID).waiting < 4, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(permits.counts(keyID) == (held: 1, waiting: 4))
        let (_, _, body) = try await server.post(body: Data(#"{"query":"{ listMembers { items { id } } }"}"#.utf8), key: other)
        #expect(value(body, "data", "listMembers", "items") is [Any], "\(body)")
        #expect(released.value == false, "the other key's query waited for the lock")
        release.open()
        try await lock.value
        for task in blocked {
            let response = try await task.value
            #expect(response.contains(#""listTeams""#) && !response.contains("errors"), "\(response)")
        }
    }
}
