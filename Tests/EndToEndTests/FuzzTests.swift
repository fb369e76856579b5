import Foundation
import Fuzzing
import Testing

/// Hostile input against real servers (issue 15): seeded requests from the `Fuzzing` generator, every answer
/// checked by its oracle. The servers are child processes, so a request that kills one is reported as a finding
/// instead of taking the test runner down with it. `scripts/fuzz` runs the same campaign for longer.
@Suite("Fuzzing: hostile requests against live servers")
struct FuzzTests {
    /// The seed: a failure names it with the iteration, and
    /// `modelgraph-fuzz --scale quick --seed 20261124 --corpus <schema> --url http://x:1/graphql --api-key K --show N`
    /// prints the request.
    static let seed: UInt64 = 20_261_124

    /// Requests per server.
    static let requests = 1000

    @Test(
        "thousands of seeded hostile requests: every answer is HTTP with an allowed status and a JSON body of the contract's shape, no internal error or leak, written strings intact, the servers stay up within their memory"
    )
    func campaign() async throws {
        let blog = try await FuzzedServer.start(schema: "bench-blog")
        defer { blog.stop() }
        let catalog = try await FuzzedServer.start(schema: "catalog")
        defer { catalog.stop() }
        var options = CampaignOptions(seed: Self.seed, requests: Self.requests)
        // A debug server on a shared 2-core machine while the whole suite runs: the bound is for pathological
        // slowness (a quadratic step takes minutes), not for tuning; scripts/fuzz holds release builds to 2 s.
        options.slowBound = 60
        options.timeout = 60
        options.healthTimeout = 60
        options.healthEvery = 20
        options.scale = .quick
        // One campaign per server, side by side: while one server works, the other (or the client) can use the
        // second core.
        let blogTarget = try #require(FuzzTarget(url: blog.url, apiKey: blog.key, corpus: .benchBlog))
        let catalogTarget = try #require(FuzzTarget(url: catalog.url, apiKey: catalog.key, corpus: .catalog))
        async let blogReport = Self.run(blogTarget, options)
        async let catalogReport = Self.run(catalogTarget, options)
        let reports = [("bench-blog", blog, await blogReport), ("catalog", catalog, await catalogReport)]
        for (name, server, report) in reports {
            var message = "\(name): " + report.summary(examplesPerSignature: 1, maximumSignatures: 30)
            message += server.logLines(forRequestsIn: report.keptFindings.map(\.detail))
            if report.stopReason != nil { message += "\n\nend of the \(name) server's log:\n" + server.logTail() }
            #expect(report.findingCount == 0, "\(message)")
            // Memory per request: after a thousand hostile requests the server holds no more than its caches'
            // budget (128 MB) and a debug build's own size allow.
            let resident = MemoryBoundTests.residentMegabytes(server.process.processIdentifier)
            #expect(resident < 400, "\(name): \(resident) MB resident after the campaign")
        }
    }

    /// Runs a campaign against one server on its own thread (its socket I/O blocks).
    static func run(_ target: FuzzTarget, _ options: CampaignOptions) async -> CampaignReport {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Campaign(targets: [target], options: options).run()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
