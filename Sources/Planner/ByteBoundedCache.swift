import Synchronization

/// A cache bounded by an estimate of the bytes its entries hold rather than by their number: one huge
/// document costs what a thousand small ones do. Past the budget the least recently used entries are dropped
/// until a quarter of the budget is free again, so a full cache neither empties at once nor sorts on every
/// insert. An entry costing more than the whole budget is not kept.
final class ByteBoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the entries may hold.
    let budget: Int
    private let state = Mutex(State())

    /// Creates an empty cache holding at most `budget` bytes.
    init(budget: Int) {
        self.budget = budget
    }

    /// The value for `key`, marked as just used.
    func value(for key: Key) -> Value? {
        state.withLock { state in
            state.clock &+= 1
            let now = state.clock
            guard state.entries[key] != nil else { return nil }
            state.entries[key]!.lastUse = now
            return state.entries[key]!.value
        }
    }

    /// Stores `value` for `key` at an estimated `cost` in bytes, or changes the stored value with `update`
    /// (which gets nil when there is none and returns the value and cost to keep).
    func store(_ key: Key, update: (Value?) -> (value: Value, cost: Int)?) {
        state.withLock { state in
            let old = state.entries[key]
            guard let (value, cost) = update(old?.value) else { return }
            state.clock &+= 1
            state.bytes += cost - (old?.cost ?? 0)
            state.entries[key] = Entry(value: value, cost: cost, lastUse: state.clock)
            if cost > budget {
                state.bytes -= cost
                state.entries[key] = nil
            }
            guard state.bytes > budget else { return }
            let target = budget - budget / 4
            for (victim, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.bytes > target else { break }
                state.entries[victim] = nil
                state.bytes -= entry.cost
            }
        }
    }

    /// Every value held, in no order (for tests and metrics).
    var values: [Value] { state.withLock { $0.entries.values.map(\.value) } }
    /// Entries held (for tests and metrics).
    var count: Int { state.withLock { $0.entries.count } }
    /// Estimated bytes held (for tests and metrics).
    var bytes: Int { state.withLock { $0.bytes } }
}
