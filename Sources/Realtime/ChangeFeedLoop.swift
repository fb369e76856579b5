import Foundation
import Logging
import Planner
import Postgres
import Store

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The change feed's thread: connect and LISTEN, read after the cursor, hand over, wait; reconnect with
/// back-off when the connection breaks, and read on from the cursor (nothing is lost while it was down).
struct ChangeFeedLoop {
    let feed: ChangeFeed
    private var connection: PostgresConnection?
    private var cursor: ChangeCursor?
    private var lastPrune = ContinuousClock.now
    private var lastRead = ContinuousClock.now - .seconds(1)
    private var backOff: Duration = .milliseconds(100)

    init(feed: ChangeFeed) { self.feed = feed }

    mutating func run() {
        while !feed.isStopping {
            do {
                let connection = try connected()
                if feed.takeLocalWrite() { _ = try connection.execute("NOTIFY \(ChangeLog.channel)") }
                var more = false
                if feed.canHandOver {
                    let sinceLastRead = ContinuousClock.now - lastRead
                    if sinceLastRead < feed.settings.minimumReadInterval { Thread.sleep(forTimeInterval: Self.seconds(feed.settings.minimumReadInterval - sinceLastRead)) }
                    lastRead = .now
                    more = try read(on: connection)
                }
                if ContinuousClock.now - lastPrune >= feed.settings.pruneInterval {
                    lastPrune = .now
                    _ = try connection.query(ChangeLog.pruneStatement, [String(Double(feed.settings.retention.components.seconds))])
                }
                if !more { try wait(on: connection, for: feed.settings.pollInterval) }
                backOff = .milliseconds(100)
            } catch {
                feed.log.warning("change feed: reconnecting to PostgreSQL", metadata: ["error": "\(error)", "retryIn": "\(backOff)"])
                connection = nil
                waitForWake(backOff)
                backOff = min(backOff * 2, .seconds(5))
            }
        }
    }

    /// The listening connection, opened (and LISTENing) when there is none.
    private mutating func connected() throws -> PostgresConnection {
        if let connection, connection.isHealthy { return connection }
        let fresh = try PostgresConnection(conninfo: feed.settings.conninfo, sessionSetup: ["SET application_name = 'modelgraph change feed'; SET statement_timeout = 10000"])
        _ = try fresh.execute("LISTEN \(ChangeLog.channel); LISTEN \(APIKeyStore.revocationChannel)")
        if cursor == nil {
            // A new process delivers what commits from when it got ready on.
            let newest = try feed.settings.startAfter ?? Int64(fresh.query(ChangeLog.newestStatement).rows.first?[0] ?? "0") ?? 0
            cursor = ChangeCursor(after: newest, patience: feed.settings.gapPatience)
            feed.handOver(.skipped(through: newest))
        }
        connection = fresh
        return fresh
    }

    /// Reads after the cursor and hands over what can be delivered; true when more may be waiting.
    private mutating func read(on connection: PostgresConnection) throws -> Bool {
        guard var cursor else { return false }
        defer { self.cursor = cursor }
        // While nobody subscribes, skip to the newest change. It is read before the check that decides: a
        // subscription added after that check is acknowledged after it, so what its client writes then comes
        // after `newest` and is read, not skipped.
        if !feed.wantsChanges {
            let newest = Int64(try connection.query(ChangeLog.newestStatement).rows.first?[0] ?? "0") ?? 0
            if !feed.wantsChanges {
                if newest > cursor.position {
                    cursor.skip(to: newest)
                    feed.handOver(.skipped(through: newest))
                }
                return false
            }
        }
        let rows = try connection.query(ChangeLog.readStatement, [String(cursor.position), String(feed.settings.batchSize), String(feed.settings.batchBytes)]).rows
        guard let first = rows.first, let snapshot = first[0].flatMap(TransactionSnapshot.init) else { return false }
        if let pruned = first[1].flatMap({ Int64($0) }), pruned > cursor.position {
            cursor.skip(to: pruned)
            feed.log.error("change feed: changes were pruned before they were read; ending every subscription", metadata: ["prunedThrough": "\(pruned)"])
            feed.handOver(.lost(through: pruned))
            return true
        }
        let changes = rows.compactMap { Change(logRow: Array($0.dropFirst(2).dropLast())) }
        guard !changes.isEmpty else { return false }
        let ready = cursor.advance(over: changes.map(\.id), snapshot: snapshot)
        if ready > 0 { feed.handOver(.changes(Array(changes.prefix(ready)))) }
        // More may be waiting when the count limit was reached, or the byte limit left changes behind.
        let fetched = Int(first.last.flatMap { $0 } ?? "") ?? changes.count
        return ready == changes.count && (fetched == feed.settings.batchSize || fetched > changes.count)
    }

    /// Waits for another session's notification, a wake-up or `timeout`, and consumes what arrived. The
    /// process's own NOTIFYs come back on this connection too; they do not end the wait (its writes woke it
    /// already). Key revocations are passed on at once and do not end the wait either.
    private func wait(on connection: PostgresConnection, for timeout: Duration) throws {
        guard let socket = connection.socketDescriptor else { throw PostgresError(kind: .connection, message: "the listening connection is closed") }
        let deadline = ContinuousClock.now + timeout
        // What arrived while the connection was busy reading is already taken off the socket.
        if try take(connection.takeNotifications()) { return }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: feed.pipe.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, Self.milliseconds(left))
            var woken = false
            if descriptors[1].revents != 0 {
                feed.pipe.drain()
                woken = true
            }
            if descriptors[0].revents != 0, try take(connection.takeNotifications()) { woken = true }
            if woken || (descriptors[0].revents == 0 && descriptors[1].revents == 0) { return }
        }
    }

    /// Passes key revocations on; true when a change was announced.
    private func take(_ notifications: [PostgresNotification]) -> Bool {
        let revoked = notifications.filter { $0.channel == APIKeyStore.revocationChannel }.map(\.payload)
        if !revoked.isEmpty { feed.revoked(revoked) }
        return notifications.count > revoked.count
    }

    /// Sleeps up to `duration`, or until woken (to stop).
    private func waitForWake(_ duration: Duration) {
        var descriptor = pollfd(fd: feed.pipe.readEnd, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Self.milliseconds(duration))
        if descriptor.revents != 0 { feed.pipe.drain() }
    }

    /// `duration` as poll(2)'s timeout: whole milliseconds, at least 1.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(1, duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
