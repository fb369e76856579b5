/// A first-in, first-out queue over an array: appends at the end, takes from a moving head (releasing the
/// taken slot at once), and drops the taken slots once they are most of the storage, so both ends cost O(1)
/// amortised.
package struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// An empty queue.
    package init() {}

    /// True when nothing is queued.
    package var isEmpty: Bool { head == storage.count }

    /// The oldest element, left in place; nil when empty.
    package var first: Element? { head < storage.count ? storage[head] : nil }

    /// Queues `element` last.
    package mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Takes the oldest element, or nil when empty.
    package mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64 && head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the queue; returns what it held, oldest first.
    package mutating func removeAll() -> [Element] {
        defer {
            storage.removeAll(keepingCapacity: true)
            head = 0
        }
        return storage[head...].map { $0! }
    }
}
