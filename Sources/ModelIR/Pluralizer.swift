/// A port of `pluralize` 8.0.0 (MIT, Blake Embrey): irregular words, the uncountable list and the regex rules,
/// applied last-added first, with the library's case restoration; `plural` for API names, `singular` for the
/// model names `modelgraph introspect` makes of table names.
package struct Pluralizer: Sendable {
    /// The rule tables, compiled once.
    package static let shared = Pluralizer()

    private struct Rule: @unchecked Sendable {
        let pattern: Regex<AnyRegexOutput>
        let replacement: String
    }

    private let irregularSingles: [String: String]
    private let irregularPlurals: Set<String>
    private let uncountables: Set<String>
    private let rules: [Rule]
    private let singularRules: [Rule]
    /// Irregular plurals to their singular.
    private let irregularPluralToSingle: [String: String]

    private init() {
        var singles: [String: String] = [:]
        for (single, plural) in PluralizeTables.irregular {
            singles[single.lowercased()] = plural.lowercased()
        }
        irregularSingles = singles
        irregularPlurals = Set(PluralizeTables.irregular.map { $0.1.lowercased() })
        uncountables = Set(PluralizeTables.uncountableWords)
        var rules: [Rule] = []
        func compile(_ pattern: String) -> Regex<AnyRegexOutput> {
            // The tables are constants of this file; a pattern that does not compile is a programming error.
            // swiftlint:disable:next force_try
            try! Regex(pattern).ignoresCase().wordBoundaryKind(.simple)
        }
        for (pattern, replacement) in PluralizeTables.pluralRules {
            rules.append(Rule(pattern: compile(pattern), replacement: replacement))
        }
        // Irregular singles become rules too (matched as whole words), as `addIrregularRule` does.
        // Uncountable regexes are added last, so they win over every other rule.
        var singularRules = PluralizeTables.singularRules.map { Rule(pattern: compile($0.0), replacement: $0.1) }
        for pattern in PluralizeTables.uncountableRules {
            rules.append(Rule(pattern: compile(pattern), replacement: "$0"))
            singularRules.append(Rule(pattern: compile(pattern), replacement: "$0"))
        }
        self.rules = rules
        self.singularRules = singularRules
        var toSingle: [String: String] = [:]
        for (single, plural) in PluralizeTables.irregular { toSingle[plural.lowercased()] = single.lowercased() }
        irregularPluralToSingle = toSingle
    }

    /// The plural form of `word`.
    package func plural(_ word: String) -> String {
        let token = word.lowercased()
        if irregularPlurals.contains(token) { return Self.restoreCase(word, token) }
        if let plural = irregularSingles[token] { return Self.restoreCase(word, plural) }
        return Self.apply(rules, to: word, token: token, uncountables: uncountables)
    }

    /// The singular form of `word`.
    package func singular(_ word: String) -> String {
        let token = word.lowercased()
        if irregularSingles[token] != nil { return Self.restoreCase(word, token) }
        if let single = irregularPluralToSingle[token] { return Self.restoreCase(word, single) }
        return Self.apply(singularRules, to: word, token: token, uncountables: uncountables)
    }

    /// The last-added rule that matches `word`, applied with the library's case restoration.
    private static func apply(_ rules: [Rule], to word: String, token: String, uncountables: Set<String>) -> String {
        if token.isEmpty || uncountables.contains(token) { return word }
        for rule in rules.reversed() {
            guard let match = word.firstMatch(of: rule.pattern) else { continue }
            let matched = String(word[match.range])
            let result = interpolate(rule.replacement, match)
            let restored: String
            if matched.isEmpty {
                let previous = match.range.lowerBound > word.startIndex ? String(word[word.index(before: match.range.lowerBound)]) : ""
                restored = restoreCase(previous, result)
            } else {
                restored = restoreCase(matched, result)
            }
            return String(word[..<match.range.lowerBound]) + restored + String(word[match.range.upperBound...])
        }
        return word
    }

    /// Replaces `$n` with capture group n (`$0` is the whole match); missing groups become empty.
    private static func interpolate(_ template: String, _ match: Regex<AnyRegexOutput>.Match) -> String {
        var result = ""
        var characters = Array(template)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "$", index + 1 < characters.count, let digit = characters[index + 1].wholeNumberValue {
                if digit < match.output.count, let substring = match.output[digit].substring {
                    result += substring
                }
                index += 2
                continue
            }
            result.append(character)
            index += 1
        }
        characters.removeAll()
        return result
    }

    /// `restoreCase` of pluralize: copies the case pattern of `word` onto `token`.
    private static func restoreCase(_ word: String, _ token: String) -> String {
        if word == token { return token }
        if word == word.lowercased() { return token.lowercased() }
        if word == word.uppercased() { return token.uppercased() }
        if let first = word.first, String(first) == String(first).uppercased() {
            return (token.first.map { String($0).uppercased() } ?? "") + token.dropFirst().lowercased()
        }
        return token.lowercased()
    }
}
