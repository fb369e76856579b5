/// Runs the operations handed to it one at a time, in the order they arrive (an actor alone would interleave
/// them at every `await`).
package actor OneAtATime {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Makes an empty queue.
    package init() {}

    /// Waits for the operations before this one, then runs it.
    package func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await operation()
    }
}
