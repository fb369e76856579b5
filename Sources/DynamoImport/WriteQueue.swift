import Foundation

/// One batch's statements' parameters, encoded and ready to run.
struct PendingWrite: Sendable {
    /// The model whose table they write.
    let model: String
    /// The upserted rows (`$1` of the upsert), if any.
    let upserts: String?
    /// The deleted keys (`$1` of the delete), if any.
    let deletes: String?
    /// In a batched import's load: the next item to read after these rows, and the report as of then.
    var position: ImportCheckpoint.Position? = nil
    var report: ImportReport? = nil
}

/// Batches handed from the thread that reads and converts to the one that writes: at most `capacity` wait; the
/// reader waits while the queue is full, the writer while it is empty.
final class WriteQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [PendingWrite] = []
    private var finished = false
    private let capacity: Int
    /// Why the reader stopped, when it failed.
    private(set) var error: (any Error)?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `write`, waiting for room.
    func put(_ write: PendingWrite) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity { condition.wait() }
        items.append(write)
        condition.broadcast()
    }

    /// The reader is done (with `error` when it failed).
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        self.error = error
        condition.broadcast()
    }

    /// The next batch, waiting for one; nil once the reader is done and the queue empty.
    func take() -> PendingWrite? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        guard !items.isEmpty else { return nil }
        let write = items.removeFirst()
        condition.broadcast()
        return write
    }
}
