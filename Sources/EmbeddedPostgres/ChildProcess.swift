import Foundation

/// Runs a program to completion with `posix_spawn` and `waitpid`, its output sent to a file. Foundation's
/// `Process` was seen leaving `runuser` as a zombie and never returning from `waitUntilExit` here.
enum ChildProcess {
    /// Runs `path` with `arguments`; returns the exit status and everything it printed.
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("modelgraph-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        closeInheritedDescriptors(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw EmbeddedPostgres.Failure(description: "could not start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { break }
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not
    /// export; nil where the C library lacks it.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = {
        dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }
    }()

    /// Closes every descriptor above standard error in the child. pg_ctl starts the postmaster, which outlives
    /// us; a descriptor it inherited (a listening socket, the cluster's lock file) would stay open, or locked,
    /// after we exit. Our own descriptors are close-on-exec too; this also covers any a library left inheritable.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if os(Linux)
            _ = addCloseFrom?(&actions, 3)
        #endif
    }
}
