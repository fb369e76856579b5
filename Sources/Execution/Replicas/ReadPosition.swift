import Synchronization

/// What one HTTP request needs of a read replica, and what its writes committed. The transport creates one per
/// request (`ReplicaRouter.beginRequest`) and runs the request with it as `ReadPosition.current`; the router reads
/// it for every statement of that request, so the executor needs to know nothing of replicas.
///
/// - A read may go to a replica that has replayed `minimum` (the position the client sent back, or the last
///   write this caller made on this instance within the window).
/// - Once the request has written, or tried to, the rest of its reads go to the primary: a write's read-back,
///   a lost versioned write's stored record and the explanation of a failed write must see that write.
package final class ReadPosition: Sendable {
    /// The request's caller runs with this position (nil outside a request, or without replicas: then every
    /// statement runs on the primary).
    @TaskLocal package static var current: ReadPosition?

    /// The position a replica must have replayed before it may serve this request's reads; nil: any healthy
    /// replica may.
    package let minimum: WALPosition?
    private let state = Mutex<(committed: WALPosition?, wrote: Bool)>((nil, false))

    /// A request whose reads need `minimum`.
    package init(minimum: WALPosition?) {
        self.minimum = minimum
    }

    /// The furthest commit position of this request's writes; nil when none committed (or its position is unknown).
    package var committed: WALPosition? {
        state.withLock { $0.committed == .unknown ? nil : $0.committed }
    }

    /// The furthest commit position of this request's writes, `WALPosition.unknown` included (what the
    /// instance remembers for the caller).
    var committedOrUnknown: WALPosition? { state.withLock { $0.committed } }

    /// True once the request has run a write (whatever its outcome): its later reads go to the primary.
    package var wrote: Bool { state.withLock { $0.wrote } }

    /// Notes that the request runs a write.
    func noteWrite() {
        state.withLock { $0.wrote = true }
    }

    /// Notes that a write of this request committed at or before `position`.
    func noteCommit(_ position: WALPosition) {
        state.withLock { state in
            state.wrote = true
            state.committed = max(state.committed ?? position, position)
        }
    }
}
