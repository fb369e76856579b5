/// A user-declared GraphQL enum.
package struct EnumType: Equatable, Sendable, Codable {
    /// The enum's name.
    package var name: String
    /// Its values, in declaration order.
    package var values: [String]
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates an enum.
    package init(name: String, values: [String], location: SourceLocation? = nil) {
        self.name = name
        self.values = values
        self.location = location
    }
}

/// A non-model object type, stored as JSON inside the model that uses it.
package struct ObjectType: Equatable, Sendable, Codable {
    /// The type's name.
    package var name: String
    /// Its fields, in declaration order.
    package var fields: [Field]
    /// Where it was declared.
    package var location: SourceLocation?

    /// Creates an object type.
    package init(name: String, fields: [Field], location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.location = location
    }
}
