/// Whole documents built to be deep or wide: nested selections, filters, lists, fragments, variables and
/// directives, at sizes from harmless to far past every limit.
enum HostileDocuments {
    /// Nesting depths to try: small ones pass, large ones must be refused, none may crash anything.
    static let depths = [2, 16, 100, 500, 1000, 2000, 4000, 8000, 20_000, 60_000]

    /// A hostile document for `corpus`, and a name for the recipe.
    static func make(_ corpus: Corpus, scale: GeneratorScale, _ random: inout SplitMix64) -> (String, String) {
        let depth = random.pick(depths, upTo: scale.maximumDepth)
        let (list, relation, back) = corpus.name == "catalog" ? ("listShelves", "items { items {", "} }") : ("listPosts", "blog { posts { items {", "} } }")
        let repeated = { (text: String, count: Int) in String(repeating: text, count: count) }
        switch random.below(13) {
        case 0:
            return ("{" + repeated("a{", depth) + "b" + repeated("}", depth) + "}", "deep-selection-\(depth)")
        case 1:
            let levels = min(depth, 3000)
            let root = corpus.name == "catalog" ? #"getShelf(id: "s1") { "# : #"getPost(id: "post-1") { "#
            return ("{ " + root + repeated(relation + " ", levels) + "id" + repeated(" " + back, levels) + " } }", "deep-relations-\(levels)")
        case 2:
            return ("{ \(list)(filter: " + repeated("{not: ", depth) + #"{id: {eq: "x"}}"# + repeated("}", depth) + ") { items { id } } }", "deep-not-\(depth)")
        case 3:
            let key = random.pick(["and", "or"])
            return ("{ \(list)(filter: " + repeated("{\(key): [", depth) + #"{id: {ne: "x"}}"# + repeated("]}", depth) + ") { items { id } } }", "deep-\(key)-\(depth)")
        case 4:
            return ("{ \(list)(filter: {id: {between: " + repeated("[", depth) + "\"a\"" + repeated("]", depth) + "}}) { items { id } } }", "deep-list-literal-\(depth)")
        case 5:
            // Both sides of the 1,000-alias limit at every scale: aliases of `__typename` are cheap.
            let count = random.pick([10, 999, 1001, 5000], upTo: max(1001, scale.maximumCount))
            return ("{" + (0..<count).map { "a\($0): __typename" }.joined(separator: " ") + "}", "aliases-\(count)")
        case 6:
            let count = min(depth, 5000, scale.maximumCount)
            let type = corpus.name == "catalog" ? "Shelf" : "Post"
            let root = corpus.name == "catalog" ? #"getShelf(id: "s1")"# : #"getPost(id: "post-1")"#
            let fragments = (0..<count).map { "fragment F\($0) on \(type) { id ...F\($0 + 1) }" }.joined(separator: " ")
            return ("{ \(root) { ...F0 } } " + fragments + " fragment F\(count) on \(type) { id }", "fragment-chain-\(count)")
        case 7:
            let type = corpus.name == "catalog" ? "Shelf" : "Post"
            return ("{ __typename } fragment A on \(type) { ...B } fragment B on \(type) { ...A }", "fragment-cycle")
        case 8:
            let count = min(depth, scale.maximumCount)
            let declarations = (0..<count).map { "$v\($0): Int" }.joined(separator: ", ")
            return ("query Many(\(declarations)) { __typename }", "variables-\(count)")
        case 9:
            let levels = min(depth, scale.maximumCount)
            return ("query Deep($v: " + repeated("[", levels) + "Int" + repeated("]", levels) + ") { __typename }", "deep-variable-type-\(levels)")
        case 10:
            let count = min(depth, scale.maximumCount)
            return ("{ __typename " + repeated("@skip(if: false) ", count) + "}", "directives-\(count)")
        case 11:
            let filterType = corpus.name == "catalog" ? "ModelShelfFilterInput" : "ModelPostFilterInput"
            return (
                "query D($f: \(filterType) = " + repeated("{not: ", depth) + "{id: {eq: \"x\"}}" + repeated("}", depth) + ") { \(list)(filter: $f) { items { id } } }",
                "deep-default-value-\(depth)"
            )
        default:
            let levels = min(depth, scale.maximumCount)
            return ("{ __type(name: \"Query\") { " + repeated("fields { type { ", levels) + "name" + repeated(" } }", levels) + " } }", "deep-introspection-\(levels)")
        }
    }
}
