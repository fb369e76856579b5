import Foundation

/// A server to fuzz: where it listens, its key, and the corpus of the schema it serves.
public struct FuzzTarget: Sendable {
    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: Int
    /// A valid API key.
    public var apiKey: String
    /// The corpus of the schema it serves.
    public var corpus: Corpus

    /// Creates a target from `http://host:port/graphql`; nil when the URL is not of that form.
    public init?(url: String, apiKey: String, corpus: Corpus) {
        guard url.hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        guard rest.dropFirst(authority.count) == "/graphql" || rest.dropFirst(authority.count).isEmpty,
            let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...])
        else { return nil }
        host = String(authority[..<colon])
        self.port = port
        self.apiKey = apiKey
        self.corpus = corpus
    }
}

/// How long a campaign runs and what it tolerates.
public struct CampaignOptions: Sendable {
    /// The seed: with the iteration number, it decides each request.
    public var seed: UInt64
    /// Stop after this many requests (nil: no limit).
    public var requests: Int?
    /// Stop after this many seconds (nil: no limit).
    public var duration: Double?
    /// The first iteration (to continue a campaign after a restart).
    public var firstIteration: UInt64 = 0
    /// `GET /healthz` after every this many requests.
    public var healthEvery = 25
    /// An answer slower than this many seconds is a finding.
    public var slowBound = 2.0
    /// A request without an answer after this many seconds is a finding.
    public var timeout = 20.0
    /// `GET /healthz` without an answer after this many seconds means the server died or hung.
    public var healthTimeout = 5.0
    /// Findings kept per signature (all are counted).
    public var keepPerSignature = 3
    /// How big hostile values get.
    public var scale = GeneratorScale.full

    /// Options for `seed`.
    public init(seed: UInt64, requests: Int? = nil, duration: Double? = nil) {
        self.seed = seed
        self.requests = requests
        self.duration = duration
    }
}

/// Sends generated requests to one or more servers (iteration i goes to target i mod count), checks every
/// answer with the oracle, checks the servers stay alive, and stops early when one of them dies.
public final class Campaign {
    let targets: [FuzzTarget]
    let options: CampaignOptions
    private var connections: [HTTPConnection]
    private var healthConnections: [HTTPConnection]
    private var report: CampaignReport
    /// The last request sent to each target and its iteration, blamed when the target stops answering.
    private var lastSent: [(FuzzRequest, UInt64?)?]
    /// Called with a line now and then (progress, and each new kind of finding).
    public var log: (String) -> Void = { _ in }

    /// A campaign against `targets` (at least one).
    public init(targets: [FuzzTarget], options: CampaignOptions) {
        precondition(!targets.isEmpty, "a campaign needs a target")
        self.targets = targets
        self.options = options
        connections = targets.map { HTTPConnection(host: $0.host, port: $0.port) }
        healthConnections = targets.map { HTTPConnection(host: $0.host, port: $0.port) }
        lastSent = Array(repeating: nil, count: targets.count)
        report = CampaignReport(seed: options.seed, scale: options.scale.name, keepPerSignature: options.keepPerSignature)
    }

    /// Runs the setup requests of each corpus, then the campaign; returns what it found.
    public func run() -> CampaignReport {
        let started = HTTPConnection.now()
        for (index, target) in targets.enumerated() {
            for (step, document) in target.corpus.setup.enumerated() {
                let body = JSONFragment.object([("query", .text(document))]).bytes
                let request = FuzzRequest(
                    method: "POST", target: "/graphql", headers: [("x-api-key", target.apiKey), ("Content-Type", "application/json")], body: body, recipe: "setup-\(step)")
                guard send(request, to: index, iteration: nil) else { return finish(started) }
            }
        }
        var iteration = options.firstIteration
        var sent = 0
        while true {
            if let limit = options.requests, sent >= limit { break }
            if let duration = options.duration, HTTPConnection.now() - started >= duration { break }
            let index = Int(iteration % UInt64(targets.count))
            let target = targets[index]
            let request = RequestGenerator(corpus: target.corpus, apiKey: target.apiKey, scale: options.scale).request(seed: options.seed, iteration: iteration)
            guard send(request, to: index, iteration: iteration) else { break }
            sent += 1
            iteration += 1
            if sent % options.healthEvery == 0 {
                guard targets.indices.allSatisfy(healthy) else { break }
            }
            if sent % 500 == 0 { log("\(sent) requests, \(report.findingCount) findings") }
        }
        // `send` already moved it past a request that stopped the campaign.
        report.lastIteration = max(report.lastIteration, iteration)
        if report.stopReason == nil {
            for index in targets.indices where !healthy(index) { break }
        }
        return finish(started)
    }

