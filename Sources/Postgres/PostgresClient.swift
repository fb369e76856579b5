import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Telemetry
import Tracing

/// A bounded pool of libpq connections, each owned by its own dedicated thread. Blocking libpq calls run on
/// those threads only, never on NIO event loops or Swift's cooperative pool; callers await the result.
package final class PostgresClient: Sendable {
    /// How to reach the database and how many connections to keep.
    package struct Configuration: Sendable {
        /// A `postgresql://` URL or a `key=value` connection string.
        package var conninfo: String
        /// Connections (and threads) in the pool.
        package var connections: Int
        /// Pipelined connections that single statements share (0: every statement takes a pooled connection
        /// to itself). Transactions always do. None behind a transaction pooler: a pipeline keeps named
        /// statements and sends the next statement before the last one's transaction ended.
        package var pipelinedConnections: Int
        /// Statements one pipelined connection may have in flight; more wait in the process, in order, for
        /// the first connection with room.
        package var pipelineDepth: Int
        /// `statement_timeout` set on every connection, in milliseconds (0 = none).
        package var statementTimeoutMilliseconds: Int
        /// `plan_cache_mode` set on every connection: how PostgreSQL plans the prepared statements.
        package var planCacheMode: PlanCacheMode
        /// `random_page_cost` set on every connection, or nil to keep the server's.
        package var randomPageCost: Double?
        /// `application_name` set on every connection (what `pg_stat_activity` shows), or nil for none.
        package var applicationName: String?
        /// What stands between the pool and PostgreSQL (`PoolerMode`); `.transaction` keeps no session state.
        package var pooler: PoolerMode = .none
        /// True for a pool whose every transaction is read-only (`default_transaction_read_only`), where
        /// statements that must not write run; PostgreSQL refuses any write in them, a function's included.
        /// Needs sessions: behind a transaction pooler it has no effect.
        package var readOnly = false
        /// A URL that reaches PostgreSQL itself, for what needs a session of its own (the change feed's
        /// `LISTEN`) when `conninfo` goes through a transaction pooler; nil: `conninfo` serves for that too.
        package var directConninfo: String?

        /// Where a connection that needs its own session (`LISTEN`) connects.
        package var sessionConninfo: String { directConninfo ?? conninfo }

        /// The planner's price of a random page read that suits ModelGraph's statements: PostgreSQL's default
        /// (4) models spinning disks and makes a sequential scan of a small parent table look cheaper than its
        /// primary-key probe, which it is not once the pages are cached; 1.1 is the usual setting for SSDs.
        /// With it the benchmark's filtered list with two belongsTo ran in 1.4 M instead of 3.9 M instructions
        /// (callgrind), because every parent lookup became an index probe.
        package static let defaultRandomPageCost = 1.1

        /// Statements in flight per pipelined connection when not configured.
        package static let defaultPipelineDepth = 2

        /// Creates a configuration (no pipelined connections unless asked for; generic plans; SSD page costs).
        package init(
            conninfo: String, connections: Int = 4, pipelinedConnections: Int = 0, pipelineDepth: Int = defaultPipelineDepth,
            statementTimeoutMilliseconds: Int = 10_000, planCacheMode: PlanCacheMode = .forceGenericPlan, randomPageCost: Double? = defaultRandomPageCost
        ) {
            self.conninfo = conninfo
            self.connections = max(1, connections)
            self.pipelinedConnections = max(0, pipelinedConnections)
            self.pipelineDepth = max(1, pipelineDepth)
            self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
            self.planCacheMode = planCacheMode
            self.randomPageCost = randomPageCost
        }

        /// Settings run on every new connection, as one statement (one round trip). Behind a transaction
        /// pooler only the ones poolers restore on every server connection they lend (`TimeZone`,
        /// `application_name`, both reported by the server): the others go in `transactionSetup`.
        var sessionSetup: [String] {
            var setup = ["SET TIME ZONE 'UTC'"]
            guard pooler.keepsSessions else {
                if let applicationName { setup.append("SET application_name = '\(applicationName.replacingOccurrences(of: "'", with: "''"))'") }
                return [setup.joined(separator: "; ")]
            }
            if statementTimeoutMilliseconds > 0 { setup.append("SET statement_timeout = \(statementTimeoutMilliseconds)") }
            if planCacheMode != .auto { setup.append("SET plan_cache_mode = \(planCacheMode.rawValue)") }
            if let randomPageCost { setup.append("SET random_page_cost = \(randomPageCost)") }
            if let applicationName { setup.append("SET application_name = '\(applicationName.replacingOccurrences(of: "'", with: "''"))'") }
            if readOnly { setup.append("SET default_transaction_read_only = on") }
            return [setup.joined(separator: "; ")]
        }

        /// Settings run after each `BEGIN` when sessions cannot keep them (a transaction pooler): the statement
        /// timeout and page cost for ModelGraph's transactions. Single statements outside a transaction run with
        /// the server's settings for the role (docs/scaling.md). `plan_cache_mode` is not needed: an unnamed
        /// statement is planned for its own values.
        var transactionSetup: [String] {
            guard !pooler.keepsSessions else { return [] }
            var setup: [String] = []
            if statementTimeoutMilliseconds > 0 { setup.append("SET LOCAL statement_timeout = \(statementTimeoutMilliseconds)") }
            if let randomPageCost { setup.append("SET LOCAL random_page_cost = \(randomPageCost)") }
            return setup
        }
    }

    private typealias Job = @Sendable (Result<PostgresConnection, PostgresError>) -> Void

    private let queue = JobQueue<Job>()
    private let busy = BusyCounter()
    private let pipelines: StatementPipelines?
    package let configuration: Configuration

    /// Jobs waiting for a pooled connection (for tests and metrics).
    package var waitingJobs: Int { queue.count }

    /// Connections running a job right now, plus statements in flight on the pipelined connections.
    package var busyConnections: Int { busy.count.withLock { $0 } + (pipelines?.inFlight ?? 0) }

    /// Starts the worker threads; connections open on first use.
    package init(configuration: Configuration) {
        self.configuration = configuration
        pipelines =
            configuration.pipelinedConnections > 0 && configuration.pooler.keepsSessions
            ? StatementPipelines(
                count: configuration.pipelinedConnections, depth: configuration.pipelineDepth, conninfo: configuration.conninfo, sessionSetup: configuration.sessionSetup)
            : nil
        for index in 0..<configuration.connections {
            let thread = Thread { [queue, configuration, busy] in
                var connection: PostgresConnection?
                while let job = queue.take() {
                    busy.count.withLock { $0 += 1 }
                    defer { busy.count.withLock { $0 -= 1 } }
                    do {
                        if connection == nil || connection?.isHealthy == false {
                            connection = nil
                            connection = try PostgresConnection(
                                conninfo: configuration.conninfo, sessionSetup: configuration.sessionSetup, planCacheMode: configuration.planCacheMode,
                                pooler: configuration.pooler, transactionSetup: configuration.transactionSetup)
                        }
                        job(.success(connection!))
                    } catch let error as PostgresError {
                        job(.failure(error))
                    } catch {
                        job(.failure(PostgresError(kind: .connection, message: "\(error)")))
                    }
                }
            }
            thread.name = "postgres-\(index)"
            thread.start()
        }
    }

    /// Runs `body` with a pooled connection on a worker thread. Waiting jobs are served per `tenant` in turn
    /// (`FairQueue`): an API key's id, so one key's backlog cannot hold every other key's statements back.
    package func withConnection<Value: Sendable>(
        tenant: String = "",
        _ body: @escaping @Sendable (PostgresConnection) throws -> Value
    ) async throws -> Value {
        // Resume on the event loop that asked (when it is one): the awaiting task continues there and writes
        // its response to its own channel without another thread hop.
        let origin = MultiThreadedEventLoopGroup.currentEventLoop
        // Nil unless tracing is on; the asking span's context travels with the job to the worker thread.
        let trace = PoolTrace.begin()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let accepted = queue.put(tenant: tenant) { connection in
                let outcome: Result<Value, any Error>
                switch connection {
                case .success(let connection):
                    let run = trace?.connectionTaken()
                    do {
                        outcome = .success(try body(connection))
                    } catch {
                        run?.fail(error)
                        outcome = .failure(error)
                    }
                    run?.end()
                case .failure(let error):
                    trace?.connectionFailed(error)
                    outcome = .failure(error)
                }
                if let origin {
                    origin.execute { continuation.resume(with: outcome) }
                } else {
                    continuation.resume(with: outcome)
                }
            }
            if !accepted {
                continuation.resume(throwing: PostgresError(kind: .shutdown, message: "the database client is shut down"))
            }
        }
    }

    /// Runs `body` inside `BEGIN … COMMIT`, rolling back when it throws; a `COMMIT` whose answer was lost is
    /// resolved with the server (`PostgresConnection.transaction`).
    package func withTransaction<Value: Sendable>(
        tenant: String = "",
        _ body: @escaping @Sendable (PostgresConnection) throws -> Value
    ) async throws -> Value {
        try await withConnection(tenant: tenant) { connection in try connection.transaction(body) }
    }

    /// Runs one statement with parameters, on its own implicit transaction: pipelined behind other requests'
    /// statements when a pipelined connection is ready, otherwise on a pooled connection.
    /// A statement that is not `idempotent` is never sent twice: if the connection breaks after it went out,
    /// the error says the outcome is unknown (`PostgresError.outcomeUnknown`).
    /// `tenant` is as for `withConnection` (pipelined statements are sent in arrival order). A statement with
    /// `customPlan` is planned for its own values (see `PostgresConnection.query`); it takes a pooled connection,
    /// since a pipelined one cannot switch plans between the statements it has in flight.
    package func query(
        _ sql: String, _ parameters: [String?] = [], idempotent: Bool = false, tenant: String = "", customPlan: Bool = false
    ) async throws
        -> QueryResult
    {
        try PostgresError.checkStorable(parameters, sql: sql)
        if !customPlan, let pipelines, let result = try await pipelines.run(sql, parameters, idempotent: idempotent) { return result }
        return try await withConnection(tenant: tenant) { try $0.query(sql, parameters, idempotent: idempotent, customPlan: customPlan) }
    }

    /// True when `conninfo` reaches PostgreSQL through a connection pooler (`PostgresConnection.isBehindPooler`).
    package func reachesPooler() async throws -> Bool {
        try await withConnection { try $0.isBehindPooler() }
    }

    /// Opens the pipelined connections now rather than on first use, waiting up to `timeout`; true when all
    /// are ready (or there are none). Statements run on pooled connections until they are.
    @discardableResult
    package func connectPipelines(timeout: Duration = .seconds(10)) async -> Bool {
        guard let pipelines else { return true }
        return await pipelines.connectAll(timeout: timeout)
    }

    /// Stops the threads after the queued jobs ran and closes the pipelined connections; later calls fail
    /// with `.shutdown`.
    package func shutdown() {
        queue.close()
        pipelines?.shutdown()
    }
}

/// How many workers are running a job.
private final class BusyCounter: Sendable {
    let count = Mutex(0)
}
