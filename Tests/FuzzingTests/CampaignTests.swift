import Fuzzing
import Testing

@Suite("Fuzzing: the campaign against a fake server")
struct CampaignTests {
    static func options(_ requests: Int) -> CampaignOptions {
        var options = CampaignOptions(seed: 3, requests: requests)
        options.scale = .quick
        options.healthEvery = 5
        // The fake server answers at once, or closes at once when it "dies"; the bounds only catch a hang, and
        // are wide because its threads may wait long for a core while the whole suite runs.
        options.timeout = 30
        options.healthTimeout = 30
        return options
    }

    static func target(_ server: FakeServer) throws -> FuzzTarget {
        try #require(FuzzTarget(url: "http://127.0.0.1:\(server.port)/graphql", apiKey: "k", corpus: .benchBlog))
    }

    @Test("a server that answers 500 with a non-contract body is reported on each property it breaks, and the campaign runs to its end")
    func badAnswers() throws {
        let server = try FakeServer(answer: FakeServer.response(500, #"{"error":"boom"}"#))
        defer { server.stop() }
        let report = Campaign(targets: [try Self.target(server)], options: Self.options(20)).run()
        #expect(report.stopReason == nil)
        #expect(report.requests == 20 + Corpus.benchBlog.setup.count)
        #expect(report.countsByProperty[.status] == report.requests)
        #expect(report.countsByProperty[.shape] ?? 0 >= report.requests)
        #expect(report.keptFindings.allSatisfy { $0.seed == 3 && !$0.request.isEmpty })
    }

    @Test("a server that stops answering ends the campaign early with a server-alive finding for the request that did it")
    func deadServer() throws {
        let server = try FakeServer(answer: FakeServer.response(200, #"{"data":{"a":1}}"#), dieAfter: 12)
        defer { server.stop() }
        let report = Campaign(targets: [try Self.target(server)], options: Self.options(100)).run()
        #expect(report.stopReason != nil)
        #expect(report.countsByProperty[.alive] == 1)
        let finding = try #require(report.keptFindings.first { $0.property == .alive })
        // Twelve answered (the setup's six, then iterations 0 to 5); iteration 6 got no answer.
        #expect(finding.iteration == 6)
        #expect(report.lastIteration == 7)
    }
}
