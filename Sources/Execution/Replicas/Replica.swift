import Foundation
package import Postgres
import Synchronization

/// One read replica: the pool its reads run on, a one-connection client its health checks run on (so a busy
/// pool cannot hold them up), and what the last check found.
package final class Replica: Sendable {
    /// What the router knows of the replica right now.
    package struct Health: Sendable {
        /// True while reads may go to the replica.
        package var inRotation = false
        /// Why it is out of the rotation (for the log); nil while in it.
        package var problem: String? = "not checked yet"
        /// The position it had replayed at the last reading.
        package var replayed: WALPosition?
        /// How far behind the primary it was at the last check (0 when it had replayed the primary's position).
        package var lag: Duration?
        /// When `replayed` was read.
        package var readAt = ContinuousClock.now
    }

    /// The replica's position among `--read-replica` options, from 1: its name in logs and metrics.
    package let number: Int
    /// The pool its reads run on.
    package let client: PostgresClient
    /// The connection its health checks and position readings run on.
    let checker: PostgresClient
    private let health = Mutex(Health())
    private let counters = Mutex<(inFlight: Int, reads: Int, refreshing: Bool)>((0, 0, false))

    /// A replica reached through `configuration` (its pool); the checker uses the same database with one connection.
    package init(number: Int, configuration: PostgresClient.Configuration) {
        self.number = number
        client = PostgresClient(configuration: configuration)
        var checking = configuration
        checking.connections = 1
        checking.pipelinedConnections = 0
        checking.applicationName = "modelgraph replica check"
        checker = PostgresClient(configuration: checking)
    }

    /// What the last check found.
    package var current: Health { health.withLock { $0 } }

    /// Reads in flight on the replica now.
    var inFlight: Int { counters.withLock { $0.inFlight } }

    /// Reads the replica has served.
    package var readsServed: Int { counters.withLock { $0.reads } }

    /// Runs a read on the replica's pool, counting it while in flight and once served.
    func read(_ sql: String, _ parameters: [String?], tenant: String, customPlan: Bool) async throws -> QueryResult {
        counters.withLock { $0.inFlight += 1 }
        defer { counters.withLock { $0.inFlight -= 1 } }
        let result = try await client.query(sql, parameters, idempotent: true, tenant: tenant, customPlan: customPlan)
        counters.withLock { $0.reads += 1 }
        return result
    }

    /// Replaces the health state; returns the previous one.
    @discardableResult
    func update(_ change: (inout Health) -> Void) -> Health {
        health.withLock { state in
            let before = state
            change(&state)
            return before
        }
    }

    /// Reads the replayed position now, unless another caller is reading it or did so within `freshness`: many
    /// requests waiting for a position share one reading. Returns the latest known position.
    func refreshReplayed(freshness: Duration) async -> WALPosition? {
        let known = current
        guard ContinuousClock.now - known.readAt >= freshness else { return known.replayed }
        let mine = counters.withLock { state in
            if state.refreshing { return false }
            state.refreshing = true
            return true
        }
        guard mine else { return known.replayed }
        defer { counters.withLock { $0.refreshing = false } }
        guard let text = try? await checker.query("SELECT pg_last_wal_replay_lsn()::text", idempotent: true).scalar, let position = WALPosition(text) else {
            return known.replayed
        }
        update { state in
            state.replayed = max(state.replayed ?? position, position)
            state.readAt = .now
        }
        return position
    }

    /// Stops the pools.
    func shutdown() {
        client.shutdown()
        checker.shutdown()
    }
}
