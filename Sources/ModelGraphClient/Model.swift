/// A generated model type: a `Sendable` value with its fields, its identifier and the schema the client builds
/// requests from.
public protocol Model: GraphQLValueConvertible {
    /// The identifier: the key field's type for a single-field key, a generated struct for a composite one.
    associatedtype Identifier: Sendable
    /// The model's schema.
    static var schema: ModelSchema { get }
    /// This record's identifier.
    var identifier: Identifier { get }
    /// The key arguments of `identifier`, by key field name.
    static func keyValues(of identifier: Identifier) -> [String: GraphQLValue]
    /// Reads a record from a response object.
    init(values: ModelValues) throws(ModelGraphError)
    /// The stored fields (scalars, enums, non-model values, reference fields) by name, for inputs.
    var storedValues: [String: GraphQLValue] { get }
}

extension Model {
    /// Reads a record from a response object.
    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {
        guard case .object(let fields) = value else { throw .decoding("expected a \(Self.schema.name) object, got \(value.jsonText)") }
        try self.init(values: ModelValues(fields: fields, schema: Self.schema, context: context))
    }

    /// The stored fields as an object.
    public var graphQLValue: GraphQLValue { .object(storedValues) }
}

/// A generated non-model type (stored as JSON inside the model that uses it).
public protocol Embeddable: GraphQLValueConvertible {
    /// The type's fields, for selection sets.
    static var embeddedSchema: EmbeddedSchema { get }
}

/// What decoding a response needs besides the JSON: the client that lazy relationships load through.
public struct DecodingContext: Sendable {
    /// The client the response came from; nil for values decoded outside a request.
    public var client: APIClient?

    /// Creates a context.
    public init(client: APIClient?) {
        self.client = client
    }
}

/// A response object being read into a model: generated initialisers read each field from it.
public struct ModelValues: Sendable {
    /// The object's fields as the response has them.
    public var fields: [String: GraphQLValue]
    /// The schema of the model being read.
    public var schema: ModelSchema
    /// The client lazy relationships load through.
    public var context: DecodingContext

    /// Creates the reader.
    public init(fields: [String: GraphQLValue], schema: ModelSchema, context: DecodingContext) {
        self.fields = fields
        self.schema = schema
        self.context = context
    }

    /// The field `name` (JSON null when absent, so an optional reads as nil and a required field fails).
    public func value<T: GraphQLValueConvertible>(_ name: String, as type: T.Type = T.self) throws(ModelGraphError) -> T {
        do {
            return try T(graphQLValue: fields[name] ?? .null, context: context)
        } catch {
            throw .decoding("\(schema.name).\(name): \(error.message)")
        }
    }

    /// The relationship `name` (belongsTo or hasOne) as a lazy reference: loaded when the response selected
    /// more than the target's key, else not loaded, with what is needed to load it.
    public func reference<M: Model>(_ name: String, as type: M.Type = M.self) throws(ModelGraphError) -> LazyReference<M> {
        guard let field = schema.field(named: name) else { throw .decoding("\(schema.name) has no relationship \(name)") }
        let present = fields[name]
        switch field.kind {
        case .belongsTo(_, let localFields, let targetFields):
            if let present, !present.isNull, !Self.holdsOnlyKey(present, key: M.schema.primaryKey) {
                return LazyReference(loaded: try M(graphQLValue: present, context: context))
            }
            // The reference fields say which record it is; all null means there is none.
            var key: [String: GraphQLValue] = [:]
            for (local, target) in zip(localFields, targetFields) {
                let value = present?[target] ?? fields[local] ?? .null
                if value.isNull { return LazyReference(loaded: nil) }
                key[target] = value
            }
            return LazyReference(notLoaded: .identifier(key), client: context.client)
        case .hasOne(_, let localFields, let targetFields):
            if let present {
                return LazyReference(loaded: present.isNull ? nil : try M(graphQLValue: present, context: context))
            }
            return LazyReference(notLoaded: .referencing(try association(localFields, targetFields)), client: context.client)
        default:
            throw .decoding("\(schema.name).\(name) is not a single-record relationship")
        }
    }

    /// The hasMany relationship `name`: the page the response selected, or a list not loaded yet.
    public func list<M: Model>(_ name: String, of type: M.Type = M.self) throws(ModelGraphError) -> List<M> {
        guard let field = schema.field(named: name), case .hasMany(_, let localFields, let targetFields) = field.kind else {
            throw .decoding("\(schema.name).\(name) is not a hasMany relationship")
        }
        guard let present = fields[name], !present.isNull else {
            let filter = try association(localFields, targetFields)
            return List(notLoadedFrom: context.client.map { PageSource<M>.association(client: $0, filter: filter) })
        }
        guard case .list(let items)? = present["items"] else { throw .decoding("\(schema.name).\(name) has no items") }
        var elements: [M] = []
        for item in items { elements.append(try M(graphQLValue: item, context: context)) }
        var nextToken: String?
        if case .string(let token)? = present["nextToken"] { nextToken = token }
        let source = context.client.flatMap { PageSource<M>.nested(client: $0, parent: schema, parentFields: fields, field: name) }
        return List(elements: elements, nextToken: nextToken, source: source)
    }

    /// The filter that finds the target records referring to this one: each target field equal to the local
    /// field's value.
    private func association(_ localFields: [String], _ targetFields: [String]) throws(ModelGraphError) -> QueryFilter {
        var conditions: [QueryFilter] = []
        for (local, target) in zip(localFields, targetFields) {
            guard let value = fields[local], !value.isNull else { throw .decoding("\(schema.name).\(local) is missing, so its relationships cannot be loaded") }
            conditions.append(.field(target, "eq", value))
        }
        return conditions.count == 1 ? conditions[0] : .and(conditions)
    }

    /// True when `object` has nothing but the key fields and `__typename`: a reference not loaded yet.
    private static func holdsOnlyKey(_ object: GraphQLValue, key: [String]) -> Bool {
        guard let fields = object.objectValue else { return false }
        return fields.keys.allSatisfy { $0 == "__typename" || key.contains($0) }
    }
}
