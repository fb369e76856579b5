import ArgumentParser
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real-time load generator `scripts/bench --realtime` drives: opens N AppSync subscribers on one server,
/// writes at a fixed rate through HTTP, and reports (one JSON object on standard output) how many events
/// arrived, how fast, and how long each took from the write's request to the subscriber.
@main
struct RealtimeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgraph-bench-realtime", abstract: "Real-time load: N subscribers, writes at a fixed rate, delivery latency.")

    @Option(help: "The server's port.") var port: Int
    @Option(help: "An API key.") var key: String
    @Option(help: "Subscribers to open.") var subscribers: Int = 100
    @Option(help: "Writes per second.") var rate: Double = 10
    @Option(help: "Seconds of writes.") var duration: Double = 10
    @Option(help: "The subscription document; every subscriber uses it.") var subscription: String = "subscription { onCreateComment { id content postId } }"
    @Option(help: "The write; $content is set to the write's send time.") var mutation: String =
        "mutation ($postId: ID!, $content: String!) { createComment(input: {postId: $postId, content: $content}) { id } }"
    @Option(help: "The postId variable of the write.") var postId: String
    @Option(help: "Seconds to wait for the last events after the writes.") var settle: Double = 5
    @Option(help: "Subscribers opened at once.") var connectConcurrency: Int = 200
    @Option(help: "Post ids, comma-separated: subscriber i follows only the comments of the i-th (round robin) instead of all.")
    var filterPosts: String = ""
    @Option(help: "Seconds to keep the subscribers open without writing (with --rate 0), counting the events that arrive.")
    var hold: Double = 0

    func run() async throws {
        let clock = ContinuousClock()
        let origin = clock.now
        let recorder = LatencyRecorder()
        let url = "ws://127.0.0.1:\(port)/graphql/realtime"
        let connected = Connections()
        let connectStarted = clock.now
        var tasks: [Task<Void, Never>] = []
        let (ready, readyContinuation) = AsyncStream<Bool>.makeStream()
        let posts = filterPosts.split(separator: ",").map(String.init)
        for index in 0..<subscribers {
            let document = posts.isEmpty ? subscription : "subscription { onCreateComment(filter: {postId: {eq: \"\(posts[index % posts.count])\"}}) { id content postId } }"
            // A fresh id per subscription, as the Amplify clients use: a run started within the server's resume
            // window of the last one must not resume (and be replayed) the last run's subscriptions.
            let task = Task {
                await Subscriber(url: url, key: key, id: UUID().uuidString.lowercased(), document: document, origin: origin, recorder: recorder, connections: connected)
                    .run(ready: readyContinuation)
            }
            tasks.append(task)
            if (index + 1) % connectConcurrency == 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        var acknowledged = 0
        var failed = 0
        for await ok in ready {
            if ok { acknowledged += 1 } else { failed += 1 }
            if acknowledged + failed == subscribers { break }
        }
        let connectSeconds = (clock.now - connectStarted).seconds
        // Writes at a fixed rate; each carries its send time.
        let writer = Writer(port: port, key: key, mutation: mutation, postId: postId)
        let interval = Duration.seconds(1 / max(rate, 0.001))
        let writesStarted = clock.now
        var next = writesStarted
        var writes = 0
        var writeLatencies: [Double] = []
        if rate <= 0 {
            // Subscribers only: someone else writes (scripts/bench runs wrk meanwhile).
            FileHandle.standardOutput.write(Data("READY \(acknowledged)\n".utf8))
            try await Task.sleep(for: .seconds(hold))
        }
        while rate > 0, clock.now - writesStarted < .seconds(duration) {
            next = next + interval
            let sent = clock.now
            let stamp = (sent - origin).nanoseconds
            if await writer.write(content: "t=\(stamp)") { writes += 1 }
            writeLatencies.append((clock.now - sent).milliseconds)
            if clock.now < next { try await Task.sleep(until: next) }
        }
        let writeSeconds = (clock.now - writesStarted).seconds
        if rate > 0 { try await Task.sleep(for: .seconds(settle)) }
        let latencies = recorder.sorted()
        let expected = writes * acknowledged
        let report: [String: Any] = [
            "subscribers": subscribers, "acknowledged": acknowledged, "failedToSubscribe": failed, "connectSeconds": connectSeconds,
            "writes": writes, "writeSeconds": writeSeconds, "eventsExpected": expected, "eventsDelivered": latencies.count, "eventsReceived": recorder.counted,
            "eventsPerSecond": Double(latencies.count) / writeSeconds, "closedByServer": connected.closed,
            "latencyP50Ms": percentile(latencies, 0.5), "latencyP99Ms": percentile(latencies, 0.99), "latencyMaxMs": latencies.last ?? 0,
            "writeP50Ms": percentile(writeLatencies.sorted(), 0.5),
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
        for task in tasks { task.cancel() }
    }

    private func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: Double { seconds * 1000 }
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}

/// Every event's latency, in milliseconds.
final class LatencyRecorder: Sendable {
    private let values = Mutex<[Double]>([])
    private let events = Atomic<Int>(0)

    /// Counts one event, stamped or not.
    func count() { events.add(1, ordering: .relaxed) }
    /// Events counted.
    var counted: Int { events.load(ordering: .relaxed) }

    func record(_ milliseconds: Double) { values.withLock { $0.append(milliseconds) } }
    func sorted() -> [Double] { values.withLock { $0.sorted() } }
}

/// Counts connections the server closed.
final class Connections: Sendable {
    private let count = Atomic<Int>(0)

    func noteClosed() { count.add(1, ordering: .relaxed) }
    var closed: Int { count.load(ordering: .relaxed) }
}
