import Foundation

/// Where the PostgreSQL server binaries are.
enum PostgresBinaries {
    /// The folder with `initdb` and `pg_ctl`: the first on PATH, else the newest /usr/lib/postgresql/*/bin.
    static func find() -> URL? {
        let fileManager = FileManager.default
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder))
            if fileManager.isExecutableFile(atPath: url.appendingPathComponent("initdb").path),
                fileManager.isExecutableFile(atPath: url.appendingPathComponent("pg_ctl").path)
            {
                return url
            }
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? []).compactMap { Int($0) }.sorted(by: >)
        for version in versions {
            let url = URL(fileURLWithPath: "\(root)/\(version)/bin")
            if fileManager.isExecutableFile(atPath: url.appendingPathComponent("pg_ctl").path) { return url }
        }
        return nil
    }
}
