/// How big the generator's hostile values get. `full` is for long campaigns against release servers; `quick`
/// keeps each request cheap enough for a test against a debug server, while still going deeper than the nesting
/// that breaks recursive parsers.
public struct GeneratorScale: Sendable, Equatable {
    /// `quick`, `full`, or a name for a custom scale.
    public var name: String
    /// Deepest nesting of brackets, filters or selections.
    public var maximumDepth: Int
    /// Most repetitions of one thing: aliases, variables, directives, copies of a field.
    public var maximumCount: Int
    /// Longest string or name, in characters.
    public var maximumLength: Int
    /// Whether bodies right at the 2 MiB limit are sent (reading one is slow in a debug build; bodies past the
    /// limit, which are refused unread, are always sent).
    public var bodiesAtTheLimit: Bool

    /// Creates a scale.
    public init(name: String, maximumDepth: Int, maximumCount: Int, maximumLength: Int, bodiesAtTheLimit: Bool) {
        self.name = name
        self.maximumDepth = maximumDepth
        self.maximumCount = maximumCount
        self.maximumLength = maximumLength
        self.bodiesAtTheLimit = bodiesAtTheLimit
    }

    /// Everything the generator knows.
    public static let full = GeneratorScale(name: "full", maximumDepth: 60_000, maximumCount: 20_000, maximumLength: 500_000, bodiesAtTheLimit: true)
    /// For the test suite.
    public static let quick = GeneratorScale(name: "quick", maximumDepth: 4_000, maximumCount: 300, maximumLength: 20_000, bodiesAtTheLimit: false)

    /// The scale named `quick` or `full`.
    public static func named(_ name: String) -> GeneratorScale? {
        ["quick": quick, "full": full][name]
    }
}

extension SplitMix64 {
    /// One of `sizes` no larger than `limit` (the smallest when none is).
    mutating func pick(_ sizes: [Int], upTo limit: Int) -> Int {
        let allowed = sizes.filter { $0 <= limit }
        return allowed.isEmpty ? sizes.min()! : pick(allowed)
    }
}
