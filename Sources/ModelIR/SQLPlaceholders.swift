/// The `:name` placeholders of a SQL handler's statement, turned into `$1…$n` parameters: the argument values
/// are bound, never written into the text. The scan skips what PostgreSQL reads as text rather than SQL: string
/// literals (`'…'`, `E'…'` with backslash escapes), quoted identifiers, dollar-quoted bodies (`$tag$…$tag$`),
/// comments (`--` and nested `/* */`) and casts (`::type`). The same name twice is the same parameter.
package struct SQLPlaceholders: Equatable, Sendable, Codable {
    /// The statement with each placeholder replaced by its `$n`.
    package var text: String
    /// The argument named by each parameter: `names[0]` is `$1`.
    package var names: [String]
    /// The statement as the schema wrote it.
    package var original: String

    /// Why a statement cannot be used.
    package enum Problem: Error, Equatable, Sendable {
        /// A string, identifier, dollar quote or comment is not closed.
        case unterminated(String)
        /// More than one statement (a `;` followed by more SQL).
        case severalStatements
        /// The statement already uses `$n` parameters, which only the placeholders may produce.
        case positionalParameter
        /// Nothing but white space and comments.
        case empty
    }

    /// The statement with the placeholders of `casts` (argument name → SQL type) written `$n::type`: for the
    /// ones whose type PostgreSQL cannot tell from where they stand (`SELECT :x`).
    package func casting(_ casts: [String: String]) throws(Problem) -> SQLPlaceholders {
        try Self.scan(original, casts: casts)
    }

    /// Scans `statement`; a final `;` is dropped. A placeholder named in `casts` gets that type.
    package static func scan(_ statement: String, casts: [String: String] = [:]) throws(Problem) -> SQLPlaceholders {
        let characters = Array(statement.unicodeScalars)
        var output = String.UnicodeScalarView()
        var names: [String] = []
        var index = 0
        var sawSQL = false
        var endedAt: Int?
        func isNameStart(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || (scalar.properties.isAlphabetic && scalar.isASCII) }
        func isNamePart(_ scalar: Unicode.Scalar) -> Bool { isNameStart(scalar) || ("0"..."9").contains(scalar) }
        while index < characters.count {
            let scalar = characters[index]
            let next: Unicode.Scalar? = index + 1 < characters.count ? characters[index + 1] : nil
            if endedAt != nil, !scalar.properties.isWhitespace, !(scalar == "-" && next == "-"), !(scalar == "/" && next == "*") {
                throw .severalStatements
            }
            switch scalar {
            case "'":
                let escapes = index > 0 && (characters[index - 1] == "E" || characters[index - 1] == "e")
                let end = try closing(of: characters, from: index, quote: "'", backslashEscapes: escapes)
                output.append(contentsOf: characters[index...end])
                index = end + 1
                sawSQL = true
            case "\"":
                let end = try closing(of: characters, from: index, quote: "\"", backslashEscapes: false)
                output.append(contentsOf: characters[index...end])
                index = end + 1
                sawSQL = true
            case "-" where next == "-":
                var end = index
                while end < characters.count, characters[end] != "\n" { end += 1 }
                output.append(contentsOf: characters[index..<end])
                index = end
            case "/" where next == "*":
                let end = try commentEnd(of: characters, from: index)
                output.append(contentsOf: characters[index...end])
                index = end + 1
            case "$" where next.map { ("0"..."9").contains($0) } == true:
                throw .positionalParameter
            case "$":
                // A dollar quote: `$$` or `$tag$`, closed by the same delimiter.
                var tagEnd = index + 1
                while tagEnd < characters.count, isNamePart(characters[tagEnd]) { tagEnd += 1 }
                guard tagEnd < characters.count, characters[tagEnd] == "$" else {
                    output.append(scalar)
                    index += 1
                    continue
                }
                let delimiter = Array(characters[index...tagEnd])
                var search = tagEnd + 1
                var found: Int?
                while search + delimiter.count <= characters.count {
                    if Array(characters[search..<(search + delimiter.count)]) == delimiter {
                        found = search
                        break
                    }
                    search += 1
                }
                guard let found else { throw .unterminated("dollar-quoted text opened with \(String(String.UnicodeScalarView(delimiter)))") }
                output.append(contentsOf: characters[index..<(found + delimiter.count)])
                index = found + delimiter.count
                sawSQL = true
            case ":" where next == ":":
                output.append(contentsOf: [scalar, scalar])
                index += 2
            case ":" where next.map(isNameStart) == true:
                var end = index + 1
                while end < characters.count, isNamePart(characters[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(characters[(index + 1)..<end]))
                if !names.contains(name) { names.append(name) }
                output.append(contentsOf: "$\(names.firstIndex(of: name)! + 1)".unicodeScalars)
                if let type = casts[name] { output.append(contentsOf: "::\(type)".unicodeScalars) }
                index = end
                sawSQL = true
            case ";":
                endedAt = output.count
                index += 1
            default:
                if !scalar.properties.isWhitespace { sawSQL = true }
                output.append(scalar)
                index += 1
            }
        }
        guard sawSQL else { throw .empty }
        var text = String(output)
        while let last = text.unicodeScalars.last, last.properties.isWhitespace { text.unicodeScalars.removeLast() }
        return SQLPlaceholders(text: text, names: names, original: statement)
    }

    /// The index of the quote closing the one at `start` (a doubled quote is an escaped one).
    private static func closing(of characters: [Unicode.Scalar], from start: Int, quote: Unicode.Scalar, backslashEscapes: Bool) throws(Problem) -> Int {
        var index = start + 1
        while index < characters.count {
            if backslashEscapes, characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == quote {
                if index + 1 < characters.count, characters[index + 1] == quote {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        throw .unterminated(quote == "'" ? "a string literal" : "a quoted identifier")
    }

    /// The index of the `/` ending the (possibly nested) comment opened at `start`.
    private static func commentEnd(of characters: [Unicode.Scalar], from start: Int) throws(Problem) -> Int {
        var depth = 0
        var index = start
        while index + 1 < characters.count {
            if characters[index] == "/", characters[index + 1] == "*" {
                depth += 1
                index += 2
            } else if characters[index] == "*", characters[index + 1] == "/" {
                depth -= 1
                if depth == 0 { return index + 1 }
                index += 2
            } else {
                index += 1
            }
        }
        throw .unterminated("a comment")
    }
}
