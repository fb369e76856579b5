import Synchronization

/// The records of a hasMany relationship, or a page of a `list` query: loaded (a page, with whether another
/// follows) or not loaded yet (`fetch()` asks for the first page). Shared between copies of the model that
/// holds it, so fetching once serves them all.
public final class List<M: Model>: Sendable, RandomAccessCollection {
    private enum State: Sendable {
        case notLoaded
        case loaded([M], nextToken: String?)
    }

    private let state: Mutex<State>
    /// Where further pages come from; nil for a list built in memory.
    private let source: PageSource<M>?

    /// A loaded list of `elements`, as a new model holds it before it is saved.
    public convenience init(elements: [M] = []) {
        self.init(elements: elements, nextToken: nil, source: nil)
    }

    /// A loaded page.
    init(elements: [M], nextToken: String?, source: PageSource<M>?) {
        state = Mutex(.loaded(elements, nextToken: nextToken))
        self.source = source
    }

    /// A list that `fetch()` loads from `source`.
    init(notLoadedFrom source: PageSource<M>?) {
        state = Mutex(.notLoaded)
        self.source = source
    }

    /// True once the records are here.
    public var isLoaded: Bool {
        state.withLock { if case .loaded = $0 { true } else { false } }
    }

    /// The loaded records (none before `fetch()`).
    public var elements: [M] {
        state.withLock { if case .loaded(let elements, _) = $0 { elements } else { [] } }
    }

    /// Loads the first page when the list is not loaded yet (one root `list` query filtered by the
    /// relationship's reference fields); does nothing when it is.
    public func fetch() async throws(ModelGraphError) {
        guard !isLoaded else { return }
        guard let source else { throw .invalidRequest("this list was not read from a server, so it cannot be fetched") }
        let page = try await source.page(after: nil)
        state.withLock { $0 = .loaded(page.elements, nextToken: page.nextToken) }
    }

    /// True when the server said another page follows this one.
    public func hasNextPage() -> Bool {
        state.withLock { if case .loaded(_, let token) = $0 { token != nil } else { false } }
    }

    /// The page after this one (asked for with this page's `nextToken`).
    public func getNextPage() async throws(ModelGraphError) -> List<M> {
        guard let token = nextToken else { throw .invalidRequest("there is no next page") }
        guard let source else { throw .invalidRequest("this list was not read from a server, so it has no next page") }
        return try await source.page(after: token)
    }

    /// The token of the next page, when the server gave one.
    public var nextToken: String? {
        state.withLock { if case .loaded(_, let token) = $0 { token } else { nil } }
    }

    /// The loaded records' indices.
    public var startIndex: Int { 0 }
    /// The loaded records' end index.
    public var endIndex: Int { elements.count }
    /// A loaded record.
    public subscript(position: Int) -> M { elements[position] }
}

/// Where the pages of a list come from: a request for the page after a token, sent through a client.
struct PageSource<M: Model>: Sendable {
    /// The client the requests go through.
    let client: APIClient
    /// The request for the page after a token (the first page for nil).
    let request: @Sendable (String?) throws(ModelGraphError) -> GraphQLRequest<List<M>>

    /// A page of the list.
    func page(after token: String?) async throws(ModelGraphError) -> List<M> {
        try await client.query(try request(token))
    }

    /// The records of `M` matching `filter`, a thousand a page, with the default selection: how relationships
    /// that were not included load.
    static func association(client: APIClient, filter: QueryFilter) -> PageSource {
        PageSource(client: client) { token throws(ModelGraphError) in
            let selection = try SelectionSet.page(of: M.schema, includes: IncludeTree(), depth: 2)
            return try GraphQLRequest<List<M>>.list(M.self, filter: filter, limit: 1000, nextToken: token, selection: selection)
        }
    }

    /// The pages after the one a request's selection included (`team.members` with a `nextToken`): the parent
    /// read again by its key, selecting only the relationship with the token, because a token belongs to the
    /// field and arguments that produced it. Nil when the parent has no get query or its key was not read.
    static func nested(
        client: APIClient, parent: ModelSchema, parentFields: [String: GraphQLValue], field: String
    ) -> PageSource? {
        guard let getField = parent.getField else { return nil }
        var keys: [String: GraphQLValue] = [:]
        var arguments: [(name: String, type: String)] = []
        for name in parent.primaryKey {
            guard let value = parentFields[name], !value.isNull, let keyField = parent.field(named: name) else { return nil }
            keys[name] = value
            arguments.append((name, keyField.graphQLType.hasSuffix("!") ? keyField.graphQLType : keyField.graphQLType + "!"))
        }
        let parentName = parent.name
        let declared = arguments + [("nextToken", "String")]
        let key = keys
        return PageSource(client: client) { token throws(ModelGraphError) in
            let items = try SelectionSet.page(of: M.schema, includes: IncludeTree(), depth: 3)
            let selection = parent.primaryKey.map { "    \($0)" } + ["    \(field)(nextToken: $nextToken) {"] + items + ["    }"]
            let document = Document.operation(
                "query", field: getField, arguments: declared, rootArguments: parent.primaryKey, selection: selection)
            var variables = key
            if let token { variables["nextToken"] = .string(token) }
            return GraphQLRequest<List<M>>(
                document: document, variables: variables, responseField: getField,
                decode: { (value, context) throws(ModelGraphError) in
                    guard case .object(let fields) = value else { throw .decoding("\(parentName) was not found for the next page of \(field)") }
                    return try ModelValues(fields: fields, schema: parent, context: context).list(field)
                }, invalid: nil)
        }
    }
}
