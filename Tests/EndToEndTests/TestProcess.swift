import Foundation
import Synchronization

/// Runs a program to its end for a test, on threads of its own (never on Swift's cooperative ones, which the
/// whole suite shares): both output pipes are drained while it runs, and it is sent SIGTERM after `timeout`,
/// then SIGKILL two seconds later. The command-line tests, the TLS tests' `openssl`/`curl` and the Python
/// clients all run through it.
enum TestProcess {
    /// How a program ended and what it printed.
    struct Finished: Sendable {
        /// Its standard output.
        var output = Data()
        /// Its standard error.
        var error = Data()
        /// Its exit status.
        var status: Int32 = 0
        /// True when it was killed for running past its timeout.
        var timedOut = false

        /// Standard output as text.
        var outputText: String { String(decoding: output, as: UTF8.self) }
        /// Standard error as text.
        var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `folder` (the test's own when nil), with `environment` added to
    /// the test's, and waits for it to end (at most `timeout`).
    static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:], timeout: Duration = .seconds(300)
    ) async throws -> Finished {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        let unsafeProcess = UnsafeProcess(process: process)
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = unsafeProcess.process
                do { try process.run() } catch { return continuation.resume(throwing: error) }
                let result = Mutex(Finished())
                let timedOut = Atomic<Bool>(false)
                let pid = process.processIdentifier
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    guard unsafeProcess.process.isRunning else { return }
                    timedOut.store(true, ordering: .relaxed)
                    kill(pid, SIGTERM)
                    DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                        if unsafeProcess.process.isRunning { kill(pid, SIGKILL) }
                    }
                }
                let errorDone = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    let data = standardError.fileHandleForReading.readDataToEndOfFile()
                    result.withLock { $0.error = data }
                    errorDone.signal()
                }
                let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
                errorDone.wait()
                process.waitUntilExit()
                var finished = result.withLock { $0 }
                finished.output = output
                finished.status = process.terminationStatus
                finished.timedOut = timedOut.load(ordering: .relaxed)
                continuation.resume(returning: finished)
            }
        }
    }

    /// A process handed to the threads that wait for it (Foundation's `Process` is thread-safe to query).
    private struct UnsafeProcess: @unchecked Sendable {
        let process: Process
    }
}
