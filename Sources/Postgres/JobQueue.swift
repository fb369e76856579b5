import Foundation

/// The pool's blocking queue: callers put jobs, worker threads take them, served per tenant in turn
/// (`FairQueue`). Its state logic is tested without a database (`PostgresTests`).
package final class JobQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items = FairQueue<Element>()
    private var closed = false

    /// An open, empty queue.
    package init() {}

    /// Enqueues; false when closed.
    package func put(tenant: String, _ item: Element) -> Bool {
        condition.lock()
        guard !closed else {
            condition.unlock()
            return false
        }
        items.append(item, tenant: tenant)
        condition.unlock()
        // Signalled after unlocking, so the woken worker does not block on the lock straight away.
        condition.signal()
        return true
    }

    /// Blocks until an item is available; nil once closed and drained.
    package func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        return items.popFirst()
    }

    /// Items queued.
    package var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    /// Refuses later puts and wakes every waiting worker; what is queued is still taken.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
