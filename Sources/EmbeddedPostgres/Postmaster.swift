import Foundation

/// What `postmaster.pid` in a data directory says about the server that wrote it, and whether that server is
/// still alive.
struct Postmaster {
    /// The postmaster's process id.
    var pid: pid_t
    /// The port that names its socket file (`.s.PGSQL.<port>`).
    var port: Int
    /// The folder holding its unix socket.
    var socketDirectory: String

    /// Reads `postmaster.pid` of `data`; nil when there is none or it is incomplete (a server still starting).
    static func read(data: URL) -> Postmaster? {
        guard let text = try? String(contentsOf: data.appendingPathComponent("postmaster.pid"), encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 4, let pid = pid_t(lines[0]), pid > 0, let port = Int(lines[3]) else { return nil }
        return Postmaster(pid: pid, port: port, socketDirectory: lines[4])
    }

    /// True while process `pid` runs. Reaps it first when it is our own child that has exited (a process run as
    /// pid 1, as in a container, inherits the postmaster), and counts a zombie as exited.
    static func isAlive(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            {
                // The state follows the command name in parentheses: "1234 (postgres) Z …".
                let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
                if state == "Z" || state == "X" { return false }
            }
        #endif
        return true
    }

    /// True when this server is alive and is a PostgreSQL server of `data` (not a process that got its pid
    /// after it died). On Linux the postmaster's working directory is its data directory; elsewhere being
    /// alive is all that can be checked.
    func isRunning(data: URL) -> Bool {
        guard Self.isAlive(pid) else { return false }
        #if os(Linux)
            guard let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd") else {
                return (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)")) == nil
            }
            return URL(fileURLWithPath: cwd).resolvingSymlinksInPath().path == data.resolvingSymlinksInPath().path
        #else
            return true
        #endif
    }
}
