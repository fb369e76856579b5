/// Name building exactly as the Amplify transformer does it (docs/api-contract.md §2): camel/pascal joins and the
/// first-letter helpers. Lives in ModelIR because lowering (default index names) needs it as much as the
/// API schema does.
package enum Inflection {
    /// Upper-cases the first character, leaves the rest.
    package static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// Lower-cases the first character, leaves the rest.
    package static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `camel(["get", "Post"])` = `getPost`: drops empty words, lower-cases the first character of the first
    /// word and upper-cases the first character of every later one.
    package static func camel(_ words: [String]) -> String {
        let parts = words.filter { !$0.isEmpty }
        guard let first = parts.first else { return "" }
        return lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
    }

    /// `pascal(["model", "post"])` = `ModelPost`.
    package static func pascal(_ words: [String]) -> String {
        words.filter { !$0.isEmpty }.map(upperFirst).joined()
    }

    /// The plural of a type name, exactly as `pluralize` 8.0.0's `plural()`.
    package static func pluralize(_ word: String) -> String {
        Pluralizer.shared.plural(word)
    }

    /// The singular of a word, exactly as `pluralize` 8.0.0's `singular()`.
    package static func singularize(_ word: String) -> String {
        Pluralizer.shared.singular(word)
    }
}
