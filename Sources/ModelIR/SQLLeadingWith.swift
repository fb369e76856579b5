import SQLSyntax

/// A statement's own `WITH` list, split from the statement it leads to: `WITH a AS (INSERT …) UPDATE …` is the
/// list `a AS (INSERT …)` and the statement `UPDATE …`. PostgreSQL accepts a data-modifying `WITH` only at the
/// top of a statement, so a handler's statement that has one is wrapped by appending to its list rather than
/// by nesting it. Strings, quoted identifiers, dollar quotes and comments are skipped as the server reads them.
package struct SQLLeadingWith: Equatable, Sendable {
    /// `WITH` or `WITH RECURSIVE`.
    package var keyword: String
    /// The list's entries as written, without the keyword.
    package var list: String
    /// The statement after the list.
    package var statement: String

    /// The split of `text`, or nil when it does not start with a `WITH` list (or the list cannot be read).
    package static func split(_ text: String) -> SQLLeadingWith? {
        var cursor = Cursor(Array(text.unicodeScalars))
        cursor.skipTrivia()
        guard cursor.word()?.lowercased() == "with" else { return nil }
        var keyword = "WITH"
        let afterWith = cursor.index
        cursor.skipTrivia()
        if cursor.word()?.lowercased() == "recursive" { keyword = "WITH RECURSIVE" } else { cursor.index = afterWith }
        let listStart = cursor.index
        while true {
            cursor.skipTrivia()
            guard cursor.word() != nil || cursor.quotedIdentifier() else { return nil }
            cursor.skipTrivia()
            if cursor.peek == "(" {
                guard cursor.group() else { return nil }
                cursor.skipTrivia()
            }
            guard cursor.word()?.lowercased() == "as" else { return nil }
            cursor.skipTrivia()
            // `[NOT] MATERIALIZED`
            let beforeHint = cursor.index
            if let hint = cursor.word()?.lowercased() {
                if hint == "not" {
                    cursor.skipTrivia()
                    guard cursor.word()?.lowercased() == "materialized" else { return nil }
                } else if hint != "materialized" {
                    cursor.index = beforeHint
                }
                cursor.skipTrivia()
            }
            guard cursor.peek == "(", cursor.group() else { return nil }
            let listEnd = cursor.index
            cursor.skipTrivia()
            if cursor.peek == "," {
                cursor.index += 1
                continue
            }
            let list = String(String.UnicodeScalarView(cursor.characters[listStart..<listEnd]))
            let statement = String(String.UnicodeScalarView(cursor.characters[cursor.index...]))
            return SQLLeadingWith(keyword: keyword, list: list.trimmingSpaces, statement: statement)
        }
    }

    /// A reader of SQL text that knows what is not SQL.
    private struct Cursor {
        let characters: [Unicode.Scalar]
        var index = 0

        init(_ characters: [Unicode.Scalar]) { self.characters = characters }

        var peek: Unicode.Scalar? { index < characters.count ? characters[index] : nil }

        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < characters.count ? characters[index + offset] : nil }

        /// Skips white space and comments.
        mutating func skipTrivia() {
            while let scalar = peek {
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "-", at(1) == "-" {
                    while let next = peek, next != "\n" { index += 1 }
                } else if scalar == "/", at(1) == "*" {
                    var depth = 0
                    while index < characters.count {
                        if peek == "/", at(1) == "*" {
                            depth += 1
                            index += 2
                        } else if peek == "*", at(1) == "/" {
                            depth -= 1
                            index += 2
                            if depth == 0 { break }
                        } else {
                            index += 1
                        }
                    }
                } else {
                    return
                }
            }
        }

        /// A bare word (letters, digits, `_`, `$`).
        mutating func word() -> String? {
            let start = index
            while let scalar = peek, scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { index += 1 }
            return index > start ? String(String.UnicodeScalarView(characters[start..<index])) : nil
        }

        /// A `"quoted"` identifier.
        mutating func quotedIdentifier() -> Bool {
            guard peek == "\"" else { return false }
            return skipQuoted("\"")
        }

        /// Skips a quoted run opened at `index` (a doubled quote stays inside).
        private mutating func skipQuoted(_ quote: Unicode.Scalar, backslashes: Bool = false) -> Bool {
            index += 1
            while let scalar = peek {
                if backslashes, scalar == "\\" {
                    index += 2
                    continue
                }
                index += 1
                if scalar == quote {
                    if peek == quote {
                        index += 1
                        continue
                    }
                    return true
                }
            }
            return false
        }

        /// Skips a parenthesized group and what it nests.
        mutating func group() -> Bool {
            var depth = 0
            while let scalar = peek {
                switch scalar {
                case "(":
                    depth += 1
                    index += 1
                case ")":
                    depth -= 1
                    index += 1
                    if depth == 0 { return true }
                case "'":
                    let escapes = index > 0 && (characters[index - 1] == "E" || characters[index - 1] == "e")
                    guard skipQuoted("'", backslashes: escapes) else { return false }
                case "\"":
                    guard skipQuoted("\"") else { return false }
                case "-" where at(1) == "-", "/" where at(1) == "*":
                    skipTrivia()
                case "$":
                    guard skipDollarQuote() else { return false }
                default:
                    index += 1
                }
            }
            return false
        }

        /// Skips `$tag$…$tag$` (or a lone `$`, as in `$1`).
        private mutating func skipDollarQuote() -> Bool {
            var end = index + 1
            while end < characters.count, characters[end] == "_" || characters[end].properties.isAlphabetic { end += 1 }
            guard end < characters.count, characters[end] == "$" else {
                index += 1
                return true
            }
            let delimiter = Array(characters[index...end])
            var search = end + 1
            while search + delimiter.count <= characters.count {
                if Array(characters[search..<(search + delimiter.count)]) == delimiter {
                    index = search + delimiter.count
                    return true
                }
                search += 1
            }
            return false
        }
    }
}

extension String {
    /// The text without leading and trailing white space.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension SQLPlaceholders {
    /// The `WITH` clause that names this (data-modifying) statement's rows `alias`, for a statement to select
    /// from: appended to the statement's own `WITH` list when it has one, which PostgreSQL requires.
    package func rowsClause(as alias: String) -> String {
        let name = Quoting.identifier(alias)
        guard let split = SQLLeadingWith.split(text) else { return "WITH \(name) AS (\(text)) " }
        return "\(split.keyword) \(split.list), \(name) AS (\(split.statement)) "
    }
}
