import Synchronization

/// Request ids for logs and the `x-request-id` header: a random per-process prefix and a counter, unique
/// within and across runs without the cost of a random UUID per request.
final class RequestIDs: Sendable {
    /// The process's one source of ids, so the request context and every route draw from one counter.
    static let shared = RequestIDs()

    private let prefix = String(UInt64.random(in: .min ... .max), radix: 16)
    private let counter = Atomic<UInt64>(0)

    /// The next id, `<process prefix>-<counter>` in hex.
    func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        return prefix + "-" + String(number, radix: 16)
    }
}
