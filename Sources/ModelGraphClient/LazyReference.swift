import Synchronization

/// A single related record (belongsTo or hasOne): loaded, or not loaded yet with what finds it (its key, or
/// the reference fields that point back). `get()` loads it once; copies of the model share what it loaded.
public final class LazyReference<M: Model>: Sendable {
    /// How a reference not loaded yet finds its record.
    enum Loader: Sendable {
        /// `getX` with the record's key.
        case identifier([String: GraphQLValue])
        /// The one record of `listXs` matching the filter (a hasOne whose target holds the reference).
        case referencing(QueryFilter)
    }

    private enum State: Sendable {
        case loaded(M?)
        case notLoaded(Loader)
    }

    private let state: Mutex<State>
    private let client: APIClient?

    /// A loaded reference to `model` (nil: no record).
    public init(_ model: M?) {
        state = Mutex(.loaded(model))
        client = nil
    }

    /// A reference to the record with `key` (target key field → value) in a model made in memory; no
    /// record when any value is null. Such a reference has no client, so it cannot be loaded.
    public convenience init(key: [String: GraphQLValue]) {
        if key.isEmpty || key.values.contains(where: \.isNull) {
            self.init(loaded: nil)
        } else {
            self.init(notLoaded: .identifier(key), client: nil)
        }
    }

    /// A loaded reference.
    convenience init(loaded model: M?) {
        self.init(model)
    }

    /// A reference `get()` loads through `client`.
    init(notLoaded loader: Loader, client: APIClient?) {
        state = Mutex(.notLoaded(loader))
        self.client = client
    }

    /// True once the record (or its absence) is known.
    public var isLoaded: Bool {
        state.withLock { if case .loaded = $0 { true } else { false } }
    }

    /// The key of the referenced record when it is not loaded yet and found by key, by key field name.
    public var identifierValues: [String: GraphQLValue]? {
        state.withLock { if case .notLoaded(.identifier(let key)) = $0 { key } else { nil } }
    }

    /// The record, loading it with one request the first time.
    public func get() async throws(ModelGraphError) -> M? {
        let current = state.withLock { $0 }
        switch current {
        case .loaded(let model):
            return model
        case .notLoaded(let loader):
            guard let client else { throw .invalidRequest("this reference was not read from a server, so it cannot be loaded") }
            let model: M?
            switch loader {
            case .identifier(let key) where M.schema.getField == nil:
                // No get query: the one record of the list whose key fields equal the key.
                let filter = QueryFilter.and(key.sorted { $0.key < $1.key }.map { QueryFilter.field($0.key, "eq", $0.value) })
                model = try await PageSource<M>.association(client: client, filter: filter).page(after: nil).elements.first
            case .identifier(let key):
                model = try await client.query(GraphQLRequest<M?>.get(M.self, keyValues: key, includes: IncludeTree()))
            case .referencing(let filter):
                model = try await PageSource<M>.association(client: client, filter: filter).page(after: nil).elements.first
            }
            state.withLock { $0 = .loaded(model) }
            return model
        }
    }
}
