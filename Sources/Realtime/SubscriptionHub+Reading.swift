import Execution
import Logging
import Planner
import Postgres
import SQLSyntax
import Synchronization

extension SubscriptionHub {
    /// One statement's answer for one change: the subscriptions it is for, the row (position, filterable
    /// fields, selection), and whether the members with a required value were found by the change's own value.
    typealias Answer = (members: [Subscriber], row: [String?], listedByValue: Bool)

    /// A change a statement reads, for the subscriptions it may concern.
    typealias Entry = (change: Change, members: [Subscriber], listedByValue: Bool)

    /// Reads what `changes` look like to the subscriptions they may concern, by change id. Per changed table,
    /// each distinct selection runs one statement over the row images of the changes that concern one of its
    /// subscriptions; a change no subscription can want (every filter requires another value) is not read.
    /// Memory grows with changes and statements, never with changes × subscriptions.
    func read(_ changes: [Change]) async -> [Int64: [Answer]] {
        var groups: [Key: [Change]] = [:]
        for change in changes { groups[Key(table: change.table, kind: change.kind), default: []].append(change) }
        var answers: [Int64: [Answer]] = [:]
        for (key, group) in groups {
            guard let followers = subscribers.withLock({ $0[key] }), followers.count > 0 else { continue }
            // Per statement, the changes it reads and, for each, the subscriptions it answers.
            var reads: [DeliveryStatement: [Entry]] = [:]
            var always: [String: [DeliveryStatement: [Subscriber]]] = [:]
            for change in group {
                if always[change.schema] == nil {
                    always[change.schema] = Dictionary(grouping: followers.checkedAlways.filter { Self.follows($0, schema: change.schema) }, by: \.plan.delivery)
                }
                var members = always[change.schema] ?? [:]
                let listed = followers.listed(forImage: change.image)
                for subscriber in listed.subscribers where Self.follows(subscriber, schema: change.schema) {
                    members[subscriber.plan.delivery, default: []].append(subscriber)
                }
                for (statement, subscribers) in members { reads[statement, default: []].append((change, subscribers, listed.byValue)) }
            }
            for (statement, entries) in reads {
                await run(statement, entries, into: &answers)
            }
        }
        return answers
    }

    /// Runs `statement` over the entries' row images and files each row under its change (or, when the images
    /// answer its selection and no filter needs the record's fields, copies the selection out of them). When it
    /// fails, its subscriptions end with an error (they would miss events).
    private func run(_ statement: DeliveryStatement, _ entries: [Entry], into answers: inout [Int64: [Answer]]) async {
        let readsFields = entries.contains { entry in entry.members.contains { Self.checkedFilter(of: $0, listedByValue: entry.listedByValue) != nil } }
        // A selection the row images answer, with no filter to check: copied out of the images, no statement.
        if !readsFields, let selection = entries.first?.members.first?.plan.imageSelection {
            let rendered = entries.map { selection.render(image: $0.change.image) }
            if !rendered.contains(nil) {
                for (entry, object) in zip(entries, rendered) { answers[entry.change.id, default: []].append((entry.members, [nil, nil, object], entry.listedByValue)) }
                return
            }
        }
        let images = "[" + entries.map(\.change.image).joined(separator: ",") + "]"
        do {
            for row in try await executor.deliver(statement, images: images, readsFields: readsFields).rows {
                guard let position = row[0].flatMap({ Int($0) }), position >= 1, position <= entries.count else { continue }
                let entry = entries[position - 1]
                answers[entry.change.id, default: []].append((entry.members, row, entry.listedByValue))
            }
        } catch {
            logger.error("subscription delivery failed", metadata: ["error": "\(error)"])
            let failure = ResponseError(message: "An event could not be read from the database; subscribe again and re-query.", errorType: "SubscriptionEventsLost")
            // `remove` is true once per subscription, however many entries list it.
            for entry in entries {
                for member in entry.members where remove(member.id, sink: member.sink) { member.sink.end(member.id, error: failure) }
            }
        }
    }

    private static func follows(_ subscriber: Subscriber, schema: String) -> Bool {
        subscriber.plan.table.schema == nil || subscriber.plan.table.schema == schema
    }
}
