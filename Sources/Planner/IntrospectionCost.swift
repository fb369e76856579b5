import GraphQL
import OrderedCollections

/// What an operation's introspection fields (`__schema`, `__type`) produce: the exact number of objects
/// (`__Type`, `__Field`, `__InputValue`, `__EnumValue`, `__Directive`) their answer would hold for this schema.
///
/// Introspection reads no rows, so it is not priced by the row cost (`OperationCost`). Its answer is bounded
/// by the schema, except that a document can walk the type graph again and again
/// (`types { fields { type { fields { type { … } } } } }`) and grow exponentially with its depth. The count
/// here follows the schema's real lists (a type's own fields, a field's own arguments), remembering what each
/// selection set produces under each object, so counting is linear in the document times the schema however
/// the document nests; the result is compared with `budget(of:)`, which the standard introspection query of
/// any schema stays well within.
struct IntrospectionCost {
    private let schema: GraphQLSchema
    private let fragments: [String: FragmentDefinition]
    private var memo: [MemoKey: Int] = [:]

    /// One introspection object: what its lists are read from.
    private enum Object {
        case schema
        case type(any GraphQLType)
        case field(owner: String, name: String, type: any GraphQLType, argumentTypes: [any GraphQLType])
        case inputValue(any GraphQLType)
        case leaf
        case directive(GraphQLDirective)

        /// A name that tells this object's lists apart from every other object's (a type's wrappers included).
        var identity: String {
            switch self {
            case .schema: "schema"
            case .type(let type): "type:" + IntrospectionCost.describe(type)
            case .field(let owner, let name, _, _): "field:\(owner).\(name)"
            case .inputValue(let type): "input:" + IntrospectionCost.describe(type)
            case .leaf: "leaf"
            case .directive(let directive): "directive:" + directive.name
            }
        }
    }

    private struct MemoKey: Hashable {
        let selectionSet: ObjectIdentifier
        let object: String
    }

    /// The objects the introspection root fields of `operation` produce for `schema` (0 when it has none),
    /// saturating at `Int.max`. A `__type` whose name is a variable counts as the largest type.
    static func objects(in operation: OperationDefinition, fragments: [String: FragmentDefinition], schema: GraphQLSchema, values: ValueResolver) -> Int {
        var cost = IntrospectionCost(schema: schema, fragments: fragments)
        var total = 0
        for field in OperationCost.fields(of: operation.selectionSet, fragments: fragments) {
            guard let selection = field.selectionSet else { continue }
            let roots: [Object]
            switch field.name.value {
            case "__schema": roots = [.schema]
            case "__type":
                let name = field.arguments.first { $0.name.value == "name" }.flatMap { values.resolve($0.value) }
                if case .string(let text)? = name {
                    roots = schema.typeMap[text].map { [.type($0)] } ?? []
                } else {
                    roots = [Object.type(cost.largestType(under: selection))]
                }
            default: continue
            }
            for root in roots { total = Self.adding(total, Self.adding(1, cost.count(selection, under: root))) }
        }
        return total
    }

    /// The most introspection objects an operation may produce on `schema`: twice the objects of a complete
    /// introspection answer (every type with its fields, their arguments, input fields, enum values, interfaces,
    /// possible types and every type reference's wrappers, and the directives), so that the standard query of
    /// any client passes on any schema, and a document that walks the type graph twice does not.
    static func budget(of schema: GraphQLSchema) -> Int {
        func reference(_ type: any GraphQLType) -> Int {
            var count = 1
            var current = type
            while let wrapped = (current as? GraphQLNonNull)?.ofType ?? (current as? GraphQLList)?.ofType {
                count += 1
                current = wrapped
            }
            return count
        }
        var total = 4
        for type in schema.typeMap.values {
            total += 1
            for case .field(_, _, let fieldType, let argumentTypes) in fields(of: type) {
                total += 1 + reference(fieldType) + argumentTypes.reduce(0) { $0 + 1 + reference($1) }
            }
            if let input = type as? GraphQLInputObjectType {
                total += ((try? input.fields()) ?? [:]).values.reduce(0) { $0 + 1 + reference($1.type) }
            }
            total += (type as? GraphQLEnumType)?.values.count ?? 0
            total += interfaces(of: type).count
            if let abstract = type as? any GraphQLAbstractType { total += schema.getPossibleTypes(abstractType: abstract).count }
        }
        for directive in schema.directives {
            total += 1 + directive.args.reduce(0) { $0 + 1 + reference($1.type) }
        }
        return 2 * total + 100
    }

