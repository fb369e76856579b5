import ArgumentParser
import Execution
import Foundation
import Logging
import Postgres
import Store

/// `serve`'s read replicas: where they are and how far behind they may be (docs/scaling.md).
struct ReplicaOptions: ParsableArguments {
    @Option(
        name: .customLong("read-replica"),
        help:
            "A streaming replica of the database (postgresql:// URL or libpq keyword string) that queries may read from; repeatable (env MODELGRAPH_READ_REPLICAS, comma-separated)."
    )
    var readReplicas: [String] = (ProcessInfo.processInfo.environment["MODELGRAPH_READ_REPLICAS"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }

    @Option(help: "Seconds a read replica may be behind the primary before it leaves the rotation (env MODELGRAPH_REPLICA_MAX_LAG).")
    var replicaMaxLag: Double = ProcessInfo.processInfo.environment["MODELGRAPH_REPLICA_MAX_LAG"].flatMap(Double.init) ?? 1

    func validate() throws {
        guard replicaMaxLag > 0, replicaMaxLag.isFinite else { throw ValidationError("--replica-max-lag must be a positive number of seconds; got \(replicaMaxLag).") }
        if let lag = ProcessInfo.processInfo.environment["MODELGRAPH_REPLICA_MAX_LAG"], Double(lag) == nil {
            throw ValidationError("MODELGRAPH_REPLICA_MAX_LAG must be a number of seconds; got '\(lag)'.")
        }
    }

    /// The router over `primary` and the replicas, its health checks started; nil without replicas. Each
    /// replica's pool is configured as the primary's.
    func router(primary: PostgresClient, logger: Logger) -> ReplicaRouter? {
        guard !readReplicas.isEmpty else { return nil }
        var configuration = ReplicaRouter.Configuration()
        configuration.maximumLag = .milliseconds(Int((replicaMaxLag * 1000).rounded()))
        let replicas = readReplicas.map { url in
            var replica = primary.configuration
            replica.conninfo = url
            return replica
        }
        let router = ReplicaRouter(primary: primary, replicas: replicas, configuration: configuration, logger: logger)
        router.start()
        logger.info("reading from \(replicas.count) replica(s) within \(configuration.maximumLag) of the primary")
        return router
    }

    /// How the API key store reads key rows on `router`'s replicas (nil without replicas).
    static func keyReads(on router: ReplicaRouter?) -> APIKeyStore.ReplicaRead? {
        guard let router else { return nil }
        return { sql, parameters in await router.readOnReplica(sql, parameters) }
    }
}
