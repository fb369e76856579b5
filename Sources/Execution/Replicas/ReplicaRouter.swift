package import Logging
package import Postgres
import Synchronization

/// Runs statements on the primary and on read replicas: an HTTP request's reads go to a replica in the
/// rotation (the least busy one that has replayed what the request must see), its writes and transactions to
/// the primary. Statements outside a request (`ReadPosition.current` is nil: real-time delivery, WebSocket
/// operations, start-up) all run on the primary, as without replicas.
///
/// A read that fails on a replica because its connection broke, the replica shut down, or replay cancelled it
/// is run again on the primary: clients never see a replica's failure. Writes are never re-sent.
package final class ReplicaRouter: StatementRunner {
    /// How replicas are judged and waited for.
    package struct Configuration: Sendable {
        /// A replica further behind the primary than this leaves the rotation (`--replica-max-lag`).
        package var maximumLag: Duration = .seconds(1)
        /// How often each replica's state and the primary's position are read.
        package var checkInterval: Duration = .milliseconds(250)
        /// How long a read waits for a replica to replay the position it must see before the primary serves it.
        package var readYourWritesWait: Duration = .milliseconds(200)
        /// How long the instance remembers a caller's last write.
        package var rememberWritesFor: Duration = .seconds(10)
        /// Most callers remembered per generation (`RecentWrites`).
        package var rememberedCallers = 100_000

        /// The defaults: 1 s of lag, checks every 250 ms, waits of 200 ms, writes remembered for 10 s.
        package init() {}
    }

    /// What `/metrics` shows of the replicas.
    package struct Snapshot: Sendable {
        /// Each replica's number, whether it is in the rotation, its lag in seconds (nil: unknown) and the reads it served.
        package var replicas: [(number: Int, inRotation: Bool, lagSeconds: Double?, reads: Int)]
        /// Reads of requests the primary served (none in the rotation, none had replayed far enough, or the
        /// request had written).
        package var primaryReads: Int
        /// Reads that failed on a replica and were run again on the primary.
        package var failovers: Int
    }

    /// Where writes, transactions and the reads no replica can take run.
    package let primary: PostgresClient
    /// The replicas, in the order they were configured.
    package let replicas: [Replica]
    /// How replicas are judged and waited for.
    package let configuration: Configuration
    /// The last write of each caller within the window.
    package let recentWrites: RecentWrites
    let logger: Logger
    /// The one connection the primary's position is read on, beside the pool.
    let primaryChecker: PostgresClient
    /// The primary's positions read in the last minute, oldest first.
    let samples = Mutex<[(at: ContinuousClock.Instant, position: WALPosition)]>([])
    private let counts = Mutex<(primaryReads: Int, failovers: Int)>((0, 0))
    private let checking = Mutex<Task<Void, Never>?>(nil)

    /// A router over `primary` and one pool per replica configuration. Call `start()` to begin the health checks:
    /// until a replica's first check passes, its reads go to the primary.
    package init(primary: PostgresClient, replicas: [PostgresClient.Configuration], configuration: Configuration = Configuration(), logger: Logger) {
        self.primary = primary
        self.replicas = replicas.enumerated().map { Replica(number: $0.offset + 1, configuration: $0.element) }
        self.configuration = configuration
        recentWrites = RecentWrites(window: configuration.rememberWritesFor, capacity: configuration.rememberedCallers)
        self.logger = logger
        var checking = primary.configuration
        checking.connections = 1
        checking.pipelinedConnections = 0
        checking.applicationName = "modelgraph replica check"
        primaryChecker = PostgresClient(configuration: checking)
    }

    /// The position a request must see: what it sent in `x-modelgraph-min-lsn` (`header`), or the last write
    /// `principal` made on this instance within the window, whichever is further. Nil when the header is not a
    /// position (the transport refuses the request).
    package func beginRequest(principal: String?, header: String?) -> ReadPosition? {
        var minimum: WALPosition?
        if let header {
            guard let sent = WALPosition(header) else { return nil }
            minimum = sent
        }
        if let principal, let remembered = recentWrites.position(for: principal) { minimum = max(minimum ?? remembered, remembered) }
        return ReadPosition(minimum: minimum)
    }

    /// Remembers what the request committed, for its caller's next requests.
    package func endRequest(_ position: ReadPosition, principal: String?) {
        guard let principal, let committed = position.committedOrUnknown else { return }
        recentWrites.remember(committed, for: principal)
    }

    /// A read on a replica that has what the request must see, else on the primary; a write on the primary,
    /// followed (inside a request) by the reading of its commit position.
    package func run(_ sql: String, _ parameters: [String?], idempotent: Bool, tenant: String, customPlan: Bool) async throws -> QueryResult {
        guard let position = ReadPosition.current else {
            return try await primary.run(sql, parameters, idempotent: idempotent, tenant: tenant, customPlan: customPlan)
        }
        guard idempotent else {
            position.noteWrite()
            try PostgresError.checkStorable(parameters, sql: sql)
            // The write, then its commit position on the same connection: one trip through the pool.
            let (result, committed) = try await primary.withConnection(tenant: tenant) { connection in
                let result = try connection.query(sql, parameters, idempotent: false, customPlan: customPlan)
                return (result, Self.readPosition(on: connection))
            }
            position.noteCommit(committed)
            return result
        }
        if !position.wrote, let replica = await replica(for: position.minimum) {
            do {
                return try await replica.read(sql, parameters, tenant: tenant, customPlan: customPlan)
            } catch let error as PostgresError where Self.isReplicaFailure(error) {
                counts.withLock { $0.failovers += 1 }
                if error.kind != .server || error.sqlState?.hasPrefix("57P") == true || error.sqlState?.hasPrefix("08") == true {
                    takeOut(replica, because: "a read failed: \(error)")
                }
            }
        }
        counts.withLock { $0.primaryReads += 1 }
        return try await primary.run(sql, parameters, idempotent: true, tenant: tenant, customPlan: customPlan)
    }

    /// A read that needs no particular position (an API key's row, say) on the least busy replica in the rotation;
    /// nil when none is in it or the read failed there, so the caller reads the primary instead.
    package func readOnReplica(_ sql: String, _ parameters: [String?]) async -> QueryResult? {
        guard let replica = replicas.filter({ $0.current.inRotation }).min(by: { $0.inFlight < $1.inFlight }) else { return nil }
        do {
            // Not counted among the reads it served for requests (`/metrics`).
            return try await replica.client.query(sql, parameters, idempotent: true)
        } catch let error as PostgresError where Self.isReplicaFailure(error) {
            counts.withLock { $0.failovers += 1 }
            takeOut(replica, because: "a read failed: \(error)")
            return nil
        } catch {
            return nil
        }
    }

    /// A transaction on the primary; inside a request, its commit position is read on the same connection
    /// right after `COMMIT`.
    package func runTransaction<Value: Sendable>(
        tenant: String, _ body: @escaping @Sendable (any TransactionStatements) throws -> Value
    ) async throws -> Value {
        guard let position = ReadPosition.current else { return try await primary.runTransaction(tenant: tenant, body) }
        position.noteWrite()
        let (value, committed) = try await primary.withConnection(tenant: tenant) { connection in
            let value = try connection.transaction { try body($0) }
            return (value, Self.readPosition(on: connection))
        }
        position.noteCommit(committed)
        return value
    }

    /// Reads the primary's position on `connection` after a write committed there: at or after the end of its
    /// commit record. `.unknown` when it cannot be read (then the caller's reads go to the primary for the window).
    private static func readPosition(on connection: PostgresConnection) -> WALPosition {
        guard let text = try? connection.query(positionSQL, idempotent: true).scalar else { return .unknown }
        return WALPosition(text) ?? .unknown
    }

    /// The position of the end of the WAL inserted so far: past every commit record written before it.
    static let positionSQL = "SELECT pg_current_wal_insert_lsn()::text"

    /// A replica in the rotation that has replayed `minimum`, the one with the fewest reads in flight; waiting
    /// up to `readYourWritesWait` for one to replay it. Nil: the primary must serve.
    private func replica(for minimum: WALPosition?) async -> Replica? {
        let candidates = replicas.filter { $0.current.inRotation }
        guard !candidates.isEmpty, minimum != .unknown else { return nil }
        func ready(_ replica: Replica) -> Bool {
            guard let minimum else { return true }
            guard let replayed = replica.current.replayed else { return false }
            return replayed >= minimum
        }
        if let chosen = candidates.filter(ready).min(by: { $0.inFlight < $1.inFlight }) { return chosen }
        guard let minimum else { return nil }
        let deadline = ContinuousClock.now + configuration.readYourWritesWait
        while ContinuousClock.now < deadline {
            for replica in candidates where replica.current.inRotation {
                if let replayed = await replica.refreshReplayed(freshness: .milliseconds(5)), replayed >= minimum { return replica }
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// True for a read's failure that the primary would not have: the replica's connection broke, it is
    /// shutting down or refusing connections, or replay cancelled the statement (a recovery conflict).
    package static func isReplicaFailure(_ error: PostgresError) -> Bool {
        switch error.kind {
        case .connection, .shutdown: return true
        case .server:
            guard let state = error.sqlState else { return false }
            return state.hasPrefix("08") || state.hasPrefix("57P") || state == "40001"
        }
    }

    /// Takes `replica` out of the rotation until its next check passes, with a log line.
    func takeOut(_ replica: Replica, because problem: String) {
        let before = replica.update { state in
            state.inRotation = false
            state.problem = problem
        }
        if before.inRotation { logger.warning("read replica left the rotation", metadata: ["replica": "\(replica.number)", "reason": "\(problem)"]) }
    }

    /// The counts and states `/metrics` shows.
    package var snapshot: Snapshot {
        let (primaryReads, failovers) = counts.withLock { ($0.primaryReads, $0.failovers) }
        return Snapshot(
            replicas: replicas.map { replica in
                let health = replica.current
                return (replica.number, health.inRotation, health.lag.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }, replica.readsServed)
            }, primaryReads: primaryReads, failovers: failovers)
    }

    /// Starts the health checks (every `checkInterval`, until `shutdown`).
    package func start() {
        let task = Task { [self] in
            while !Task.isCancelled {
                await checkAll()
                try? await Task.sleep(for: configuration.checkInterval)
            }
        }
        checking.withLock { $0 = task }
    }

    /// Stops the health checks and the replicas' pools (not the primary's, which the caller owns).
    package func shutdown() {
        checking.withLock { $0?.cancel() }
        for replica in replicas { replica.shutdown() }
        primaryChecker.shutdown()
    }
}
