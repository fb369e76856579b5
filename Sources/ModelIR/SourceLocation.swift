/// A position in a schema file, 1-based, so any later stage can point back at the line a user wrote.
package struct SourceLocation: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file the position is in, as the user named it (nil for in-memory sources).
    package var file: String?
    /// 1-based line number.
    package var line: Int
    /// 1-based column number, counted in characters.
    package var column: Int

    /// Creates a location.
    package init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and terminals turn into links.
    package var description: String {
        "\(file ?? "<schema>"):\(line):\(column)"
    }
}
