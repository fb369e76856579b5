#if os(Linux)
import Foundation
import NIOPosix
import Synchronization

/// The connections single statements share: each request's statement goes to the least busy ready
/// connection, pipelined behind whatever that connection is already running, and its answer resumes the
/// request on the event loop that sent it. Transactions do not come here (they need a connection to
/// themselves), and neither does a statement while no pipelined connection is ready: `PostgresClient` runs
/// those on its worker threads.
final class StatementPipelines: Sendable {
    private let reactor: SocketReactor
    private let connections: [PipelinedConnection]
    /// Tie-breaker between equally busy connections.
    private let nextIndex = Atomic<Int>(0)

    init(count: Int, conninfo: String, sessionSetup: [String]) {
        let reactor = SocketReactor()
        self.reactor = reactor
        connections = (0..<count).map { _ in
            PipelinedConnection(conninfo: conninfo, sessionSetup: sessionSetup, reactor: reactor)
        }
    }

    /// Statements sent and not yet answered, over all connections.
    var inFlight: Int { connections.reduce(0) { $0 + $1.load } }

    /// Runs one statement; nil when no connection could take it (none ready yet, or the connection broke
    /// under it), so the caller runs it another way.
    func run(_ sql: String, _ parameters: [String?]) async throws -> QueryResult? {
        guard let connection = leastBusy() else { return nil }
        let origin = MultiThreadedEventLoopGroup.currentEventLoop
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<QueryResult, PostgresError>?, Never>) in
            @Sendable func resume(_ outcome: Result<QueryResult, PostgresError>?) {
                if let origin {
                    origin.execute { continuation.resume(returning: outcome) }
                } else {
                    continuation.resume(returning: outcome)
                }
            }
            // libpq is driven from the reactor thread only: the event loop never waits for a lock the reactor
            // holds, and is never the one descheduled while holding it.
            reactor.execute {
                let queued = connection.send(sql, parameters) { resume($0) }
                if !queued { resume(nil) }
            }
        }
        switch outcome {
        case nil:
            return nil
        case .success(let rows):
            return rows
        case .failure(let error) where error.kind == .connection:
            // The connection broke with the statement in flight: the caller retries it on a fresh connection,
            // as a lone connection does when it finds itself broken.
            return nil
        case .failure(let error):
            throw error
        }
    }

    /// Starts connecting every connection and waits until all are ready or `timeout` passed; true when all are.
    func connectAll(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let ready = connections.reduce(0) { $0 + ($1.isReady() ? 1 : 0) }
            if ready == connections.count { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private func leastBusy() -> PipelinedConnection? {
        let start = nextIndex.add(1, ordering: .relaxed).newValue & Int.max
        var best: PipelinedConnection?
        for offset in 0..<connections.count {
            let candidate = connections[(start + offset) % connections.count]
            guard candidate.isReady() else { continue }
            if best == nil || candidate.load < best!.load { best = candidate }
        }
        return best
    }

    /// Closes the connections and stops the reactor.
    func shutdown() {
        for connection in connections { connection.close() }
        reactor.shutdown()
    }
}
#endif
