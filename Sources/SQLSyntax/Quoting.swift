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

    private static func quoted(_ text: String, by quote: Character) -> String {
        var result = String(quote)
        result.reserveCapacity(text.utf8.count + 2)
        for character in text where character != "\u{0}" {
            if character == quote { result.append(quote) }
            result.append(character)
        }
        result.append(quote)
        return result
    }
}
