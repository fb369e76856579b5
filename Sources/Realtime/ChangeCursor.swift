/// A PostgreSQL snapshot as `pg_current_snapshot()` writes it (`xmin:xmax:xip,…`): which transactions had
/// finished when it was taken.
package struct TransactionSnapshot: Equatable, Sendable {
    /// Every transaction below it had finished.
    package var xmin: UInt64
    /// Every transaction from it on had not started.
    package var xmax: UInt64
    /// The transactions in progress between the two.
    package var inProgress: Set<UInt64>

    /// Reads `xmin:xmax:xip1,xip2`; nil when the text is not one.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let xmin = UInt64(parts[0]), let xmax = UInt64(parts[1]) else { return nil }
        var inProgress: Set<UInt64> = []
        for item in parts[2].split(separator: ",") {
            guard let xid = UInt64(item) else { return nil }
            inProgress.insert(xid)
        }
        self.init(xmin: xmin, xmax: xmax, inProgress: inProgress)
    }

    /// Creates a snapshot.
    package init(xmin: UInt64, xmax: UInt64, inProgress: Set<UInt64>) {
        self.xmin = xmin
        self.xmax = xmax
        self.inProgress = inProgress
    }

    /// True when transaction `xid` had committed or aborted when the snapshot was taken.
    package func hasFinished(_ xid: UInt64) -> Bool {
        xid < xmin || (xid < xmax && !inProgress.contains(xid))
    }
}

/// Follows the change log by id, delivering each change once and in id order, without skipping one whose
/// writer has not committed yet.
///
/// Ids are handed out in order but committed in any order, so a reader can see id 12 before id 11. A missing
/// id below a visible one was handed out earlier, by a transaction that had a transaction id then and was
/// therefore still in progress in the snapshot that showed the gap (or had aborted). So the cursor stops at a
/// gap, remembers the transactions in progress when it first saw it, and passes the gap once all of them have
/// finished in a later snapshot (the missing ids then belong to rolled-back writes), or once it has waited
/// `patience` (a writer that stays open that long is stuck; its change, if it ever commits, is not delivered).
package struct ChangeCursor: Sendable {
    /// Every change up to this id has been delivered or is known never to come.
    package private(set) var position: Int64
    private var gap: Gap?
    /// The longest a gap holds back the changes after it.
    package let patience: Duration

    private struct Gap {
        /// The gap is the ids from `position + 1` up to (not including) this one.
        var below: Int64
        var waitingFor: Set<UInt64>
        var seenAt: ContinuousClock.Instant
    }

    /// A cursor after `position`.
    package init(after position: Int64, patience: Duration = .seconds(30)) {
        self.position = position
        self.patience = patience
    }

    /// How many of `ids` (ascending, all above `position`, read in `snapshot`) can be delivered now, in order;
    /// the cursor moves past them. The rest wait for a gap before them to close or to be given up on.
    package mutating func advance(over ids: [Int64], snapshot: TransactionSnapshot, now: ContinuousClock.Instant = .now) -> Int {
        var delivered = 0
        for id in ids {
            if id == position + 1 {
                position = id
                delivered += 1
                continue
            }
            guard let known = gap, known.below > position + 1 else {
                gap = Gap(below: id, waitingFor: snapshot.inProgress, seenAt: now)
                return delivered
            }
            let finished = known.waitingFor.allSatisfy(snapshot.hasFinished)
            guard finished || now - known.seenAt >= patience else { return delivered }
            // The missing ids below `known.below` will never be written.
            position = min(id, known.below) - 1
            gap = nil
            if id == position + 1 {
                position = id
                delivered += 1
            } else {
                gap = Gap(below: id, waitingFor: snapshot.inProgress, seenAt: now)
                return delivered
            }
        }
        return delivered
    }

    /// Skips to `position` (a reader with nobody to deliver to, or one that lost changes to pruning).
    package mutating func skip(to position: Int64) {
        guard position > self.position else { return }
        self.position = position
        gap = nil
    }
}
