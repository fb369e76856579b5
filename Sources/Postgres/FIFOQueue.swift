/// A first-in, first-out queue over an array: appends at the end, takes from a moving head, and drops the
/// taken slots once they are most of the storage, so both ends cost O(1) amortised.
struct FIFOQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    /// True when nothing is queued.
    var isEmpty: Bool { head == storage.count }

    /// How many are queued.
    var count: Int { storage.count - head }

    /// Queues `element` last.
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Takes the oldest element, or nil when empty.
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
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
}
