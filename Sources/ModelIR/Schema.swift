/// The whole user schema after parsing and lowering: the single vocabulary every later stage reads.
package struct Schema: Equatable, Sendable, Codable {
    /// `@model` types in declaration order (including join models that `@manyToMany` synthesised).
    package var models: [Model]
    /// User enums in declaration order.
    package var enums: [EnumType]
    /// Non-model object types in declaration order.
    package var objectTypes: [ObjectType]

    /// Creates a schema.
    package init(models: [Model], enums: [EnumType] = [], objectTypes: [ObjectType] = []) {
        self.models = models
        self.enums = enums
        self.objectTypes = objectTypes
    }

    /// The model called `name`.
    package func model(named name: String) -> Model? {
        models.first { $0.name == name }
    }

    /// The enum called `name`.
    package func enumType(named name: String) -> EnumType? {
        enums.first { $0.name == name }
    }
}