    private init(schema: GraphQLSchema, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        self.fragments = fragments
    }

    /// The objects `selection` produces under `object`, not counting `object` itself.
    private mutating func count(_ selection: SelectionSet, under object: Object) -> Int {
        let key = MemoKey(selectionSet: ObjectIdentifier(selection), object: object.identity)
        if let known = memo[key] { return known }
        var total = 0
        for field in OperationCost.fields(of: selection, fragments: fragments) {
            guard let child = field.selectionSet else { continue }
            for next in children(of: object, named: field.name.value) {
                total = Self.adding(total, Self.adding(1, count(child, under: next)))
            }
        }
        memo[key] = total
        return total
    }

    /// The objects the introspection field `name` of `object` lists (or holds, for a single object).
    private func children(of object: Object, named name: String) -> [Object] {
        switch (object, name) {
        case (.schema, "types"): return schema.typeMap.values.map { .type($0) }
        case (.schema, "queryType"): return schema.queryType.map { [.type($0)] } ?? []
        case (.schema, "mutationType"): return schema.mutationType.map { [.type($0)] } ?? []
        case (.schema, "subscriptionType"): return schema.subscriptionType.map { [.type($0)] } ?? []
        case (.schema, "directives"): return schema.directives.map { .directive($0) }
        case (.type(let type), "fields"): return Self.fields(of: type)
        case (.type(let type), "inputFields"):
            return ((try? (type as? GraphQLInputObjectType)?.fields()) ?? [:]).values.map { .inputValue($0.type) }
        case (.type(let type), "enumValues"): return ((type as? GraphQLEnumType)?.values ?? []).map { _ in .leaf }
        case (.type(let type), "interfaces"): return Self.interfaces(of: type).map { .type($0) }
        case (.type(let type), "possibleTypes"):
            return (type as? any GraphQLAbstractType).map { schema.getPossibleTypes(abstractType: $0).map { .type($0) } } ?? []
        case (.type(let type), "ofType"):
            let wrapped = (type as? GraphQLNonNull)?.ofType ?? (type as? GraphQLList)?.ofType
            return wrapped.map { [.type($0)] } ?? []
        case (.field(_, _, _, let argumentTypes), "args"): return argumentTypes.map { .inputValue($0) }
        case (.field(_, _, let type, _), "type"): return [.type(type)]
        case (.inputValue(let type), "type"): return [.type(type)]
        case (.directive(let directive), "args"): return directive.args.map { .inputValue($0.type) }
        default: return []
        }
    }

    /// The named type whose answer to `selection` is the largest.
    private mutating func largestType(under selection: SelectionSet) -> any GraphQLType {
        var largest: (any GraphQLType, Int)?
        for type in schema.typeMap.values {
            let objects = count(selection, under: .type(type))
            if largest == nil || objects > largest!.1 { largest = (type, objects) }
        }
        return largest?.0 ?? GraphQLString
    }

    /// The `__Field` objects of an object or interface type.
    private static func fields(of type: any GraphQLType) -> [Object] {
        guard let named = type as? any GraphQLNamedType else { return [] }
        let map = (try? (type as? GraphQLObjectType)?.fields()) ?? (try? (type as? GraphQLInterfaceType)?.fields()) ?? nil
        return (map ?? [:]).map { name, field in
            .field(owner: named.name, name: name, type: field.type, argumentTypes: field.args.values.map(\.type))
        }
    }

    private static func interfaces(of type: any GraphQLType) -> [GraphQLInterfaceType] {
        (try? (type as? GraphQLObjectType)?.interfaces()) ?? (try? (type as? GraphQLInterfaceType)?.interfaces()) ?? nil ?? []
    }

    /// A type's name with its wrappers (`[Post!]!`).
    fileprivate static func describe(_ type: any GraphQLType) -> String {
        if let nonNull = type as? GraphQLNonNull { return describe(nonNull.ofType) + "!" }
        if let list = type as? GraphQLList { return "[" + describe(list.ofType) + "]" }
        return (type as? any GraphQLNamedType)?.name ?? "?"
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
