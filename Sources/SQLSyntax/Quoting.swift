/// The only place identifiers and our own constant strings are turned into SQL text.
///
/// User-supplied values never pass through here: they travel as `$n` parameters. String constants are
/// for text the program or the schema author wrote (JSON keys, format patterns, DDL defaults).
package enum Quoting {
    /// `"name"` with embedded quotes doubled. NUL cannot appear in a PostgreSQL identifier and is dropped.
    package static func identifier(_ name: String) -> String {
        quoted(name, by: "\"")
    }

    /// `'text'` with embedded quotes doubled (standard_conforming_strings is on since PostgreSQL 9.1).
    package static func literal(_ text: String) -> String {
        quoted(text, by: "'")
    }

    /// Escapes by Unicode scalar, never by `Character`: a quote that forms one grapheme cluster with its
    /// neighbour (a prepend mark before it, a combining mark after it) is still a quote byte to PostgreSQL.
    private static func quoted(_ text: String, by quote: Unicode.Scalar) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(quote)
        for scalar in text.unicodeScalars where scalar != "\u{0}" {
            if scalar == quote { scalars.append(quote) }
            scalars.append(scalar)
        }
        scalars.append(quote)
        return String(scalars)
    }
}
