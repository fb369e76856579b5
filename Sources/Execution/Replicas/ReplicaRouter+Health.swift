import Logging
import Postgres
import Synchronization

/// The health checks: every interval, the primary's position, then each replica's state. A replica is in the
/// rotation while it answers, is in recovery (a standby, not a promoted or misconfigured primary), and is no
/// further behind than `maximumLag`; it leaves and comes back by itself, with a log line each time.
extension ReplicaRouter {
    /// How long the primary's positions are kept to measure lag against.
    static let sampleHistory: Duration = .seconds(60)

    /// One round of checks.
    func checkAll() async {
        // The primary's position first: a replica that has replayed it was caught up when it was read.
        if let text = try? await primaryChecker.query("SELECT pg_current_wal_lsn()::text", idempotent: true).scalar, let position = WALPosition(text) {
            let now = ContinuousClock.now
            samples.withLock { samples in
                samples.append((now, position))
                let old = samples.prefix { now - $0.at > Self.sampleHistory }.count
                samples.removeFirst(min(old, samples.count - 1))
            }
        }
        for replica in replicas { await check(replica) }
    }

    /// Reads `replica`'s state and puts it in or out of the rotation.
    func check(_ replica: Replica) async {
        let problem: String?
        var replayed: WALPosition?
        var lag: Duration?
        do {
            let row = try await replica.checker.query("SELECT pg_is_in_recovery()::text, pg_last_wal_replay_lsn()::text", idempotent: true).rows.first ?? []
            replayed = row.count > 1 ? row[1].flatMap { WALPosition($0) } : nil
            lag = replayed.flatMap { self.lag(of: $0, at: .now) }
            if row.first != "true" {
                problem = "not in recovery: it is not a standby (or it was promoted)"
            } else if replayed == nil {
                problem = "it has replayed no WAL yet"
            } else if let lag, lag > configuration.maximumLag {
                problem = "lag \(lag) beyond the limit of \(configuration.maximumLag)"
            } else if lag == nil {
                problem = "the primary's position is not known yet"
            } else {
                problem = nil
            }
        } catch {
            problem = "unreachable: \(error)"
        }
        let before = replica.update { state in
            state.inRotation = problem == nil
            state.problem = problem
            if let replayed { state.replayed = replayed }
            state.lag = lag
            state.readAt = .now
        }
        if let problem, before.inRotation {
            logger.warning("read replica left the rotation", metadata: ["replica": "\(replica.number)", "reason": "\(problem)"])
        } else if problem == nil, !before.inRotation {
            logger.info("read replica is in the rotation", metadata: ["replica": "\(replica.number)", "lag": "\(lag ?? .zero)"])
        }
    }

    /// How far behind the primary a replica that has replayed `replayed` is: zero when it has the primary's
    /// last reading, else the time since the newest reading it has (it holds everything the primary had
    /// committed then); at least the age of the oldest reading when it has none of them. Nil before any reading.
    func lag(of replayed: WALPosition, at now: ContinuousClock.Instant) -> Duration? {
        samples.withLock { samples in
            guard let latest = samples.last else { return nil }
            if replayed >= latest.position { return .zero }
            if let had = samples.last(where: { $0.position <= replayed }) { return now - had.at }
            return now - samples[0].at
        }
    }
}
