import Synchronization

/// Request ids for logs and the `x-request-id` header: the instance's id (`ServerConfiguration.instanceID`)
/// when one is set, a random per-process part and a counter, unique within and across runs and instances
/// without the cost of a random UUID per request.
final class RequestIDs: Sendable {
    /// The process's one source of ids, so the request context and every route draw from one counter.
    static let shared = RequestIDs()

    private let random: String
    private let prefix: Mutex<String>
    private let counter = Atomic<UInt64>(0)

    private init() {
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        self.random = random
        prefix = Mutex(random)
    }

    /// Puts `instance` in front of every later id (`<instance>-<random>-<counter>`).
    func identify(instance: String) {
        prefix.withLock { $0 = instance + "-" + random }
    }

    /// The next id, `[<instance>-]<process random part>-<counter>` in hex.
    func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        return prefix.withLock { $0 } + "-" + String(number, radix: 16)
    }
}
