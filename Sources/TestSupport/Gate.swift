import Foundation

/// A one-shot latch that a blocking thread (a database pool's worker, say) waits on until a test opens it.
package final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    /// Makes a closed gate.
    package init() {}

    /// Blocks the calling thread until the gate is open.
    package func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    /// Opens the gate for every waiter, now and later.
    package func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
