#if os(Linux)
    import Foundation
    import NIOCore
    import NIOPosix
    import Synchronization

    /// The connections single statements share: each request's statement goes to the least busy ready
    /// connection that has room, pipelined behind at most `depth - 1` statements that connection is already
    /// running, and its answer resumes the request on the event loop that sent it. When every ready connection is
    /// full, statements wait in order in the process and go out as answers come back, so no connection holds a
    /// long queue that others could have served. Transactions do not come here (they need a connection to
    /// themselves), and neither does a statement while no pipelined connection is ready: `PostgresClient` runs
    /// those on its worker threads.
    ///
    /// Opt-in (`--pipelined-connections`, off by default) and Linux only: on the benchmark's local database it
    /// measured within noise of the pool, so the default path stays the simple one; it is kept for databases a
    /// network round trip away, where sharing a connection between statements saves round trips. Everything
    /// it needs lives in this folder; `PostgresClient.query` is its only entry point.
    final class StatementPipelines: Sendable {
        /// A statement waiting for room on a connection, and how to answer its caller (nil: run it another way).
        private struct Waiting {
            let sql: String
            let parameters: [String?]
            let completion: @Sendable (Result<QueryResult, PostgresError>?) -> Void
        }

        private struct WaitingStatements {
            var statements = FIFOQueue<Waiting>()
            var sending = false
        }

        private let reactor: SocketReactor
        private let connections: [PipelinedConnection]
        /// Statements each connection may have in flight at once.
        let depth: Int
        /// Statements waiting for room, and whether `sendWaiting` is running; touched on the reactor thread only.
        private let waiting = ReactorConfined(WaitingStatements())
        /// How many are waiting (read from other threads for `inFlight`).
        private let waitingCount = Atomic<Int>(0)
        /// Tie-breaker between equally busy connections.
        private let nextIndex = Atomic<Int>(0)

        init(count: Int, depth: Int, conninfo: String, sessionSetup: [String]) {
            let reactor = SocketReactor()
            self.reactor = reactor
            self.depth = max(1, depth)
            connections = (0..<count).map { _ in
                PipelinedConnection(conninfo: conninfo, sessionSetup: sessionSetup, reactor: reactor)
            }
        }

        /// Statements sent and not yet answered, or waiting to be sent, over all connections.
        var inFlight: Int { connections.reduce(0) { $0 + $1.load } + waitingCount.load(ordering: .relaxed) }

        /// Runs one statement; nil when no connection could take it (none ready yet, or the connection broke
        /// under an `idempotent` one), so the caller runs it another way. A statement that is not idempotent and
        /// was in flight when its connection broke may have run: it fails with `outcomeUnknown` instead.
        func run(_ sql: String, _ parameters: [String?], idempotent: Bool) async throws -> QueryResult? {
            // Checked here too, so that with no connection ready yet the statement goes to the pool at once.
            guard connections.contains(where: { $0.isReady() }) else { return nil }
            let origin = MultiThreadedEventLoopGroup.currentEventLoop
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<QueryResult, PostgresError>?, Never>) in
                let statement = Waiting(sql: sql, parameters: parameters) { outcome in
                    if let origin {
                        origin.execute { continuation.resume(returning: outcome) }
                    } else {
                        continuation.resume(returning: outcome)
                    }
                }
                // libpq is driven from the reactor thread only: the event loop never waits for a lock the reactor
                // holds, and is never the one descheduled while holding it.
                reactor.execute { [self] in
                    waiting.value.statements.append(statement)
                    waitingCount.add(1, ordering: .relaxed)
                    sendWaiting()
                }
            }
            switch outcome {
            case nil:
                return nil
            case .success(let rows):
                return rows
            case .failure(let error) where error.kind == .connection:
                // The connection broke with the statement in flight: a read is retried on a fresh connection, as a
                // lone connection does when it finds itself broken; a write is not sent again.
                guard idempotent else {
                    var unknown = error
                    unknown.outcomeUnknown = true
                    throw unknown
                }
                return nil
            case .failure(let error):
                throw error
            }
        }

        /// On the reactor thread: sends waiting statements, oldest first, while a ready connection has room; when
        /// no connection is ready any more, hands them back to their callers to run another way. A call made from
        /// inside (a send that failed at once answers its statement, whose completion calls this) returns at
        /// once: the outer loop carries on.
        private func sendWaiting() {
            guard !waiting.value.sending else { return }
            waiting.value.sending = true
            defer { waiting.value.sending = false }
            while !waiting.value.statements.isEmpty {
                let connection = leastBusyWithRoom()
                if connection == nil, connections.contains(where: { $0.isReady() }) { return }
                let statement = waiting.value.statements.popFirst()!
                waitingCount.subtract(1, ordering: .relaxed)
                // Nothing ready: it runs on the pool.
                guard let connection else {
                    statement.completion(nil)
                    continue
                }
                let queued = connection.send(statement.sql, statement.parameters) { [self] outcome in
                    statement.completion(outcome)
                    // On the reactor thread once the answer is in: the connection has room again.
                    sendWaiting()
                }
                if !queued { statement.completion(nil) }
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

        /// The ready connection with the fewest statements in flight, if it has fewer than `depth`.
        private func leastBusyWithRoom() -> PipelinedConnection? {
            let start = nextIndex.add(1, ordering: .relaxed).newValue & Int.max
            var best: PipelinedConnection?
            for offset in 0..<connections.count {
                let candidate = connections[(start + offset) % connections.count]
                guard candidate.load < depth, candidate.isReady() else { continue }
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