    private func finish(_ started: Double) -> CampaignReport {
        report.seconds = HTTPConnection.now() - started
        return report
    }

    /// Sends one request and checks its answer; false when the campaign must stop (a server died).
    private func send(_ request: FuzzRequest, to index: Int, iteration: UInt64?) -> Bool {
        let target = targets[index]
        let started = HTTPConnection.now()
        let result = connections[index].send(request, host: "\(target.host):\(target.port)", timeout: options.timeout)
        let seconds = HTTPConnection.now() - started
        lastSent[index] = (request, iteration)
        report.requests += 1
        report.record(seconds: seconds)
        if let iteration { report.lastIteration = iteration + 1 }
        func found(_ violation: Violation) {
            let finding = Finding(
                property: violation.property, detail: violation.detail, seed: options.seed, iteration: iteration, corpus: target.corpus.name,
                recipe: request.recipe, request: request.summary(), seconds: seconds
            )
            if report.add(finding) { log("new finding: " + finding.report) }
        }
        switch result {
        case .failure(let failure):
            // A server that died or hung is one finding (server-alive), not two.
            if let problem = healthProblem(index) {
                found(Violation(property: .alive, detail: "no answer (\(failure.description)); then GET /healthz: \(problem): the server died or hung"))
                report.stopReason = "the \(target.corpus.name) server stopped answering"
                return false
            }
            found(Violation(property: .answered, detail: failure.description))
            return true
        case .success(let answer):
            for violation in Oracle.check(request, answer) { found(violation) }
            if seconds > options.slowBound {
                found(Violation(property: .slow, detail: String(format: "answered in %.2f s (bound %.2f s)", seconds, options.slowBound)))
            }
            return true
        }
    }

    /// What is wrong with `GET /healthz` (no answer within `healthTimeout`, or not 200), or nil when it answers 200.
    private func healthProblem(_ index: Int) -> String? {
        let target = targets[index]
        let probe = FuzzRequest(method: "GET", target: "/healthz", headers: [], body: [], recipe: "healthz")
        switch healthConnections[index].send(probe, host: "\(target.host):\(target.port)", timeout: options.healthTimeout) {
        case .success(let answer): return answer.status == 200 ? nil : "HTTP \(answer.status)"
        case .failure(let failure): return failure.description
        }
    }

    /// Whether `GET /healthz` answers 200; when it does not, records that the server died or hung (blaming the
    /// last request it was sent, which may have been answered before the server went) and returns false.
    private func healthy(_ index: Int) -> Bool {
        guard let problem = healthProblem(index) else { return true }
        let target = targets[index]
        let (request, iteration) = lastSent[index] ?? (nil, nil)
        let finding = Finding(
            property: .alive, detail: "GET /healthz: \(problem): the server died or hung after the request shown (or one shortly before it)",
            seed: options.seed, iteration: iteration, corpus: target.corpus.name, recipe: request?.recipe ?? "end of campaign",
            request: request?.summary() ?? "", seconds: 0
        )
        if report.add(finding) { log("new finding: " + finding.report) }
        report.stopReason = "the \(target.corpus.name) server stopped answering"
        return false
    }
}
