package import Execution
package import Foundation
import JSON
package import Logging
package import Planner
import Postgres
import SQLSyntax
package import Store
import Synchronization
import Telemetry

/// One event for one subscription of a connection.
package struct SubscriptionEvent: Sendable {
    /// The subscription's id on its connection.
    package var subscription: String
    /// The change it reports.
    package var change: Int64
    /// `{"data":{…}}` text.
    package var payload: String
}

/// Where a subscription's events go: its connection. Calls never block; a connection that has no room for
/// events makes the hub wait a while (`waitForRoom`), then closes itself.
package protocol SubscriptionSink: AnyObject, Sendable {
    /// Queues `events` in order, as many as there is room for; how many were taken (events of subscriptions
    /// the connection no longer has, and every event once it is closing, count as taken).
    func offer(_ events: ArraySlice<SubscriptionEvent>) -> Int
    /// Waits until the connection has room for events again; false when it did not make room in time and
    /// closed itself as too slow.
    func waitForRoom() async -> Bool
    /// Ends subscription `id` with `error`; the hub has already forgotten it.
    func end(_ id: String, error: ResponseError)
    /// Closes the connection because the server is going away.
    func shutDown()
    /// The API keys the connection and its subscriptions were accepted with.
    var keysInUse: Set<String> { get }
    /// Ends what runs under `key`, which is no longer valid.
    func keyRevoked(_ key: String)
    /// Ends what runs under a signed-in user's token that has expired by `now`.
    func endExpired(at now: Date)
}

