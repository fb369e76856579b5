package import Execution
package import Postgres
import Prometheus
import Synchronization

/// Prometheus metrics for `/metrics`: requests and latency by operation, database errors, pool usage.
/// Operation names come from clients, so at most `maximumOperations` distinct ones get their own series.
/// With an instance id every series carries it as the `instance_id` label, so the series of several instances
/// behind one load balancer stay apart wherever they are collected.
package final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let operations = Mutex<Set<String>>([])
    /// Series already created, so a request does not rebuild labels and look them up in the registry.
    private let series = Mutex<[String: (ok: Counter, error: Counter, latency: DurationHistogram)]>([:])
    private let maximumOperations = 200
    private let databaseErrors: Counter
    private let busyConnections: Gauge
    private let poolSize: Gauge
    private let client: PostgresClient
    /// The read replicas' router, when the server has replicas.
    private let replicas: ReplicaRouter?
    /// The labels every series starts with: the instance's id, when there is one.
    private let instanceLabels: [(String, String)]

    /// Creates the metrics of a server using `client` (and `replicas`, when it reads from replicas), labelled
    /// with `instanceID` when given.
    package init(client: PostgresClient, replicas: ReplicaRouter? = nil, instanceID: String? = nil) {
        self.client = client
        self.replicas = replicas
        instanceLabels = instanceID.map { [("instance_id", $0)] } ?? []
        databaseErrors = registry.makeCounter(
            descriptor: Self.name("database_errors", "total", "Statements that failed in PostgreSQL or could not reach it."), labels: instanceLabels)
        busyConnections = registry.makeGauge(descriptor: Self.name("pool_busy", "connections", "Pool connections running a statement."), labels: instanceLabels)
        poolSize = registry.makeGauge(descriptor: Self.name("pool", "connections", "Connections in the pool."), labels: instanceLabels)
        poolSize.set(to: Double(client.configuration.connections))
    }

    /// Records one GraphQL request.
    func record(operation: String?, failed: Bool, duration: Duration) {
        let label = label(for: operation)
        let found = series.withLock { $0[label] }
        let metrics = found ?? makeSeries(label)
        (failed ? metrics.error : metrics.ok).increment()
        metrics.latency.record(duration)
    }

    private func makeSeries(_ label: String) -> (ok: Counter, error: Counter, latency: DurationHistogram) {
        let requests = Self.name("requests", "total", "GraphQL requests by operation name and outcome.")
        let created = (
            ok: registry.makeCounter(descriptor: requests, labels: instanceLabels + [("operation", label), ("status", "ok")]),
            error: registry.makeCounter(descriptor: requests, labels: instanceLabels + [("operation", label), ("status", "error")]),
            latency: registry.makeDurationHistogram(
                descriptor: Self.name("request_duration", "seconds", "GraphQL request latency by operation name."), labels: instanceLabels + [("operation", label)],
                buckets: [
                    .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                    .milliseconds(250), .seconds(1), .seconds(5),
                ]
            )
        )
        series.withLock { $0[label] = created }
        return created
    }

    /// `modelgraph_<name>_<unit>`.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "modelgraph", metricName: name, unitName: unit, helpText: help)
    }

    /// Counts the database errors one request met.
    func recordDatabaseErrors(_ count: Int) {
        if count > 0 { databaseErrors.increment(by: Int64(count)) }
    }

    /// The Prometheus text exposition.
    func exposition() -> String {
        busyConnections.set(to: Double(client.busyConnections))
        return registry.emitToString() + (replicas.map { ReplicaMetrics.exposition($0.snapshot, instanceID: instanceLabels.first?.1) } ?? "")
    }

    private func label(for operation: String?) -> String {
        // Bytes, not characters: GraphQL names are ASCII, and walking grapheme clusters cost 2 % of the event loop.
        guard let operation, !operation.isEmpty, operation.utf8.count <= 64,
            operation.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            })
        else {
            return "anonymous"
        }
        return operations.withLock { known in
            if known.contains(operation) { return operation }
            guard known.count < maximumOperations else { return "other" }
            known.insert(operation)
            return operation
        }
    }
}
