import Synchronization

/// A value that concurrent tasks (or the database pool's threads) change and a test then reads.
package final class Recorder<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    /// Starts with `value`.
    package init(_ value: Value) { storage = Mutex(value) }

    /// The value now.
    package var value: Value { storage.withLock { $0 } }

    /// Changes the value under the lock.
    package func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}
