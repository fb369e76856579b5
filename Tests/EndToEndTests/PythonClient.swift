import Foundation
import Synchronization

/// Runs the Python client scripts in `Tests/EndToEndTests/Clients` with the real Python GraphQL clients that
/// `scripts/python-clients` installs (or the interpreter `MODELGRAPH_TEST_PYTHON` names). A missing interpreter,
/// a non-zero exit or a timeout throws, failing the test with what the script printed.
enum PythonClient {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the client scripts.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients")

    /// What a script printed: its standard output as JSON lines (objects), and its standard error.
    struct Output: @unchecked Sendable {
        let lines: [[String: Any]]
        let standardError: String

        /// The lines of `kind` (the scripts' `"kind"` field).
        func lines(_ kind: String) -> [[String: Any]] { lines.filter { $0["kind"] as? String == kind } }
    }

    /// The interpreter; throws, telling how to install it, when it is missing.
    static func interpreter() throws -> URL {
        let environment = ProcessInfo.processInfo.environment["MODELGRAPH_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let path = environment ?? packageRoot.appendingPathComponent(".build/python-clients/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw PythonClientError(
                "No Python interpreter with the real GraphQL clients at \(path): run scripts/python-clients (scripts/test does), or set MODELGRAPH_TEST_PYTHON")
        }
        return URL(fileURLWithPath: path)
    }

    /// Runs `script` with `arguments`, killing it after `timeout`; its output once it exited 0.
    static func run(_ script: String, _ arguments: [String], timeout: Duration = .seconds(90)) async throws -> Output {
        let process = Process()
        process.executableURL = try interpreter()
        process.arguments = [scripts.appendingPathComponent(script).path] + arguments
        process.currentDirectoryURL = scripts
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        let finished = try await wait(for: process, standardOutput: standardOutput, standardError: standardError, timeout: timeout)
        let text = String(decoding: finished.output, as: UTF8.self)
        let errorText = String(decoding: finished.error, as: UTF8.self)
        let described = "\(script) \(arguments)\nstdout:\n\(text)\nstderr:\n\(errorText)"
        if finished.timedOut { throw PythonClientError("killed after \(timeout): \(described)") }
        guard finished.status == 0 else { throw PythonClientError("exited with \(finished.status): \(described)") }
        var lines: [[String: Any]] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw PythonClientError("not a JSON object line: \(line)\n\(described)")
            }
            lines.append(object)
        }
        return Output(lines: lines, standardError: errorText)
    }

    /// How a process ended.
    private struct Finished: Sendable {
        var output = Data()
        var error = Data()
        var status: Int32 = 0
        var timedOut = false
    }

    /// Starts `process` and waits for it on threads of its own (never on Swift's cooperative ones): both pipes
    /// are drained while it runs, and it is sent SIGTERM after `timeout`, then SIGKILL two seconds later.
    private static func wait(for process: Process, standardOutput: Pipe, standardError: Pipe, timeout: Duration) async throws -> Finished {
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

/// A client script that could not run, failed, or did not finish.
struct PythonClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
