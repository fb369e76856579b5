import Foundation
import Logging

extension EmbeddedPostgres {
    /// Watches the server this object owns and restarts it, on the same socket, whenever it dies: the pool
    /// reconnects by itself. Checks every `interval` seconds; a restart is tried after each of `restartDelays`
    /// (seconds), each attempt logged. Returns when the calling task is cancelled; throws a `Failure` when every
    /// attempt failed, so the caller can exit and leave the restarting to its own supervisor. Joined servers
    /// belong to their owner and are not watched.
    ///
    /// The watching runs on a thread of its own: starting PostgreSQL blocks for seconds, and Swift tasks here
    /// run on the HTTP event loops. Call `stop()` only after this has returned.
    package func supervise(interval: Double = 1, restartDelays: [Double] = [0.5, 1, 2, 4, 8]) async throws {
        let stopSignal = StopSignal()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let thread = Thread {
                    do {
                        try self.watch(interval: interval, restartDelays: restartDelays, until: stopSignal)
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "postgres-supervisor"
                thread.start()
            }
        } onCancel: {
            stopSignal.signal()
        }
    }

    private func watch(interval: Double, restartDelays: [Double], until stopSignal: StopSignal) throws {
        while !stopSignal.wait(seconds: interval) {
            guard isOwner, !isRunning else { continue }
            logger.error("PostgreSQL stopped unexpectedly; restarting it", metadata: ["directory": "\(directory.path)"])
            var restarted = false
            for (index, delay) in restartDelays.enumerated() where !restarted {
                if stopSignal.wait(seconds: delay) { return }
                let attempt = "\(index + 1) of \(restartDelays.count)"
                logger.info("restarting PostgreSQL (attempt \(attempt))")
                do {
                    try launch()
                    restarted = true
                    logger.info("restarted PostgreSQL", metadata: ["socket": "\(socketDirectory)"])
                } catch {
                    logger.error("restarting PostgreSQL failed (attempt \(attempt)): \(error)")
                }
            }
            guard restarted else {
                throw Failure(description: "PostgreSQL in \(directory.path) stopped and could not be restarted (\(restartDelays.count) attempts); its log is \(serverLog.path).")
            }
        }
    }
}

/// A one-way signal a thread can wait on with a timeout.
private final class StopSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false

    /// Sets the signal and wakes the waiter.
    func signal() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `seconds`; true when the signal is set.
    func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !stopped && condition.wait(until: deadline) {}
        return stopped
    }
}
