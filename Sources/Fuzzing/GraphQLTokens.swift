/// Splits a GraphQL document into tokens (punctuators, names, numbers, strings, block strings), dropping
/// whitespace, commas and comments. Mutations work on this list and join it back with spaces, so every mutated
/// document is still made of real GraphQL lexemes unless a mutation inserts something that is not one.
public enum GraphQLTokens {
    /// The tokens of `document`. Text the lexer does not know becomes a one-character token, so nothing is lost.
    public static func split(_ document: String) -> [String] {
        let characters = Array(document.unicodeScalars)
        var tokens: [String] = []
        var index = 0
        func text(_ range: Range<Int>) -> String {
            var string = ""
            string.unicodeScalars.append(contentsOf: characters[range])
            return string
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t", "\n", "\r", ",", "\u{FEFF}":
                index += 1
            case "#":
                while index < characters.count && characters[index] != "\n" && characters[index] != "\r" { index += 1 }
            case "\"":
                let start = index
                index = stringEnd(characters, from: start)
                tokens.append(text(start..<index))
            case ".":
                if index + 2 < characters.count && characters[index + 1] == "." && characters[index + 2] == "." {
                    tokens.append("...")
                    index += 3
                } else {
                    tokens.append(".")
                    index += 1
                }
            case "_", "a"..."z", "A"..."Z":
                let start = index
                while index < characters.count && isNameContinue(characters[index]) { index += 1 }
                tokens.append(text(start..<index))
            case "-", "0"..."9":
                let start = index
                index = numberEnd(characters, from: start)
                tokens.append(text(start..<index))
            default:
                tokens.append(text(index..<(index + 1)))
                index += 1
            }
        }
        return tokens
    }

    /// The index just past the string or block string at `start`; an unterminated one runs to its line's end (string) or the document's (block string).
    private static func stringEnd(_ characters: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        if index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\"" {
            index += 3
            while index < characters.count {
                if characters[index] == "\\" && index + 3 < characters.count && characters[(index + 1)...(index + 3)].allSatisfy({ $0 == "\"" }) {
                    index += 4
                } else if index + 2 < characters.count && characters[index...(index + 2)].allSatisfy({ $0 == "\"" }) {
                    index += 3
                    break
                } else {
                    index += 1
                }
            }
        } else {
            index += 1
            while index < characters.count && characters[index] != "\"" && characters[index] != "\n" {
                index += characters[index] == "\\" ? 2 : 1
            }
            index = min(index + 1, characters.count)
        }
        return index
    }

    /// The index just past the number (or number-like run of name characters, dots and exponent signs) that starts at `start`.
    private static func numberEnd(_ characters: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        while index < characters.count
            && (isNameContinue(characters[index]) || characters[index] == "."
                || ((characters[index] == "+" || characters[index] == "-") && (characters[index - 1] == "e" || characters[index - 1] == "E")))
        {
            index += 1
        }
        return index
    }

    /// Joins tokens back into a document, with a space between two tokens only where one is needed to keep them
    /// apart (names, numbers and keywords), so a document of many tokens stays small.
    public static func join(_ tokens: [String]) -> String {
        var output = ""
        var previousIsWord = false
        for token in tokens {
            let isWord = token.unicodeScalars.first.map { isNameContinue($0) || $0 == "-" } ?? false
            let endsWord = token.unicodeScalars.last.map(isNameContinue) ?? false
            if previousIsWord && (isWord || token.hasPrefix(".")) { output += " " }
            output += token
            previousIsWord = endsWord
        }
        return output
    }

    static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "_", "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}
