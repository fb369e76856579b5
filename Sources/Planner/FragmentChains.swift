import GraphQL

/// The longest chain of fragments spreading fragments in a document, found without recursion, so a document
/// built as one long chain cannot exhaust the stack of a stage that follows spreads recursively.
enum FragmentChains {
    /// The number of fragments on the longest spread chain (0 without fragments). A cycle ends a chain where
    /// it closes; validation reports the cycle itself.
    static func longest(in document: Document) -> Int {
        var spreads: [String: [String]] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            spreads[fragment.name.value] = spreadNames(in: fragment.selectionSet)
        }
        var finished: [String: Int] = [:]
        var onPath: Set<String> = []
        var longest = 0
        for root in spreads.keys where finished[root] == nil {
            var stack: [(name: String, next: Int)] = [(root, 0)]
            onPath.insert(root)
            while var top = stack.popLast() {
                let children = spreads[top.name] ?? []
                if top.next < children.count {
                    let child = children[top.next]
                    top.next += 1
                    stack.append(top)
                    if finished[child] == nil, !onPath.contains(child), spreads[child] != nil {
                        stack.append((child, 0))
                        onPath.insert(child)
                    }
                } else {
                    let below = children.reduce(0) { max($0, finished[$1] ?? 0) }
                    finished[top.name] = below + 1
                    onPath.remove(top.name)
                    longest = max(longest, below + 1)
                }
            }
        }
        return longest
    }

    /// The fragment names spread anywhere inside `selectionSet` (through fields and inline fragments).
    static func spreadNames(in selectionSet: SelectionSet) -> [String] {
        var names: [String] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case let spread as FragmentSpread: names.append(spread.name.value)
                case let inline as InlineFragment: pending.append(inline.selectionSet)
                case let field as GraphQL.Field: if let child = field.selectionSet { pending.append(child) }
                default: continue
                }
            }
        }
        return names
    }
}
