import APISchema
import GraphQL
import ModelIR
import OrderedCollections

/// The worst-case number of rows (objects) an operation can produce, checked before any SQL runs. As in
/// GitHub's node limit, every connection's page size (its `limit`, else its default, clamped to the maximum
/// page) multiplies the cost of everything under it; fragments count where they are spread and every field
/// counts whatever its `@skip`/`@include`. Introspection reads no rows and is not counted here
/// (`IntrospectionCost` bounds it). Page sizes may come from variables, so the cost is kept as a formula over the request's
/// variable leaves and evaluated for each request that reuses the plan.
struct OperationCost: Sendable {
    /// One multiplier: a fixed count, or a page size from a `limit` argument.
    enum Factor: Sendable {
        case count(Int)
        case page(limit: InputValue, defaultLimit: Int, maximumLimit: Int)
    }

    /// One object-producing field: the product of its factors and its ancestors'.
    private var terms: [[Factor]] = []

    /// The worst-case rows for a request with `leaves` (the variable leaves of its shape), saturating.
    func rows(for leaves: [InputValue]) -> Int {
        var total = 0
        for term in terms {
            var product = 1
            for factor in term {
                let count: Int
                switch factor {
                case .count(let value): count = value
                case .page(let limit, let defaultLimit, let maximumLimit):
                    let value = limit.containsLeaves ? limit.substituting(leaves) : limit
                    count = (try? ConnectionArguments.pageSize(value, defaultLimit: defaultLimit, maximumLimit: maximumLimit)) ?? maximumLimit
                }
                product = product.multipliedReportingOverflow(by: max(count, 0)).overflow ? Int.max : product * max(count, 0)
            }
            total = total.addingReportingOverflow(product).overflow ? Int.max : total + product
        }
        return total
    }

    /// The cost formula of `operation` against `view`, with `values` resolving arguments (leaves kept).
    init(operation: OperationDefinition, rootFields: [String: RootField], fragments: [String: FragmentDefinition], view: APISchemaView, values: ValueResolver) {
        var pending: [(set: SelectionSet, owner: Owner, factors: [Factor])] = [(operation.selectionSet, .root, [])]
        while let (set, owner, factors) = pending.popLast() {
            for field in Self.fields(of: set, fragments: fragments) {
                let name = field.name.value
                guard let child = field.selectionSet, name != "__typename" else { continue }
                let step: (Factor, Owner)?
                switch owner {
                case .root:
                    if let root = rootFields[name], let model = view.model(root.model) {
                        switch root.kind {
                        case .list, .indexQuery, .sync: step = (Self.page(field, values, defaultLimit: 100, view), .connection(model))
                        case .batchCreate, .batchUpdate, .batchDelete: step = (.count(Self.batchItems(field, values)), .model(model))
                        default: step = (.count(1), .model(model))
                        }
                    } else {
                        step = nil
                    }
                case .model(let model):
                    guard let relationship = model.field(named: name)?.relationship, let target = view.model(relationship.target) else { step = nil; break }
                    switch relationship.kind {
                    case .hasMany, .manyToMany: step = (Self.page(field, values, defaultLimit: relationship.defaultLimit, view), .connection(target))
                    case .hasOne, .belongsTo: step = (.count(1), .model(target))
                    }
                case .connection(let model):
                    // The page was counted at the connection field; its items are those rows.
                    step = name == "items" ? (.count(1), .model(model)) : nil
                }
                guard let (factor, next) = step else { continue }
                let term = factors + [factor]
                if case .connection = next {
                    // A connection is one object per parent; its rows are counted at `items`.
                    terms.append(factors)
                } else {
                    terms.append(term)
                }
                pending.append((child, next, term))
            }
        }
    }

    /// Where a selection set is in the result.
    private enum Owner {
        case root
        case model(Model)
        case connection(Model)
    }

    private static func page(_ field: GraphQL.Field, _ values: ValueResolver, defaultLimit: Int, _ view: APISchemaView) -> Factor {
        let limit = field.arguments.first { $0.name.value == "limit" }.flatMap { values.resolve($0.value) } ?? .null
        return .page(limit: limit, defaultLimit: defaultLimit, maximumLimit: view.maximumLimit)
    }

    /// The records a batch mutation returns: the items of its `input` list (its length is part of the plan's
    /// shape), at least one.
    private static func batchItems(_ field: GraphQL.Field, _ values: ValueResolver) -> Int {
        let input = field.arguments.first { $0.name.value == "input" }.flatMap { values.resolve($0.value) }
        if case .list(let items)? = input { return max(items.count, 1) }
        return 1
    }

    /// The fields of a selection set with fragments expanded (without merging: a repeated field costs twice,
    /// which only errs on the safe side).
    static func fields(of set: SelectionSet, fragments: [String: FragmentDefinition]) -> [GraphQL.Field] {
        var result: [GraphQL.Field] = []
        var pending = [set]
        var expanded = 0
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case let field as GraphQL.Field: result.append(field)
                case let inline as InlineFragment: pending.append(inline.selectionSet)
                case let spread as FragmentSpread:
                    // Spread chains and counts are bounded before planning; this cap only guards a cycle.
                    expanded += 1
                    if expanded <= 100_000, let fragment = fragments[spread.name.value] { pending.append(fragment.selectionSet) }
                default: continue
                }
            }
        }
        return result
    }
}
