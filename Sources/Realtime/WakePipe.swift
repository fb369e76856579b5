#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that wakes a thread waiting in `poll`: any thread signals, the waiting one drains. Both ends are
/// non-blocking, so a signal never blocks (a full pipe already means "awake").
final class WakePipe: Sendable {
    /// The end to poll for reading.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw WakePipeError(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the waiting thread.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe (after a wake-up).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}

/// The pipe could not be made.
struct WakePipeError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "could not create a wake-up pipe (errno \(code))" }
}
