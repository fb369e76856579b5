import Execution
import JSON
import Logging
package import Planner
import Postgres
import Store
import Synchronization

/// Custom subscriptions (`@aws_subscribe(mutations:)`): they follow the answers the mutations they name publish
/// to the change log, not a table. An event's answer is read once per change and completed against each
/// distinct selection once, whatever the number of subscribers; each subscriber's arguments are checked on it.
extension SubscriptionHub {
    /// A custom subscription: of the answers the mutations it names publish.
    typealias CustomFollower = Follower<CustomSubscriptionPlan>

    /// Adds custom subscription `id` of `sink`, as `add` adds a model's: between two batches, after `acknowledge`,
    /// a resumed one first getting the answers it missed; returns the last change before it.
    @discardableResult
    package func add(
        _ id: String, custom plan: CustomSubscriptionPlan, sink: any SubscriptionSink, resume: (credential: String, request: String)? = nil,
        acknowledge: @Sendable () -> Void = {}
    ) async -> Int64 {
        await admit(id, plan: plan, sink: sink, resume: resume, acknowledge: acknowledge, replay: replay) { follower in
            customFollowers.withLock { table in
                for mutation in Set(plan.mutations) { table[mutation, default: []].append(follower) }
            }
        }
    }

    /// Removes the custom subscriptions `shouldRemove` picks; how many (each counted once, however many
    /// mutations it follows).
    func removeCustom(where shouldRemove: (CustomFollower) -> Bool) -> Int {
        customFollowers.withLock { table in
            var removed: Set<ObjectIdentifier> = []
            for mutation in table.keys {
                table[mutation]?.removeAll { follower in
                    guard shouldRemove(follower) else { return false }
                    removed.insert(ObjectIdentifier(follower))
                    return true
                }
                if table[mutation]?.isEmpty == true { table[mutation] = nil }
            }
            return removed.count
        }
    }

    /// Every open custom subscription, each once.
    func allCustom() -> [CustomFollower] {
        var seen: Set<ObjectIdentifier> = []
        return customFollowers.withLock { Array($0.values.joined()) }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The events that published answers among `changes` give the custom subscriptions, by change id.
    func publishedEvents(_ changes: [Change]) -> [Int64: [(sink: any SubscriptionSink, event: SubscriptionEvent)]] {
        var events: [Int64: [(sink: any SubscriptionSink, event: SubscriptionEvent)]] = [:]
        for change in changes where change.kind == .publish && change.schema.isEmpty {
            let followers = customFollowers.withLock { $0[change.table] ?? [] }.filter { $0.follows(change) }
            guard !followers.isEmpty else { continue }
            guard let value = try? JSONReader.parse(Array(change.image.utf8)) else {
                logger.error("a published answer could not be read", metadata: ["change": "\(change.id)"])
                continue
            }
            events[change.id] = Self.events(of: value, change: change.id, followers: followers, executor: executor)
        }
        return events
    }

    /// The events of one published answer for `followers`: those whose arguments it matches, with one payload per
    /// distinct response key and selection.
    static func events(
        of value: JSONValue, change: Int64, followers: [CustomFollower], executor: GraphQLExecutor
    ) -> [(sink: any SubscriptionSink, event: SubscriptionEvent)] {
        var payloads: [PayloadKey: String?] = [:]
        var events: [(sink: any SubscriptionSink, event: SubscriptionEvent)] = []
        for follower in followers where follower.plan.wants(value) {
            let key = PayloadKey(responseKey: follower.plan.responseKey, shape: follower.plan.field.shape)
            let payload = payloads[key] ?? executor.payload(of: value, for: follower.plan)
            payloads[key] = payload
            if let payload { events.append((follower.sink, SubscriptionEvent(subscription: follower.id, change: change, payload: payload))) }
        }
        return events
    }

    /// What a payload depends on besides the answer.
    struct PayloadKey: Hashable {
        let responseKey: String
        let shape: ResultShape?
    }

    /// Sends `follower` the answers it missed in (`after`, `through`], from the change log, in chunks, at most
    /// `maximumReplay` of them.
    private func replay(to follower: CustomFollower, after: Int64, through: Int64) async {
        var position = after
        var replayed = 0
        let mutations = "{" + Set(follower.plan.mutations).sorted().map { "\"" + $0 + "\"" }.joined(separator: ",") + "}"
        do {
            while replayed < Self.maximumReplay, position < through {
                let parameters = [String(position), String(through), mutations, String(min(500, Self.maximumReplay - replayed)), String(4 << 20)]
                let rows = try await executor.runner.run(ChangeLog.publishedReplayStatement, parameters, idempotent: true, tenant: "").rows
                let read = rows.compactMap(Change.init(logRow:))
                guard let last = read.last else { return }
                position = last.id
                replayed += read.count
                var outgoing: [SubscriptionEvent] = []
                for change in read {
                    guard let value = try? JSONReader.parse(Array(change.image.utf8)) else { continue }
                    outgoing += Self.events(of: value, change: change.id, followers: [follower], executor: executor).map(\.event)
                }
                await Self.send([(follower.sink, outgoing)])
            }
        } catch {
            logger.warning("could not replay missed events to a resumed subscription", metadata: ["error": "\(error)"])
        }
    }
}
