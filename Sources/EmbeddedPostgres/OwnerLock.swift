import Foundation

/// The lock that makes one process the owner of a cluster folder: `modelgraph.lock` in the folder, held with
/// `flock` for as long as the owner uses the cluster. The kernel drops the lock when the owner exits in any
/// way, `kill -9` included, so a lock is never stale; the file's content (the owner's pid) is only for messages.
struct OwnerLock {
    /// What trying to take the lock found.
    enum Outcome {
        /// The lock is ours until `release()`.
        case acquired(OwnerLock)
        /// Another process holds it; its pid when it has written one.
        case heldBy(pid_t?)
    }

    /// The open lock file. Opened close-on-exec: a child (pg_ctl, and through it the postmaster) that kept it
    /// open would hold the lock after we exit.
    private let descriptor: Int32

    /// The lock file of the cluster folder `directory`.
    static func path(in directory: URL) -> String {
        directory.appendingPathComponent("modelgraph.lock").path
    }

    /// Takes the lock without waiting, and records our pid in the file when it is ours.
    static func acquire(in directory: URL) throws -> Outcome {
        let path = path(in: directory)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw EmbeddedPostgres.Failure(description: "could not open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            let owner = readPID(descriptor)
            close(descriptor)
            if error == EWOULDBLOCK { return .heldBy(owner) }
            throw EmbeddedPostgres.Failure(description: "could not lock \(path): \(String(cString: strerror(error)))")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return .acquired(OwnerLock(descriptor: descriptor))
    }

    /// Gives the lock up (closing the file releases the `flock`).
    func release() {
        close(descriptor)
    }

    /// The pid written in the lock file, if any.
    private static func readPID(_ descriptor: Int32) -> pid_t? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return pid_t(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
