/// A queue shared by tenants (API keys), taken from in turn: one element of each tenant that is waiting,
/// round and round, each tenant's own elements in arrival order.
///
/// A pool that serves its statements first come, first served lets one tenant with hundreds of requests in
/// flight queue hundreds of statements ahead of everyone else. Taken in turn, a tenant that has just arrived
/// waits for at most one statement of each other waiting tenant, however many they have queued, and a tenant
/// alone still gets every connection. Putting and taking cost O(1).
package struct FairQueue<Element> {
    private var lanes: [String: FIFOQueue<Element>] = [:]
    /// Tenants with something queued, in the order they are served next.
    private var turns = FIFOQueue<String>()
    private var total = 0

    /// An empty queue.
    package init() {}

    /// True when nothing is queued.
    package var isEmpty: Bool { total == 0 }

    /// Elements queued, all tenants together.
    package var count: Int { total }

    /// Queues `element` last among `tenant`'s.
    package mutating func append(_ element: Element, tenant: String) {
        if lanes[tenant, default: FIFOQueue()].isEmpty { turns.append(tenant) }
        lanes[tenant, default: FIFOQueue()].append(element)
        total += 1
    }

    /// Takes the oldest element of the tenant whose turn it is; nil when empty.
    package mutating func popFirst() -> Element? {
        guard let tenant = turns.popFirst(), var lane = lanes.removeValue(forKey: tenant), let element = lane.popFirst() else { return nil }
        if !lane.isEmpty {
            lanes[tenant] = lane
            turns.append(tenant)
        }
        total -= 1
        return element
    }
}
