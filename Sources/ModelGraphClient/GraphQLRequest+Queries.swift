extension GraphQLRequest {
    /// `getX(key…)`: the record with `identifier`, or nil; `includes` names the relationships to load in the
    /// same request (`{ team in [team.members] }`, to any depth).
    public static func get<M: Model>(
        _ type: M.Type, byIdentifier identifier: M.Identifier, includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<M?> where R == M? {
        get(M.self, keyValues: M.keyValues(of: identifier), includes: IncludeTree(includes(ModelPath<M>())))
    }

    /// `getX` with the key's values by field name.
    static func get<M: Model>(_ type: M.Type, keyValues keys: [String: GraphQLValue], includes: IncludeTree) -> GraphQLRequest<M?> where R == M? {
        let schema = M.schema
        guard let field = schema.getField else { return .failing(.invalidRequest("\(schema.name) has no get query")) }
        var arguments: [(name: String, type: String)] = []
        for name in schema.primaryKey {
            guard let keyField = schema.field(named: name) else { return .failing(.invalidRequest("\(schema.name) has no key field \(name)")) }
            arguments.append((name, keyField.graphQLType.hasSuffix("!") ? keyField.graphQLType : keyField.graphQLType + "!"))
        }
        let selection: [String]
        do {
            selection = try SelectionSet.lines(of: schema, includes: includes, depth: 2)
        } catch {
            return .failing(error)
        }
        return GraphQLRequest<M?>(
            document: Document.operation("query", field: field, arguments: arguments, selection: selection), variables: keys, responseField: field,
            decode: { (value, context) throws(ModelGraphError) in try M?(graphQLValue: value, context: context) }, invalid: nil)
    }

    /// `listXs(filter:limit:nextToken:)`: one page of records matching `predicate`, as a loaded `List` whose
    /// `getNextPage()` asks for the next page with the same request.
    public static func list<M: Model>(
        _ type: M.Type, where predicate: QueryPredicate<M>? = nil, limit: Int? = nil, nextToken: String? = nil,
        includes: (ModelPath<M>) -> [any IncludePath] = { _ in [] }
    ) -> GraphQLRequest<List<M>> where R == List<M> {
        do {
            let selection = try SelectionSet.page(of: M.schema, includes: IncludeTree(includes(ModelPath<M>())), depth: 2)
            return try list(M.self, filter: predicate?.filter, limit: limit, nextToken: nextToken, selection: selection)
        } catch {
            return .failing(error)
        }
    }

    /// The list request with a selection already built; its pages come from the same request.
    static func list<M: Model>(
        _ type: M.Type, filter: QueryFilter?, limit: Int?, nextToken: String?, selection: [String]
    ) throws(ModelGraphError) -> GraphQLRequest<List<M>> where R == List<M> {
        guard let field = M.schema.listField else { throw .invalidRequest("\(M.schema.name) has no list query") }
        return connection(M.self, field: field, keyArguments: [], sortDirection: nil, filter: filter, limit: limit, nextToken: nextToken, selection: selection)
    }

    /// A query of a connection: `field(key arguments…, sortDirection:, filter:, limit:, nextToken:)`, read as a
    /// page whose next pages come from the same request with their token.
    static func connection<M: Model>(
        _ type: M.Type, field: String, keyArguments: [KeyArgument], sortDirection: SortDirection?, filter: QueryFilter?, limit: Int?, nextToken: String?,
        selection: [String]
    ) -> GraphQLRequest<List<M>> where R == List<M> {
        var variables: [String: GraphQLValue] = [:]
        var declared: [(name: String, type: String)] = keyArguments.map { ($0.name, $0.type) }
        for argument in keyArguments { if let value = argument.value { variables[argument.name] = value } }
        if !keyArguments.isEmpty { declared.append(("sortDirection", "ModelSortDirection")) }
        if let sortDirection { variables["sortDirection"] = .string(sortDirection.rawValue) }
        declared += [("filter", M.schema.filterInput), ("limit", "Int"), ("nextToken", "String")]
        if let filter { variables["filter"] = filter.graphQLValue }
        if let limit { variables["limit"] = .int(limit) }
        if let nextToken { variables["nextToken"] = .string(nextToken) }
        let document = Document.operation("query", field: field, arguments: declared, selection: selection)
        return GraphQLRequest<List<M>>(
            document: document, variables: variables, responseField: field,
            decode: { (value, context) throws(ModelGraphError) in
                guard case .list(let items)? = value["items"] else { throw .decoding("\(field) has no items") }
                var elements: [M] = []
                for item in items { elements.append(try M(graphQLValue: item, context: context)) }
                var token: String?
                if case .string(let text)? = value["nextToken"] { token = text }
                let source = context.client.map { client in
                    PageSource<M>(client: client) { next throws(ModelGraphError) in
                        connection(
                            M.self, field: field, keyArguments: keyArguments, sortDirection: sortDirection, filter: filter, limit: limit, nextToken: next,
                            selection: selection)
                    }
                }
                return List(elements: elements, nextToken: token, source: source)
            }, invalid: nil)
    }
}