/// Every open subscription of this process, and their delivery: for each batch of changes, one statement per
/// changed table and distinct selection (`DeliveryStatement`), whatever the number of subscribers; each
/// subscriber's filter is checked on the returned fields; events reach each connection in change order.
package final class SubscriptionHub: Sendable {
    /// One open subscription, of a model's changes (`plan` a `SubscriptionPlan`) or of mutations' answers (a
    /// `CustomSubscriptionPlan`). A class: delivery lists each subscriber in an array per change it may concern,
    /// and copying a reference there costs one retain where copying the plan would cost one per field.
    final class Follower<Plan: Sendable>: Sendable {
        let id: String
        let sink: any SubscriptionSink
        let plan: Plan
        /// The snapshot a new subscription started at: a change whose transaction it shows as finished was
        /// committed before the subscription and is not delivered to it. Nil for a resumed one (it is owed what
        /// it missed) and when the snapshot could not be read.
        let since: TransactionSnapshot?

        init(id: String, sink: any SubscriptionSink, plan: Plan, since: TransactionSnapshot?) {
            self.id = id
            self.sink = sink
            self.plan = plan
            self.since = since
        }

        /// True when `change` was committed after the subscription started (or that cannot be told).
        func follows(_ change: Change) -> Bool {
            guard let since, let transaction = change.transaction else { return true }
            return !since.hasFinished(transaction)
        }
    }

    /// A subscription of a model's changes.
    typealias Subscriber = Follower<SubscriptionPlan>

    /// Subscribers by the table and kind of change they follow.
    struct Key: Hashable {
        let table: String
        let kind: ChangeKind
    }

    let subscribers = Mutex<[Key: Followers]>([:])
    /// Custom subscriptions by the mutation whose answers they follow (one that follows several is listed
    /// under each).
    let customFollowers = Mutex<[String: [CustomFollower]]>([:])
    /// Batches are delivered, and subscriptions added, one at a time under it.
    let gate = AsyncGate()
    /// The last change the hub has dealt with (delivered, or known to need no delivery); guarded by `gate`.
    let position = Mutex<Int64>(0)
    /// Recently closed connections' subscriptions, for clients that reconnect quickly.
    let resumable: ResumeWindow
    let sinks = Mutex<[ObjectIdentifier: any SubscriptionSink]>([:])
    let count = Atomic<Int>(0)
    let executor: GraphQLExecutor
    let logger: Logger

    /// Creates a hub that reads delivery statements through `executor` and keeps closed connections'
    /// subscriptions resumable for `resumeWindow` (zero: not at all).
    package init(executor: GraphQLExecutor, logger: Logger, resumeWindow: Duration = .seconds(30)) {
        self.executor = executor
        self.logger = logger
        resumable = ResumeWindow(window: resumeWindow, capacity: 10_000)
    }

    /// Open subscriptions.
    package var subscriptionCount: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Closed connections' subscriptions kept for resuming.
    package var resumableCount: Int { resumable.count }

    /// Registers a connection, so that shutdown reaches it.
    package func open(_ sink: any SubscriptionSink) {
        sinks.withLock { $0[ObjectIdentifier(sink)] = sink }
    }

    /// Forgets a connection and all its subscriptions.
    package func close(_ sink: any SubscriptionSink) {
        sinks.withLock { $0[ObjectIdentifier(sink)] = nil }
        let removed = subscribers.withLock { table in
            var removed = 0
            for key in table.keys { removed += table[key]?.removeAll { $0.sink === sink } ?? 0 }
            return removed
        }
        count.subtract(removed + removeCustom { $0.sink === sink }, ordering: .relaxed)
    }

    /// Adds subscription `id` of `sink`, between two batches, and returns the last change before it. With
    /// `resume` (the subscription's API key or user, and request text), a subscription of that credential and id closed within
    /// the resume window first gets the changes it missed since, from the change log. `acknowledge` runs
    /// first, between the same two batches: what it queues on the connection comes before the subscription's
    /// first event, and every change committed after it is delivered.
    @discardableResult
    package func add(
        _ id: String, plan: SubscriptionPlan, sink: any SubscriptionSink, resume: (credential: String, request: String)? = nil, acknowledge: @Sendable () -> Void = {}
    ) async -> Int64 {
        await admit(id, plan: plan, sink: sink, resume: resume, acknowledge: acknowledge, replay: replay) { subscriber in
            subscribers.withLock { $0[Key(table: plan.table.name, kind: plan.change), default: Followers()].insert(subscriber) }
        }
    }

    /// Adds a subscription of either kind, between two batches: counted, its starting snapshot taken (or, resumed,
    /// the changes it missed replayed by `replay`), acknowledged, then listed by `list`; returns the last change
    /// before it.
    func admit<Plan: Sendable>(
        _ id: String, plan: Plan, sink: any SubscriptionSink, resume: (credential: String, request: String)?, acknowledge: @Sendable () -> Void,
        replay: (Follower<Plan>, Int64, Int64) async -> Void, list: (Follower<Plan>) -> Void
    ) async -> Int64 {
        await gate.withGate {
            let current = position.withLock { $0 }
            // Counted before the acknowledgement: from here on the feed reads changes instead of skipping them.
            count.add(1, ordering: .sequentiallyConsistent)
            let resumedFrom = resume.flatMap { resumable.take(ResumeWindow.Key(credential: $0.credential, subscriptionID: id), request: $0.request) }
            // A new subscription starts at this snapshot: changes committed before it that the feed has not read yet
            // are not delivered to it. Taken before the acknowledgement, so whatever the client writes once
            // acknowledged commits after it.
            let since = resumedFrom == nil ? await startingSnapshot() : nil
            acknowledge()
            let follower = Follower(id: id, sink: sink, plan: plan, since: since)
            if let from = resumedFrom, from < current {
                await replay(follower, from, current)
            }
            list(follower)
            // A connection that closed meanwhile took away its subscriptions before this one was listed.
            if sinks.withLock({ $0[ObjectIdentifier(sink)] == nil }) { remove(id, sink: sink) }
            return current
        }
    }

    /// The database's current snapshot; nil (and a warning) when it cannot be read, so a subscription may then
    /// get changes committed just before it started.
    func startingSnapshot() async -> TransactionSnapshot? {
        do {
            let text = try await executor.runner.run(ChangeLog.snapshotStatement, [], idempotent: true, tenant: "").scalar
            return text.flatMap(TransactionSnapshot.init)
        } catch {
            logger.warning("could not read the snapshot a new subscription starts at", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Keeps a closed connection's subscription resumable under `credential` (its API key, or its user): it had
    /// been sent every change through `position`.
    package func remember(_ id: String, credential: String, request: String, position: Int64) {
        resumable.remember(ResumeWindow.Key(credential: credential, subscriptionID: id), request: request, position: position)
    }

    /// Sends `subscriber` the changes it follows in (`after`, `through`], from the change log: at most
    /// `maximumReplay` of them, read and delivered in chunks of at most 500 changes and 4 MB of row images, so a
    /// long absence costs memory for one chunk at a time.
    private func replay(to subscriber: Subscriber, after: Int64, through: Int64) async {
        var position = after
        var replayed = 0
        do {
            while replayed < Self.maximumReplay, position < through {
                let parameters = [
                    String(position), String(through), subscriber.plan.table.name, subscriber.plan.change.rawValue, String(min(500, Self.maximumReplay - replayed)),
                    String(4 << 20),
                ]
                let rows = try await executor.runner.run(ChangeLog.replayStatement, parameters, idempotent: true, tenant: "").rows
                let read = rows.compactMap(Change.init(logRow:))
                guard let last = read.last else { return }
                position = last.id
                replayed += read.count
                let changes = read.filter { subscriber.plan.table.schema == nil || subscriber.plan.table.schema == $0.schema }
                guard !changes.isEmpty else { continue }
                let images = "[" + changes.map(\.image).joined(separator: ",") + "]"
                let result = try await executor.deliver(subscriber.plan.delivery, images: images, readsFields: subscriber.plan.filter != nil)
                let events = Self.events(rows: result.rows, changes: changes, members: [subscriber]).map(\.event)
                await Self.send([(subscriber.sink, events)])
            }
        } catch {
            logger.warning("could not replay missed events to a resumed subscription", metadata: ["error": "\(error)"])
        }
    }

    /// Most missed changes replayed to one resumed subscription.
    static let maximumReplay = 10_000

    /// Removes subscription `id` of `sink`; false when there was none.
    @discardableResult
    package func remove(_ id: String, sink: any SubscriptionSink) -> Bool {
        let removed = subscribers.withLock { table -> Bool in
            for key in table.keys where table[key]?.removeAll(where: { $0.id == id && $0.sink === sink }) ?? 0 > 0 { return true }
            return false
        }
        let removedCustom = !removed && removeCustom { $0.id == id && $0.sink === sink } > 0
        if removed || removedCustom { count.subtract(1, ordering: .relaxed) }
        return removed || removedCustom
    }

    /// Closes every connection (the server is going away).
    package func shutDown() {
        for sink in sinks.withLock({ Array($0.values) }) { sink.shutDown() }
    }

    /// Checks the keys of every connection every `interval` until cancelled, and ends what runs under a key
    /// that was revoked or expired (a database outage refuses nothing), or under a token that has expired.
    package func checkKeys(_ keys: APIKeyStore, every interval: Duration) async {
        while (try? await Task.sleep(for: interval)) != nil { await checkKeysOnce(keys) }
    }

    /// Checks the keys of every connection once, now (a revocation was announced).
    package func checkKeysOnce(_ keys: APIKeyStore) async {
        let open = sinks.withLock { Array($0.values) }
        var verdicts: [String: Bool] = [:]
        let now = Date()
        for sink in open {
            sink.endExpired(at: now)
            for key in sink.keysInUse {
                if verdicts[key] == nil { verdicts[key] = await keys.check(key) != .invalid }
                if verdicts[key] == false { sink.keyRevoked(key) }
            }
        }
    }

    /// Delivers the feed's batches until it stops.
    package func run(feed: ChangeFeed) async {
        while let batch = await feed.nextBatch() {
            await gate.withGate {
                switch batch {
                case .changes(let changes):
                    if Telemetry.isEnabled { await DeliveryTrace.deliver(changes, by: self) } else { await deliver(changes) }
                    if let last = changes.last?.id { position.withLock { $0 = max($0, last) } }
                case .skipped(let through):
                    position.withLock { $0 = max($0, through) }
                case .lost(let through):
                    position.withLock { $0 = max($0, through) }
                    resumable.clear()
                    endAll(
                        ResponseError(
                            message: "Events were missed while this server was cut off from its database; subscribe again and re-query.", errorType: "SubscriptionEventsLost"))
                }
            }
        }
    }

    /// Ends every subscription with `error`.
    func endAll(_ error: ResponseError) {
        let all = subscribers.withLock { table in
            defer { table = [:] }
            return table.values.flatMap(\.all)
        }
        let custom = allCustom()
        _ = removeCustom { _ in true }
        count.subtract(all.count + custom.count, ordering: .relaxed)
        for subscriber in all { subscriber.sink.end(subscriber.id, error: error) }
        for follower in custom { follower.sink.end(follower.id, error: error) }
    }

    /// Delivers `changes` (in id order) to the subscriptions that follow them; how many events went to how
    /// many connections.
    @discardableResult
    func deliver(_ changes: [Change]) async -> (events: Int, connections: Int) {
        var answers = await read(changes.filter { $0.kind != .publish })
        var published = publishedEvents(changes)
        // In change order, so each connection sees its events in id order.
        var bySink: [ObjectIdentifier: Int] = [:]
        var outgoing: [(sink: any SubscriptionSink, events: [SubscriptionEvent])] = []
        func queue(_ sink: any SubscriptionSink, _ event: SubscriptionEvent) {
            let index = bySink[ObjectIdentifier(sink)] ?? outgoing.count
            if index == outgoing.count {
                bySink[ObjectIdentifier(sink)] = index
                outgoing.append((sink, []))
            }
            outgoing[index].events.append(event)
        }
        for change in changes {
            for (sink, event) in published.removeValue(forKey: change.id) ?? [] { queue(sink, event) }
            for answer in answers.removeValue(forKey: change.id) ?? [] {
                let members = answer.members.filter { $0.follows(change) }
                for (subscriber, event) in Self.events(row: answer.row, change: change.id, members: members, listedByValue: answer.listedByValue) {
                    queue(subscriber.sink, event)
                }
            }
        }
        await Self.send(outgoing)
        return (outgoing.reduce(0) { $0 + $1.events.count }, outgoing.count)
    }

    /// Queues each connection's events. A connection without room for all of them is waited for, all such
    /// connections at once, until it has taken them or closed itself as too slow: a reading client gets a
    /// burst larger than its queue, and a client that stopped reading holds delivery up for a bounded time.
    static func send(_ outgoing: [(sink: any SubscriptionSink, events: [SubscriptionEvent])]) async {
        var behind: [(sink: any SubscriptionSink, events: ArraySlice<SubscriptionEvent>)] = []
        for (sink, events) in outgoing {
            let taken = sink.offer(events[...])
            if taken < events.count { behind.append((sink, events[taken...])) }
        }
        guard !behind.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            for (sink, events) in behind {
                group.addTask {
                    var rest = events
                    while !rest.isEmpty, await sink.waitForRoom() {
                        rest = rest.dropFirst(sink.offer(rest))
                    }
                }
            }
        }
    }

    /// The events of one delivery statement's row (position, filterable fields, selection) for its members
    /// whose filter the record passes; members with the same response key share one payload. With
    /// `listedByValue`, members with a required value were found under the record's own value, so only the rest
    /// of their filter is checked (the record's fields are not read when no member has anything left to check).
    static func events(row: [String?], change: Int64, members: [Subscriber], listedByValue: Bool) -> [(subscriber: Subscriber, event: SubscriptionEvent)] {
        guard let selection = row[2] else { return [] }
        let filtered = members.contains { checkedFilter(of: $0, listedByValue: listedByValue) != nil }
        let record = filtered ? (try? JSONReader.parse(Array((row[1] ?? "null").utf8))) ?? .null : .null
        var payloads: [String: String] = [:]
        var events: [(subscriber: Subscriber, event: SubscriptionEvent)] = []
        for member in members where checkedFilter(of: member, listedByValue: listedByValue)?.matches(record) ?? true {
            let key = member.plan.responseKey
            let payload = payloads[key] ?? "{\"data\":{" + JSONText.quote(key) + ":" + selection + "}}"
            payloads[key] = payload
            events.append((member, SubscriptionEvent(subscription: member.id, change: change, payload: payload)))
        }
        return events
    }

    /// What is checked of `member`'s filter for a record: the rest of it once the record was found under the value
    /// it requires (`listedByValue`), else all of it; nil when nothing is.
    static func checkedFilter(of member: Subscriber, listedByValue: Bool) -> SubscriptionFilter? {
        listedByValue && member.plan.requiredColumnValues != nil ? member.plan.residualFilter : member.plan.filter
    }

    /// The events of a replay's statement rows (position, filterable fields, selection) for its one member.
    private static func events(rows: [[String?]], changes: [Change], members: [Subscriber]) -> [(subscriber: Subscriber, event: SubscriptionEvent)] {
        rows.flatMap { row -> [(subscriber: Subscriber, event: SubscriptionEvent)] in
            guard let position = row[0].flatMap({ Int($0) }), position >= 1, position <= changes.count else { return [] }
            return events(row: row, change: changes[position - 1].id, members: members, listedByValue: false)
        }
    }
}
