import JSON
import Planner

/// The subscriptions that follow one table's changes of one kind, arranged so that a change finds the ones it
/// may concern without checking every filter: a subscription whose filter requires a text column to hold one of
/// some values (an `eq`, or an owner rule's forms of the caller) is listed under that column and each value; the
/// others are checked against every change.
struct Followers: Sendable {
    private var alwaysChecked: [SubscriptionHub.Subscriber] = []
    /// Column → required value → subscriptions.
    private var byColumnValue: [String: [String: [SubscriptionHub.Subscriber]]] = [:]
    /// The keys of `byColumnValue`, kept as a set for `listed` (set once per insert or removal, not per change):
    /// the only members of a row image read to find subscriptions.
    private var listedColumns: Set<String> = []
    /// How many subscriptions follow.
    private(set) var count = 0

    /// Adds `subscriber`.
    mutating func insert(_ subscriber: SubscriptionHub.Subscriber) {
        if let (column, values) = subscriber.plan.requiredColumnValues {
            for value in Set(values) { byColumnValue[column, default: [:]][value, default: []].append(subscriber) }
            listedColumns.insert(column)
        } else {
            alwaysChecked.append(subscriber)
        }
        count += 1
    }

    /// Removes the subscriptions `shouldRemove` picks; how many it removed.
    mutating func removeAll(where shouldRemove: (SubscriptionHub.Subscriber) -> Bool) -> Int {
        let before = count
        alwaysChecked.removeAll(where: shouldRemove)
        for (column, values) in byColumnValue {
            for (value, subscribers) in values {
                let kept = subscribers.filter { !shouldRemove($0) }
                byColumnValue[column]?[value] = kept.isEmpty ? nil : kept
            }
            if byColumnValue[column]?.isEmpty == true { byColumnValue[column] = nil }
        }
        listedColumns = Set(byColumnValue.keys)
        count = alwaysChecked.count + listedOnce.count
        return before - count
    }

    /// Every subscription.
    var all: [SubscriptionHub.Subscriber] { alwaysChecked + listedOnce }

    /// The listed subscriptions, each once (one may be listed under several values).
    private var listedOnce: [SubscriptionHub.Subscriber] {
        var seen: Set<ObjectIdentifier> = []
        return byColumnValue.values.flatMap { $0.values.flatMap { $0 } }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The subscriptions checked against every change.
    var checkedAlways: [SubscriptionHub.Subscriber] { alwaysChecked }

    /// The subscriptions listed under a column value that a change whose row image is `image` (`to_jsonb`
    /// text) holds, and whether they were found by that value. The image is read only when some subscription
    /// requires a value; one that cannot be read concerns them all, unverified (their whole filter is checked).
    func listed(forImage image: String) -> (subscribers: [SubscriptionHub.Subscriber], byValue: Bool) {
        guard !byColumnValue.isEmpty else { return ([], true) }
        guard let values = try? JSONReader.memberStrings(of: Array(image.utf8), wanted: listedColumns, maximumDepth: 64) else {
            return (listedOnce, false)
        }
        var found: [SubscriptionHub.Subscriber] = []
        for (column, text) in values {
            guard let subscribers = byColumnValue[column]?[text] else { continue }
            found += subscribers
        }
        return (found, true)
    }
}
