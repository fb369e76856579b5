import Synchronization

/// A lock for async code: one holder at a time, the others waiting their turn in arrival order, without
/// blocking a thread. The hub delivers a batch, and adds a subscription (with its replay), under it, so a new
/// subscription sits exactly between two batches.
final class AsyncGate: Sendable {
    private struct State {
        var held = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` holding the gate.
    func withGate<Value: Sendable>(_ body: () async -> Value) async -> Value {
        await enter()
        defer { leave() }
        return await body()
    }

    private func enter() async {
        let entered = state.withLock { state -> Bool in
            guard state.held else {
                state.held = true
                return true
            }
            return false
        }
        if entered { return }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.held = false
                return nil
            }
            // The gate passes straight to the next waiter.
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
