import ArgumentParser
import Foundation
import Fuzzing

/// `modelgraph-fuzz`: sends seeded hostile requests to running servers and prints what broke (scripts/fuzz starts
/// the servers and calls it).
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgraph-fuzz",
        abstract: "Send seeded hostile GraphQL requests to running ModelGraph servers and report the properties they break.",
        discussion: """
            Give one --url, --api-key and --corpus per server (paired in order); iteration i goes to server i mod count.
            The seed and an iteration number regenerate a request exactly: --show N prints request N without sending it.
            Exit status: 0 when nothing was found, 1 when something was, 2 when a server died.
            """
    )

    @Option(help: "A server's GraphQL URL, e.g. http://127.0.0.1:8080/graphql (repeatable).") var url: [String]
    @Option(help: "The API key of each --url, in the same order.") var apiKey: [String]
    @Option(help: "The schema each --url serves: \(Corpus.all.keys.sorted().joined(separator: ", ")) (default bench-blog for all).") var corpus: [String] = []
    @Option(help: "The seed (default: from the clock; printed).") var seed: UInt64?
    @Option(help: "Stop after this long: 90s, 10m, 2h.") var duration: String?
    @Option(help: "Stop after this many requests.") var requests: Int?
    @Option(help: "The first iteration (to continue a campaign).") var firstIteration: UInt64 = 0
    @Option(help: "An answer slower than this many seconds is a finding.") var slow: Double = 2
    @Option(help: "Seconds to wait for an answer before calling it lost.") var timeout: Double = 20
    @Option(help: "How big hostile values get: full, or quick (what the test suite sends).") var scale: String = "full"
    @Option(help: "Append one tab-separated line per distinct finding to this file (property, signature, count, seed, iteration, schema, seconds, detail, recipe).")
    var findings: String?
    @Option(help: "Print the request of this iteration (for the first --url) and exit.") var show: UInt64?
    @Flag(help: "Print each new kind of finding as it is seen.") var verbose = false

    func validate() throws {
        guard !url.isEmpty, url.count == apiKey.count else { throw ValidationError("Give one --api-key per --url.") }
        guard corpus.isEmpty || corpus.count == url.count else { throw ValidationError("Give one --corpus per --url, or none.") }
        for name in corpus where Corpus.all[name] == nil { throw ValidationError("Unknown corpus '\(name)'.") }
        guard GeneratorScale.named(scale) != nil else { throw ValidationError("--scale is quick or full.") }
        if let duration, Self.seconds(duration) == nil { throw ValidationError("--duration takes a number with s, m or h, e.g. 10m.") }
        guard duration != nil || requests != nil || show != nil else { throw ValidationError("Give --duration or --requests.") }
    }

    /// Seconds in `90`, `90s`, `10m` or `2h`.
    static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        if let last = text.last, let unit = units[last] { return Double(text.dropLast()).map { $0 * unit } }
        return Double(text)
    }

    func run() throws {
        let seed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        var targets: [FuzzTarget] = []
        for (index, address) in url.enumerated() {
            let corpus = Corpus.all[corpus.isEmpty ? "bench-blog" : corpus[index]]!
            guard let target = FuzzTarget(url: address, apiKey: apiKey[index], corpus: corpus) else {
                throw ValidationError("--url must look like http://host:port/graphql; got \(address).")
            }
            targets.append(target)
        }
        if let show {
            let target = targets[0]
            let generator = RequestGenerator(corpus: target.corpus, apiKey: target.apiKey, scale: GeneratorScale.named(scale)!)
            print(generator.request(seed: seed, iteration: show).summary(limit: 100_000))
            return
        }
        var options = CampaignOptions(seed: seed, requests: requests, duration: duration.flatMap(Self.seconds))
        options.firstIteration = firstIteration
        options.slowBound = slow
        options.timeout = timeout
        options.scale = GeneratorScale.named(scale)!
        print("modelgraph-fuzz: seed \(seed), \(targets.map(\.corpus.name).joined(separator: " + ")), starting at iteration \(firstIteration)")
        let campaign = Campaign(targets: targets, options: options)
        campaign.log = { line in if verbose || !line.hasPrefix("new finding") { print(line) } }
        let report = campaign.run()
        print(report.summary())
        // For scripts/fuzz, which restarts a server that died and carries on from here.
        print("next iteration: \(report.lastIteration)")
        if let findings { try append(report, to: findings) }
        if report.stopReason != nil { throw ExitCode(2) }
        if report.findingCount > 0 { throw ExitCode(1) }
    }

    /// Appends one tab-separated line per distinct finding: property, signature, count, then the first finding's
    /// seed, iteration, schema, seconds, detail and recipe (tabs and newlines in fields become spaces).
    func append(_ report: CampaignReport, to path: String) throws {
        func clean(_ text: String) -> String { text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ⏎ ") }
        var text = ""
        for group in report.groups {
            guard let finding = group.findings.first else { continue }
            let fields = [
                finding.property.rawValue, group.signature, String(group.count), String(finding.seed), finding.iteration.map(String.init) ?? "setup",
                finding.corpus, String(format: "%.3f", finding.seconds), finding.detail, finding.recipe,
            ]
            text += fields.map(clean).joined(separator: "\t") + "\n"
        }
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
