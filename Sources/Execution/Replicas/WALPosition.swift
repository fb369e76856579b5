/// A position in PostgreSQL's write-ahead log (an LSN), printed as PostgreSQL prints `pg_lsn`: two hexadecimal
/// halves, `16/B374D848`. Positions only grow, so a replica that has replayed position P has every transaction
/// whose commit record ends at or before P.
package struct WALPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The position as one 64-bit number.
    package var value: UInt64

    /// The position `value`.
    package init(_ value: UInt64) {
        self.value = value
    }

    /// Reads `X/Y` (what `pg_lsn` prints, and what the `x-modelgraph-lsn` header carries); nil for anything else.
    package init?(_ text: some StringProtocol) {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let high = UInt32(halves[0], radix: 16), let low = UInt32(halves[1], radix: 16),
            halves.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isHexDigit) })
        else { return nil }
        value = UInt64(high) << 32 | UInt64(low)
    }

    /// A write whose commit position could not be read: no replica can be shown to have it, so reads that must
    /// see it go to the primary.
    package static let unknown = WALPosition(.max)

    /// `X/Y` in upper-case hexadecimal, as PostgreSQL prints it.
    package var description: String {
        String(value >> 32, radix: 16, uppercase: true) + "/" + String(value & 0xFFFF_FFFF, radix: 16, uppercase: true)
    }

    /// Orders positions along the log.
    package static func < (left: WALPosition, right: WALPosition) -> Bool {
        left.value < right.value
    }
}
