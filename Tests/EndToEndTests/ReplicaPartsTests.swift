import Execution
import Logging
import Postgres
import Testing

/// The pure parts of read-replica routing: WAL positions, the memory of callers' writes, and which
/// failures of a read are the replica's.
@Suite("Read replicas: positions, remembered writes, replica failures")
struct ReplicaPartsTests {
    @Test("a WAL position reads and prints as pg_lsn does, and orders along the log")
    func positions() throws {
        let position = try #require(WALPosition("16/B374D848"))
        #expect(position.value == 0x16_B374_D848)
        #expect(position.description == "16/B374D848")
        #expect(WALPosition("0/3000060")! < WALPosition("1/0")!)
        #expect(WALPosition("0/0")!.description == "0/0")
        for bad in ["", "0", "0/", "/1", "x/1", "0/1/2", "123456789/0", "-1/0", "0/ 1"] { #expect(WALPosition(bad) == nil, "\(bad)") }
    }

    @Test("a caller's last write is remembered for the window, the furthest position kept, at most two generations of the cap")
    func recentWrites() {
        let writes = RecentWrites(window: .seconds(10), capacity: 2)
        let start = ContinuousClock.now
        writes.remember(WALPosition(5), for: "a", now: start)
        writes.remember(WALPosition(3), for: "a", now: start + .seconds(1))
        #expect(writes.position(for: "a", now: start + .seconds(2)) == WALPosition(5))
        #expect(writes.position(for: "a", now: start + .seconds(12)) == nil)
        #expect(writes.position(for: "b", now: start) == nil)
        // Past the cap the older generation goes: "a" survives one rotation, not two.
        writes.remember(WALPosition(7), for: "b", now: start + .seconds(2))
        writes.remember(WALPosition(8), for: "c", now: start + .seconds(2))
        #expect(writes.position(for: "a", now: start + .seconds(2)) == WALPosition(5))
        writes.remember(WALPosition(9), for: "d", now: start + .seconds(2))
        writes.remember(WALPosition(9), for: "e", now: start + .seconds(2))
        #expect(writes.position(for: "a", now: start + .seconds(2)) == nil)
        #expect(writes.count <= 4)
    }

    @Test("only a read's connection, shutdown and recovery-conflict failures are the replica's")
    func replicaFailures() {
        #expect(ReplicaRouter.isReplicaFailure(PostgresError(kind: .connection, message: "closed")))
        #expect(ReplicaRouter.isReplicaFailure(PostgresError(kind: .server, sqlState: "57P01", message: "terminating connection")))
        #expect(ReplicaRouter.isReplicaFailure(PostgresError(kind: .server, sqlState: "40001", message: "conflict with recovery")))
        #expect(!ReplicaRouter.isReplicaFailure(PostgresError(kind: .server, sqlState: "57014", message: "statement timeout")))
        #expect(!ReplicaRouter.isReplicaFailure(PostgresError(kind: .server, sqlState: "22P02", message: "bad input")))
    }
}
