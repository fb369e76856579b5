import Postgres
import Synchronization

/// A connection's messages waiting to be written, in order, bounded in count and bytes: a client that does not
/// read cannot make the server hold its events without limit. Producers never block; one that found the queue
/// full may wait, for a while, until the writer has made room (`waitForRoom`). Control messages (acknowledgements,
/// errors, keep-alives) have a small reserve beyond the limit, so a reading client in the middle of a burst of
/// events still gets them.
final class OutboundQueue: Sendable {
    /// What the writer does next.
    enum Item: Sendable, Equatable {
        /// Sends a text message.
        case text(String)
        /// Closes the connection with a WebSocket close code, after what was queued before it.
        case close(code: UInt16, reason: String)
    }

    private struct State {
        var items = FIFOQueue<Item>()
        var count = 0
        var bytes = 0
        var closing = false
        var waiter: CheckedContinuation<Item?, Never>?
        /// A producer waiting for room, resumed with true when the queue is down to half its limits.
        var roomWaiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
        var roomWaits = 0
    }

    /// Control messages that may be queued beyond `maximumMessages`.
    static let controlReserve = 64

    private let state = Mutex(State())
    private let maximumMessages: Int
    private let maximumBytes: Int

    /// A queue holding at most `maximumMessages` messages and `maximumBytes` bytes of them.
    init(maximumMessages: Int, maximumBytes: Int) {
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
    }

    /// Queues `text`; false when the queue is full (nothing is queued) or closing. A `control` message may
    /// use the reserve beyond the limits.
    func push(_ text: String, control: Bool = false) -> Bool {
        let size = text.utf8.count
        let messages = control ? maximumMessages + Self.controlReserve : maximumMessages
        let bytes = control ? maximumBytes + Self.controlReserve * 4096 : maximumBytes
        let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>?? in
            guard !state.closing, state.count < messages, state.bytes + size <= bytes else { return .none }
            if let waiter = state.waiter {
                state.waiter = nil
                return .some(waiter)
            }
            state.items.append(.text(text))
            state.count += 1
            state.bytes += size
            return .some(nil)
        }
        guard let waiter else { return false }
        waiter?.resume(returning: .text(text))
        return true
    }

    /// Queues the close (once); later pushes are refused, and a producer waiting for room stops waiting.
    func close(code: UInt16, reason: String) {
        let (waiter, roomWaiter) = state.withLock { state -> (CheckedContinuation<Item?, Never>?, CheckedContinuation<Bool, Never>?) in
            guard !state.closing else { return (nil, nil) }
            state.closing = true
            let roomWaiter = state.roomWaiter?.continuation
            state.roomWaiter = nil
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, roomWaiter)
            }
            state.items.append(.close(code: code, reason: reason))
            return (nil, roomWaiter)
        }
        waiter?.resume(returning: .close(code: code, reason: reason))
        roomWaiter?.resume(returning: false)
    }

    /// Waits until the writer has drained the queue to half its limits; false when that took longer than
    /// `patience` or the queue is closing. One producer waits at a time.
    func waitForRoom(patience: Duration) async -> Bool {
        let id = state.withLock { state -> Int in
            state.roomWaits += 1
            return state.roomWaits
        }
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: patience)
                self.resumeRoomWaiter(id: id, with: false)
            }
            let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let ready = state.withLock { state -> Bool? in
                    if state.closing { return false }
                    if hasRoom(state) { return true }
                    state.roomWaiter = (id, continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            group.cancelAll()
            return answer
        }
    }

    private func hasRoom(_ state: State) -> Bool {
        state.count <= maximumMessages / 2 && state.bytes <= maximumBytes / 2
    }

    private func resumeRoomWaiter(id: Int, with answer: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiting = state.roomWaiter, waiting.id == id else { return nil }
            state.roomWaiter = nil
            return waiting.continuation
        }
        waiter?.resume(returning: answer)
    }

    /// True once a close was queued.
    var isClosing: Bool { state.withLock { $0.closing } }

    /// The next item, waiting for one; nil after the close was taken.
    func next() async -> Item? {
        if let ready = take() { return ready }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Item?? in
                if let item = Self.pop(&state) { return .some(item) }
                if state.closing { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func take() -> Item? {
        let (item, roomWaiter) = state.withLock { state -> (Item?, CheckedContinuation<Bool, Never>?) in
            let item = Self.pop(&state)
            guard let waiting = state.roomWaiter, hasRoom(state) else { return (item, nil) }
            state.roomWaiter = nil
            return (item, waiting.continuation)
        }
        roomWaiter?.resume(returning: true)
        return item
    }

    private static func pop(_ state: inout State) -> Item? {
        guard let item = state.items.popFirst() else { return nil }
        if case .text(let text) = item {
            state.count -= 1
            state.bytes -= text.utf8.count
        }
        return item
    }
}
