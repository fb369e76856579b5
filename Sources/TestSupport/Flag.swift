import Synchronization

/// A thread-safe one-way flag.
package final class Flag: Sendable {
    private let value = Mutex(false)

    /// Makes a flag that is not set.
    package init() {}

    /// Sets the flag.
    package func set() { value.withLock { $0 = true } }

    /// Whether the flag was set.
    package var isSet: Bool { value.withLock { $0 } }
}
