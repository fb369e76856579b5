import Foundation
import TestSupport
import Testing

/// What a subscriber that stops reading costs the server in memory: measured on a real `modelgraph serve`
/// process through /proc while 50 MB of events are owed to it.
@Suite("Real-time: memory under a subscriber that does not read")
struct RealtimeMemoryTests {
    @Test(
        "50 MB of 64 KB events owed to a graphql-ws subscriber that never reads: the server's peak memory grows by a small multiple of the 16 MB window, and it still shuts down",
        .timeLimit(.minutes(5)))
    func stalledSubscriber() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, key, _) = try await ShutdownTests.serve(database: database, folder: folder)
        defer { process.terminate() }
        let mantra = String(repeating: "x", count: 64 * 1024)
        let create = "mutation($m: String!) { createTeam(input: {mantra: $m}) { id } }"
        // Warm up the paths the flood takes (planning, a delivery, the allocator's arenas) before the baseline.
        for _ in 0..<8 { _ = try await TestHTTP.graphQL(port: port, key: key, query: create, variables: ["m": mantra]) }
        let before = MemoryBoundTests.megabytes(process.processIdentifier, "VmHWM:")

        let raw = try RawConnection(port: port)
        // A small receive buffer: the kernel takes little off the server's hands.
        var small: Int32 = 4096
        setsockopt(raw.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let head = await RealtimeSlowConsumerTests.upgrade(raw, port: port, key: key, subprotocol: "graphql-transport-ws")
        try #require(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        let subscribe = #"{"id":"stalled","type":"subscribe","payload":{"query":"subscription { onCreateTeam { id mantra } }"}}"#
        #expect(RealtimeSlowConsumerTests.send(RealtimeSlowConsumerTests.clientFrame(#"{"type":"connection_init"}"#) + RealtimeSlowConsumerTests.clientFrame(subscribe), on: raw))
        _ = await raw.read(until: "connection_ack")
        try await Task.sleep(for: .milliseconds(500))

        // 800 records of 64 KB, four writers at a time; the subscriber reads none of their events.
        let records = 800
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    for _ in stride(from: lane, to: records, by: 4) {
                        let answer = try await TestHTTP.graphQL(port: port, key: key, query: create, variables: ["m": mantra])
                        #expect(answer.status == 200 && !answer.text.contains("errors"), "\(answer.text.prefix(300))")
                    }
                }
            }
            try await group.waitForAll()
        }
        // Delivery goes on after the last write: let it run into the window and the connection's end.
        try await Task.sleep(for: .seconds(5))
        let growth = MemoryBoundTests.megabytes(process.processIdentifier, "VmHWM:") - before
        // The window is 16 MB; before the feed's batches were bounded in bytes, peak growth was over 100 MB here.
        #expect(growth <= 48, "peak resident memory grew by \(growth) MB while 50 MB of events were owed")
        // A connection whose client reads nothing cannot take the close frame either: shutdown does not wait for it.
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning, "serve did not exit within 30 s of SIGTERM with a client that does not read")
        #expect(!process.isRunning && process.terminationStatus == 0)
    }
}
