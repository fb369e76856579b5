import Foundation
import TestSupport
import Testing

/// The process's memory stays bounded while clients send distinct large documents: caches hold bytes, not
/// entries. Measured on a real `modelgraph serve` process through /proc.
@Suite("Memory bounded under distinct large documents")
struct MemoryBoundTests {
    /// A memory figure of process `pid` from /proc (`VmRSS:` now, `VmHWM:` its peak so far), in megabytes.
    static func megabytes(_ pid: Int32, _ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    static func residentMegabytes(_ pid: Int32) -> Int { megabytes(pid, "VmRSS:") }

    @Test(
        "40 distinct 25 KB documents (about 2.5 MB of cached plans each), then 2,000 distinct 2 KB ones, leave RSS within the 8 MB cache budget plus slack", .timeLimit(.minutes(5))
    )
    func distinctDocuments() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, key, _) = try await ShutdownTests.serve(database: database, folder: folder, arguments: ["--cache-memory", "8"])
        defer { process.terminate() }
        for index in 0..<5 { _ = try await ShutdownTests.post(port: port, key: key, query: "{ listTeams { items { id } } } # warm \(index)") }
        let before = Self.residentMegabytes(process.processIdentifier)
        for index in 0..<40 {
            let query = "{ listTeams { items { " + String(repeating: "id mantra ", count: 2500) + "} } } # \(index)"
            let (status, body) = try await ShutdownTests.post(port: port, key: key, query: query)
            #expect(status == 200 && body.hasPrefix("{\"data\":{\"listTeams\""), "\(body.prefix(200))")
        }
        let after = Self.residentMegabytes(process.processIdentifier)
        // Unbounded, the 40 documents and their plans held about 100 MB.
        #expect(after - before < 8 + 48, "RSS grew from \(before) MB to \(after) MB")
        // Thousands more, smaller: 2,000 distinct 2 KB documents (about 160 MB of cache entries unbounded), four
        // at a time.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    for index in stride(from: lane, to: 2000, by: 4) {
                        let query = "{ listTeams { items { " + String(repeating: "id mantra ", count: 200) + "} } } # many \(index)"
                        let (status, _) = try await ShutdownTests.post(port: port, key: key, query: query)
                        #expect(status == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
        let end = Self.residentMegabytes(process.processIdentifier)
        #expect(end - before < 8 + 48, "RSS grew from \(before) MB to \(end) MB after 2,040 documents")
    }
}
