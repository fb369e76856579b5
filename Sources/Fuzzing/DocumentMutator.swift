/// Token-level mutations of a GraphQL document: delete, insert or replace a token with a hostile one, duplicate a
/// field under new aliases, open thousands of brackets, stretch a string or a name.
enum DocumentMutator {
    /// Tokens that are out of place almost anywhere, or that stress the lexer.
    static let hostileTokens: [String] = [
        "{", "}", "[", "]", "(", ")", "\"", "\\", "$", "...", "@skip", "@skip(if: true)", "@include(if: false)", "@include(if: $nope)",
        "@deprecated", "@unknown", "99999999999", "1e400", "-0", "\"\"", "\"\"\"", "\"\"\"x\"\"\"", "null", "true", ":", "!", "=", "&", "|",
        "#", "__typename", "__schema { types { name } }", "on", "fragment", "query", "mutation", "subscription", "\"\\u0000\"",
        "\"\\ud800\"", "\"\\u{1F600}\"", "\u{0}", "\u{FEFF}", "\u{00A0}", "é", "😀", "$var", "$_", "0x1F", "1.", ".5", "1e", "--1",
        "\"unterminated", "\"\\x\"", "9223372036854775808", "-2147483649", "2147483648", "limit: -1", "limit: 100000",
        "nextToken: \"\"", "filter: null", "... on Query { __typename }", "...Missing", "\"\\uDBFF\\uDFFF\"",
    ]

    /// Applies one to three mutations; returns the document and the names of the mutations applied.
    static func mutate(_ document: String, scale: GeneratorScale, _ random: inout SplitMix64) -> (String, [String]) {
        var tokens = GraphQLTokens.split(document)
        var names: [String] = []
        for _ in 0..<random.int(in: 1...3) where !tokens.isEmpty {
            let position = random.below(tokens.count)
            let name: String?
            switch random.below(10) {
            case 0:
                tokens.remove(at: position)
                name = "delete-token"
            case 1, 2:
                tokens.insert(random.pick(hostileTokens), at: position)
                name = "insert-hostile"
            case 3:
                tokens[position] = random.pick(hostileTokens)
                name = "replace-hostile"
            case 4, 5:
                let copies = random.percent(85) ? random.int(in: 1...6) : random.pick([200, 1001, 3000], upTo: scale.maximumCount)
                name = duplicateField(&tokens, near: position, copies: copies, &random).map { "duplicate-field-x\($0)" }
            case 6:
                name = openBrackets(&tokens, at: position, scale: scale, &random)
            case 7:
                name = stretchString(&tokens, at: position, scale: scale, &random)
            case 8:
                name = stretchName(&tokens, at: position, scale: scale, &random)
            default:
                name = repeatSpan(&tokens, at: position, &random)
            }
            if let name { names.append(name) }
        }
        return (GraphQLTokens.join(tokens), names)
    }

    /// Inserts a run of opening brackets at `position`, sometimes closed again just after it; returns the mutation's name.
    private static func openBrackets(_ tokens: inout [String], at position: Int, scale: GeneratorScale, _ random: inout SplitMix64) -> String? {
        let depth = random.pick([10, 100, 1000, 3000, 10_000], upTo: scale.maximumDepth)
        let opener = random.pick(["{", "[", "(", "{a", "[1,", "(a:"])
        tokens.insert(String(repeating: opener, count: depth), at: position)
        if random.percent(50) {
            let closer = opener.hasPrefix("{") ? "}" : opener.hasPrefix("[") ? "]" : ")"
            tokens.insert(String(repeating: closer, count: depth), at: min(tokens.count, position + 1 + random.below(3)))
        }
        return "open-\(opener)-x\(depth)"
    }

    /// Makes the first string at or after `position` very long, or inserts a long string when there is none; returns the mutation's name.
    private static func stretchString(_ tokens: inout [String], at position: Int, scale: GeneratorScale, _ random: inout SplitMix64) -> String? {
        let length = random.pick([1000, 1000, 1000, 70_000, 70_000, 500_000], upTo: scale.maximumLength)
        if let index = tokens.indices.first(where: { tokens[$0].hasPrefix("\"") && $0 >= position }) {
            tokens[index] = "\"" + String(repeating: random.pick(["a", "é", "\\n", "\\u0000"]), count: length) + "\""
            return "long-string-\(length)"
        } else {
            tokens.insert("\"" + String(repeating: "a", count: length) + "\"", at: position)
            return "insert-long-string-\(length)"
        }
    }

    /// Makes the first name at or after `position` very long; returns the mutation's name, or nil when there is no name.
    private static func stretchName(_ tokens: inout [String], at position: Int, scale: GeneratorScale, _ random: inout SplitMix64) -> String? {
        let length = random.pick([64, 64, 1000, 1000, 70_000], upTo: scale.maximumLength)
        if let index = tokens.indices.first(where: { tokens[$0].first?.isLetter == true && $0 >= position }) {
            tokens[index] = tokens[index] + String(repeating: "x", count: length)
            return "long-name-\(length)"
        }
        return nil
    }

    /// Repeats the one to eight tokens starting at `position` right after themselves; returns the mutation's name.
    private static func repeatSpan(_ tokens: inout [String], at position: Int, _ random: inout SplitMix64) -> String? {
        let span = random.int(in: 1...8)
        let end = min(tokens.count, position + span)
        tokens.insert(contentsOf: tokens[position..<end], at: end)
        return "repeat-span"
    }

    /// Finds a field (a name followed by arguments or a selection set) at or after `position` and repeats it
    /// `copies` times (fewer for a large field), each under a new alias. Returns the number of copies made, or nil
    /// when there is no such field.
    static func duplicateField(_ tokens: inout [String], near position: Int, copies: Int, _ random: inout SplitMix64) -> Int? {
        guard
            let start = (position..<tokens.count).first(where: { index in
                index + 1 < tokens.count && tokens[index].first?.isLetter == true && (tokens[index + 1] == "(" || tokens[index + 1] == "{")
                    && (index == 0 || (tokens[index - 1] != ":" && tokens[index - 1] != "on" && tokens[index - 1] != "..."))
            })
        else { return nil }
        var end = start + 1
        for (open, close) in [("(", ")"), ("{", "}")] where end < tokens.count && tokens[end] == open {
            var depth = 0
            repeat {
                if tokens[end] == open { depth += 1 } else if tokens[end] == close { depth -= 1 }
                end += 1
            } while depth > 0 && end < tokens.count
        }
        let field = Array(tokens[start..<end])
        // Copies of a field that already holds a huge token would make a body of gigabytes: keep the copies
        // under about 1.5 MB, past the body limit but cheap to make.
        let fieldSize = field.reduce(0) { $0 + $1.utf8.count + 1 }
        let copies = min(copies, max(1, 1_500_000 / fieldSize))
        let base = random.below(1000)
        var copiesTokens: [String] = []
        for copy in 0..<copies { copiesTokens += ["f\(base)_\(copy)", ":"] + field }
        tokens.insert(contentsOf: copiesTokens, at: end)
        return copies
    }
}
