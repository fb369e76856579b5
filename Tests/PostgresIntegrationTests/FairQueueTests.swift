import Foundation
import Postgres
import TestSupport
import Testing

@Suite("Fair queue: the pool serves API keys in turn")
struct FairQueueTests {
    @Test("tenants are served in turn, each tenant's elements in arrival order")
    func turns() {
        var queue = FairQueue<String>()
        #expect(queue.isEmpty && queue.popFirst() == nil)
        for index in 0..<4 { queue.append("a\(index)", tenant: "a") }
        queue.append("b0", tenant: "b")
        queue.append("b1", tenant: "b")
        queue.append("c0", tenant: "c")
        #expect(queue.count == 7)
        var taken: [String] = []
        while let next = queue.popFirst() { taken.append(next) }
        #expect(taken == ["a0", "b0", "c0", "a1", "b1", "a2", "a3"])
        // A tenant that comes back after its lane emptied takes its turn after those waiting.
        queue.append("a4", tenant: "a")
        queue.append("b2", tenant: "b")
        #expect(queue.popFirst() == "a4")
        queue.append("a5", tenant: "a")
        #expect(queue.popFirst() == "b2")
        #expect(queue.popFirst() == "a5")
        #expect(queue.isEmpty)
    }

    // One connection, held by key A's first statement while A queues nineteen more, then key B one. First
    // come, first served, B's statement ran twenty-first; in turn, it runs right after the one running and
    // the one A had next. The first statement holds the connection until the test opens its gate, and the
    // order is recorded on the connection's thread as the statements run (tasks resume in any order on a
    // loaded machine).
    @Test("a key's backlog does not hold another key's statement back")
    func backlog() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        let ran = Recorder<[String]>([])
        let release = Gate()
        @Sendable func run(_ name: String, tenant: String, holding: Bool = false) async throws {
            try await client.withConnection(tenant: tenant) { connection in
                if holding { release.wait() }
                _ = try connection.query("SELECT 1")
                ran.update { $0.append(name) }
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await run("A0", tenant: "A", holding: true) }
            while client.busyConnections < 1 { try await Task.sleep(for: .milliseconds(10)) }
            for index in 1..<20 {
                group.addTask { try await run("A\(index)", tenant: "A") }
            }
            while client.waitingJobs < 19 { try await Task.sleep(for: .milliseconds(10)) }
            group.addTask { try await run("B", tenant: "B") }
            while client.waitingJobs < 20 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(ran.value.isEmpty)
            release.open()
            try await group.waitForAll()
        }
        #expect(ran.value.count == 21)
        let position = try #require(ran.value.firstIndex(of: "B"))
        #expect(position == 2, "B ran \(position + 1)th: \(ran.value)")
    }
}
