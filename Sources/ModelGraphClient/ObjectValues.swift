internal import Foundation

/// A response object being read into a non-model type: generated initialisers read each field from it.
public struct ObjectValues: Sendable {
    /// The object's fields.
    public var fields: [String: GraphQLValue]
    /// The type's name, for errors.
    public var typeName: String
    /// What nested values are read with.
    public var context: DecodingContext

    /// Reads `value`, which must be an object.
    public init(_ value: GraphQLValue, typeName: String, context: DecodingContext) throws(ModelGraphError) {
        guard case .object(let fields) = value else { throw .decoding("expected a \(typeName) object, got \(value.jsonText)") }
        self.fields = fields
        self.typeName = typeName
        self.context = context
    }

    /// The field `name` (JSON null when absent).
    public func value<T: GraphQLValueConvertible>(_ name: String, as type: T.Type = T.self) throws(ModelGraphError) -> T {
        do {
            return try T(graphQLValue: fields[name] ?? .null, context: context)
        } catch {
            throw .decoding("\(typeName).\(name): \(error.message)")
        }
    }
}

/// A new random `id` for a model made in memory, as the API would fill one in (a UUID).
public func newModelID() -> String {
    UUID().uuidString.lowercased()
}
