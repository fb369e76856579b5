import Foundation

/// What a campaign found: every finding counted by property and by signature, the first few of each signature
/// kept whole, and the time per request.
public struct CampaignReport: Sendable {
    /// The campaign's seed.
    public var seed: UInt64
    /// The name of the generator's scale.
    public var scale: String
    /// Requests sent (setup included).
    public var requests = 0
    /// The iteration after the last one sent.
    public var lastIteration: UInt64 = 0
    /// Wall-clock seconds.
    public var seconds = 0.0
    /// Why the campaign stopped before its limit, if it did.
    public var stopReason: String?
    /// Findings by property.
    public private(set) var countsByProperty: [Property: Int] = [:]
    /// Signatures in the order first seen, with their count and the first findings kept.
    public private(set) var groups: [(signature: String, count: Int, findings: [Finding])] = []
    private var groupIndex: [String: Int] = [:]
    private var durations: [Double] = []
    let keepPerSignature: Int

    /// An empty report.
    public init(seed: UInt64, scale: String = GeneratorScale.full.name, keepPerSignature: Int = 3) {
        self.seed = seed
        self.scale = scale
        self.keepPerSignature = keepPerSignature
    }

    /// All findings counted.
    public var findingCount: Int { countsByProperty.values.reduce(0, +) }

    /// The findings kept (the first few of each signature).
    public var keptFindings: [Finding] { groups.flatMap(\.findings) }

    /// Records a finding; true when its signature is new.
    @discardableResult
    public mutating func add(_ finding: Finding) -> Bool {
        countsByProperty[finding.property, default: 0] += 1
        let signature = finding.signature
        if let index = groupIndex[signature] {
            groups[index].count += 1
            if groups[index].findings.count < keepPerSignature { groups[index].findings.append(finding) }
            return false
        }
        groupIndex[signature] = groups.count
        groups.append((signature, 1, [finding]))
        return true
    }

    mutating func record(seconds: Double) {
        if durations.count < 1_000_000 { durations.append(seconds) }
    }

    /// The summary: counts per property, time per request, then each distinct finding with its first example.
    public func summary(examplesPerSignature: Int = 1, maximumSignatures: Int = 40) -> String {
        var lines: [String] = []
        lines.append(
            "seed \(seed): \(requests) requests in \(String(format: "%.1f", seconds)) s, last iteration \(lastIteration), \(findingCount) findings, \(groups.count) distinct")
        if let stopReason { lines.append("stopped early: \(stopReason)") }
        if !groups.isEmpty {
            lines.append(
                "to send one request again: modelgraph-fuzz --seed \(seed) --scale \(scale) --first-iteration N --requests 1 --url URL --api-key KEY --corpus SCHEMA (--show N prints it)"
            )
        }
        let sorted = durations.sorted()
        if !sorted.isEmpty {
            func quantile(_ q: Double) -> String { String(format: "%.1f ms", sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000) }
            lines.append("time per request: p50 \(quantile(0.5)), p99 \(quantile(0.99)), max \(quantile(1))")
        }
        for property in countsByProperty.keys.sorted() {
            lines.append("  \(property.rawValue): \(countsByProperty[property]!)")
        }
        for group in groups.prefix(maximumSignatures) {
            lines.append("")
            lines.append("× \(group.count)  \(group.signature)")
            for finding in group.findings.prefix(examplesPerSignature) { lines.append(finding.report) }
        }
        if groups.count > maximumSignatures { lines.append("… and \(groups.count - maximumSignatures) more distinct findings") }
        return lines.joined(separator: "\n")
    }
}
