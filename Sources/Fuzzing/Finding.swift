import Foundation

/// A violated property, with everything needed to reproduce it: the seed and iteration regenerate the request.
public struct Finding: Sendable {
    /// The property broken.
    public var property: Property
    /// What was seen.
    public var detail: String
    /// The campaign's seed.
    public var seed: UInt64
    /// The iteration (nil for a setup request or a health check).
    public var iteration: UInt64?
    /// The corpus (schema) of the server that answered.
    public var corpus: String
    /// How the request was made.
    public var recipe: String
    /// The request, truncated.
    public var request: String
    /// Seconds until the answer (or the failure).
    public var seconds: Double

    /// Creates a finding.
    public init(property: Property, detail: String, seed: UInt64, iteration: UInt64?, corpus: String, recipe: String, request: String, seconds: Double) {
        self.property = property
        self.detail = detail
        self.seed = seed
        self.iteration = iteration
        self.corpus = corpus
        self.recipe = recipe
        self.request = request
        self.seconds = seconds
    }

    /// Findings with the same signature are one problem seen again: the property and the detail with its
    /// numbers blurred; for an InternalError (whose message only names a request id), the operation instead; for
    /// a lost answer, a dead server or a slow one, the request's shapes.
    public var signature: String {
        var blurred = ""
        var inDigits = false
        for character in detail.prefix(120) {
            if character.isNumber {
                if !inDigits { blurred.append("#") }
                inDigits = true
            } else {
                inDigits = false
                blurred.append(character)
            }
        }
        if property == .slow || property == .answered || property == .alive {
            blurred = shapes
        } else if property == .internalError {
            blurred = recipe.split(separator: "/").prefix(2).joined(separator: "/")
        }
        return property.rawValue + ": " + blurred
    }

    /// The recipe's large or deep shapes (`deep-not`, `open-{`, `variables`, …) without their sizes, sorted; for
    /// a request without one, its envelope and operation. Crashes and slow answers are told apart by these.
    var shapes: String {
        let shaped = ["deep-", "open-", "fragment-", "variables-", "directives-", "aliases-", "duplicate-field-", "long-", "insert-long-", "body-", "open-brackets"]
        let parts = recipe.split(whereSeparator: { $0 == "/" || $0 == "+" }).map(String.init)
        var found = Set<String>()
        for part in parts where shaped.contains(where: { part.hasPrefix($0) }) {
            var name = part
            while let last = name.last, last.isNumber || last == "x" || last == "-" { name.removeLast() }
            found.insert(name)
        }
        if found.isEmpty { return parts.prefix(2).joined(separator: "/") }
        return found.sorted().joined(separator: " + ")
    }

    /// A few lines for a report.
    public var report: String {
        let place = iteration.map { "iteration \($0)" } ?? "setup"
        return """
            [\(property.rawValue)] \(detail)
              seed \(seed), \(place), schema \(corpus), \(String(format: "%.3f", seconds)) s, recipe \(recipe.prefix(200))
              \(request.replacingOccurrences(of: "\n", with: "\n  "))
            """
    }
}
