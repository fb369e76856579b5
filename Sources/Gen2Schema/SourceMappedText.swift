import ModelIR

/// Generated text that remembers where in the schema file each part of it comes from: every line starts with
/// the origin of the piece that began it, and a piece appended mid-line (a rule of an `@auth` list, say) starts
/// a segment with its own origin, so a problem found later in the generated SDL is reported where the user
/// wrote the part it concerns.
struct SourceMappedText: Sendable {
    /// Where a part of a line starts (a 1-based column) and where it comes from.
    struct Segment: Sendable, Equatable {
        var column: Int
        var origin: SourceLocation
    }

    /// The text.
    private(set) var text = ""
    /// The segments of each line (index 0 is line 1), in column order; every line has at least one.
    private(set) var lines: [[Segment]] = []
    /// The length of the last line, in characters.
    private var lastLineLength = 0

    /// The origin of each line: that of its first segment.
    var origins: [SourceLocation] { lines.map { $0[0].origin } }

    /// Appends `piece`: its first part continues the current line (as a new segment when it adds text), and every
    /// line it starts begins with `location`.
    mutating func append(_ piece: String, at location: SourceLocation) {
        if lines.isEmpty { lines.append([Segment(column: 1, origin: location)]) }
        var first = true
        for part in piece.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first {
                text += "\n"
                lines.append([Segment(column: 1, origin: location)])
                lastLineLength = 0
            } else if !part.isEmpty && lastLineLength > 0 && lines[lines.count - 1].last?.origin != location {
                lines[lines.count - 1].append(Segment(column: lastLineLength + 1, origin: location))
            }
            text += part
            lastLineLength += part.count
            first = false
        }
    }

    /// Appends another mapped text, whose first line continues the current one.
    mutating func append(_ other: SourceMappedText) {
        guard !other.lines.isEmpty else { return }
        guard !lines.isEmpty else {
            self = other
            return
        }
        let offset = lastLineLength
        let continued = other.lines[0].map { Segment(column: $0.column + offset, origin: $0.origin) }
        // An empty current line takes the other's origins; a non-empty one gains them as segments.
        if offset == 0 { lines[lines.count - 1] = continued } else { lines[lines.count - 1] += continued }
        lines += other.lines.dropFirst()
        text += other.text
        lastLineLength = other.lines.count > 1 ? other.lastLineLength : offset + other.lastLineLength
    }

    /// The origin of the text at `line` and `column` (1-based), clamped into the text.
    func origin(line: Int, column: Int) -> SourceLocation? {
        guard !lines.isEmpty else { return nil }
        let segments = lines[min(max(line, 1), lines.count) - 1]
        return segments.last { $0.column <= column }?.origin ?? segments[0].origin
    }
}
