import ModelIR

/// Generated text that remembers, for each of its lines, the place in the schema file the line comes from, so
/// that a problem found later in the generated SDL is reported where the user wrote it.
struct SourceMappedText: Sendable {
    /// The text.
    private(set) var text = ""
    /// The origin of each line (index 0 is line 1).
    private(set) var origins: [SourceLocation] = []

    /// Appends `piece`; the current line keeps the origin it started with, and every line `piece` starts gets
    /// `location`.
    mutating func append(_ piece: String, at location: SourceLocation) {
        if origins.isEmpty { origins.append(location) }
        var first = true
        for part in piece.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first {
                text += "\n"
                origins.append(location)
            }
            text += part
            first = false
        }
    }

    /// Appends another mapped text.
    mutating func append(_ other: SourceMappedText) {
        guard !other.origins.isEmpty else { return }
        if origins.isEmpty {
            self = other
            return
        }
        var lines = other.text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        text += lines.next().map(String.init) ?? ""
        for (line, origin) in zip(IteratorSequence(lines), other.origins.dropFirst()) {
            text += "\n" + line
            origins.append(origin)
        }
    }
}
