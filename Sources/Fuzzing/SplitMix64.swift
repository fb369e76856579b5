/// SplitMix64, a tiny pseudo-random generator whose output depends only on its seed: the same seed gives the
/// same sequence on every platform and Swift version (unlike `SystemRandomNumberGenerator`, and unlike the
/// standard library's `random(in:using:)`, whose algorithm is not promised to stay the same).
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator started from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one iteration of a campaign: each (seed, iteration) pair has its own stream, so one
    /// request can be regenerated without generating the ones before it.
    public init(seed: UInt64, iteration: UInt64) {
        var mixer = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        state = mixer.next() ^ (iteration &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), by multiply-shift: no modulo bias worth caring about for fuzzing,
    /// and no platform-dependent rejection loop.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent` / 100.
    public mutating func percent(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
