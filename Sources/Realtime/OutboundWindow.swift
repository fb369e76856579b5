import Synchronization

/// What a connection has handed to its socket and not yet seen written out, bounded in count and bytes: a client
/// that does not read cannot make the server hold its events without limit. Messages go to the socket the moment
/// they are accepted (no task of the connection's wakes up to write each one); the window only counts them until
/// the socket reports them written. A producer that found the window full may wait, for a while, until it is down
/// to half (`waitForRoom`). Control messages (acknowledgements, errors, keep-alives) have a small reserve beyond
/// the limits, so a reading client in the middle of a burst of events still gets them. A close is requested once;
/// the connection's closer takes it (`closeRequest`) and sends it after everything accepted before.
final class OutboundWindow: Sendable {
    /// A requested close: the WebSocket close code and reason.
    struct Close: Sendable, Equatable {
        var code: UInt16
        var reason: String
    }

    private struct State {
        var count = 0
        var bytes = 0
        var close: Close?
        var closeTaken = false
        var closeWaiter: CheckedContinuation<Close?, Never>?
        /// A producer waiting for room, resumed with true when the window is down to half its limits.
        var roomWaiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
        var roomWaits = 0
    }

    /// Control messages that may be in the window beyond `maximumMessages`.
    static let controlReserve = 64

    private let state = Mutex(State())
    private let maximumMessages: Int
    private let maximumBytes: Int

    /// A window holding at most `maximumMessages` messages and `maximumBytes` bytes of them.
    init(maximumMessages: Int, maximumBytes: Int) {
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
    }

    /// Counts a message of `size` bytes in, when there is room and no close was requested; false otherwise
    /// (nothing is counted). A `control` message may use the reserve beyond the limits. `send`, run only when the
    /// message is accepted and while the window's lock is held, hands it to the socket: messages reach the socket
    /// in the order they were accepted. It must not report the message written before it returns.
    func admit(size: Int, control: Bool = false, send: () -> Void) -> Bool {
        let messages = control ? maximumMessages + Self.controlReserve : maximumMessages
        let bytes = control ? maximumBytes + Self.controlReserve * 4096 : maximumBytes
        return state.withLock { state in
            guard state.close == nil, state.count < messages, state.bytes + size <= bytes else { return false }
            state.count += 1
            state.bytes += size
            send()
            return true
        }
    }

    /// Counts a message of `size` bytes out: the socket wrote it, or can no longer. A producer waiting for room
    /// is let go once the window is down to half.
    func release(size: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.count -= 1
            state.bytes -= size
            guard let waiting = state.roomWaiter, hasRoom(state) else { return nil }
            state.roomWaiter = nil
            return waiting.continuation
        }
        waiter?.resume(returning: true)
    }

    /// Requests the close (the first request wins); later messages are refused, and a producer waiting for room
    /// stops waiting.
    func close(code: UInt16, reason: String) {
        let (closer, roomWaiter) = state.withLock { state -> (CheckedContinuation<Close?, Never>?, CheckedContinuation<Bool, Never>?) in
            guard state.close == nil else { return (nil, nil) }
            state.close = Close(code: code, reason: reason)
            let roomWaiter = state.roomWaiter?.continuation
            state.roomWaiter = nil
            let closer = state.closeWaiter
            state.closeWaiter = nil
            if closer != nil { state.closeTaken = true }
            return (closer, roomWaiter)
        }
        closer?.resume(returning: Close(code: code, reason: reason))
        roomWaiter?.resume(returning: false)
    }

    /// True once a close was requested.
    var isClosing: Bool { state.withLock { $0.close != nil } }

    /// Waits for the close request; it is returned once, nil to every later call.
    func closeRequest() async -> Close? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Close?? in
                if state.closeTaken { return .some(nil) }
                if let close = state.close {
                    state.closeTaken = true
                    return .some(close)
                }
                state.closeWaiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Waits until the socket has written the window down to half its limits; false when that took longer than
    /// `patience` or a close was requested. One producer waits at a time.
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
                    if state.close != nil { return false }
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
}
