import Execution

/// The read replicas' part of `/metrics`, in Prometheus' text format: whether each replica is in the rotation,
/// its lag, and which node served the reads of requests. Every series carries the instance's label, when the
/// server has one, as the others do (`ServerMetrics`).
enum ReplicaMetrics {
    /// The lines for `snapshot`; `instanceID` (already checked to hold no quote or backslash) labels each series.
    static func exposition(_ snapshot: ReplicaRouter.Snapshot, instanceID: String? = nil) -> String {
        let instance = instanceID.map { "instance_id=\"\($0)\"," } ?? ""
        var lines = [
            "# HELP modelgraph_replica_in_rotation 1 while reads may go to the read replica, 0 while it is out of the rotation.",
            "# TYPE modelgraph_replica_in_rotation gauge",
        ]
        lines += snapshot.replicas.map { "modelgraph_replica_in_rotation{\(instance)replica=\"\($0.number)\"} \($0.inRotation ? 1 : 0)" }
        lines += [
            "# HELP modelgraph_replica_lag_seconds How far behind the primary the read replica was at its last check (absent: unknown).",
            "# TYPE modelgraph_replica_lag_seconds gauge",
        ]
        lines += snapshot.replicas.compactMap { replica in replica.lagSeconds.map { "modelgraph_replica_lag_seconds{\(instance)replica=\"\(replica.number)\"} \($0)" } }
        lines += [
            "# HELP modelgraph_reads_total Statements of queries by the node that served them.",
            "# TYPE modelgraph_reads_total counter",
            "modelgraph_reads_total{\(instance)node=\"primary\"} \(snapshot.primaryReads)",
        ]
        lines += snapshot.replicas.map { "modelgraph_reads_total{\(instance)node=\"replica-\($0.number)\"} \($0.reads)" }
        lines += [
            "# HELP modelgraph_replica_failovers_total Reads that failed on a read replica and were served by the primary.",
            "# TYPE modelgraph_replica_failovers_total counter",
            "modelgraph_replica_failovers_total\(instanceID.map { "{instance_id=\"\($0)\"}" } ?? "") \(snapshot.failovers)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
