import Foundation

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
        try await run(script, in: scripts, with: try interpreter(), arguments, timeout: timeout)
    }

    /// Runs `script` from the folder `folder` with the interpreter `python` and `arguments` (and `environment`
    /// added), killing it after `timeout`; its JSON lines once it exited 0. Anything else throws with everything
    /// it printed.
    static func run(
        _ script: String, in folder: URL, with python: URL, _ arguments: [String], environment added: [String: String] = [:], timeout: Duration
    ) async throws -> Output {
        let environment = ["PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"].merging(added) { $1 }
        let finished = try await TestProcess.run(python, [folder.appendingPathComponent(script).path] + arguments, in: folder, environment: environment, timeout: timeout)
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
}

/// A client script that could not run, failed, or did not finish.
struct PythonClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
