import ModelIR

/// The source of a non-model type: a struct with its fields, its schema, and its conversions.
struct EmbeddedWriter {
    let object: ObjectType

    /// The file's source.
    var source: String {
        let name = object.name
        var lines = ["public import ModelGraphClient", "", "/// The `\(name)` type, stored inside the models that use it.", "public struct \(name): Embeddable {"]
        for field in object.fields {
            lines.append("    /// The `\(field.name)` field.")
            lines.append("    public var \(SwiftNames.identifier(field.name)): \(SwiftNames.type(field.type))")
        }
        lines.append("")
        lines.append("    /// The type's fields, for selection sets.")
        lines.append("    public static let embeddedSchema: EmbeddedSchema = EmbeddedSchema(")
        lines.append("        name: \(SwiftNames.literal(name)),")
        lines.append("        fields: [")
        lines += object.fields.flatMap { FieldSchema.lines(for: $0, in: nil, schema: nil) }
        lines.append("        ]")
        lines.append("    )")
        lines.append("")
        lines.append("    /// Creates a value.")
        let parameters = object.fields.map { field in
            "\(SwiftNames.identifier(field.name)): \(SwiftNames.type(field.type))" + (field.type.isRequired ? "" : " = nil")
        }
        lines.append("    public init(\(parameters.joined(separator: ", "))) {")
        lines += object.fields.map { "        self.\(SwiftNames.identifier($0.name)) = \(SwiftNames.identifier($0.name))" }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Reads a value from a response.")
        lines.append("    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {")
        lines.append("        let values = try ObjectValues(value, typeName: \(SwiftNames.literal(name)), context: context)")
        lines += object.fields.map { "        \(SwiftNames.identifier($0.name)) = try values.value(\(SwiftNames.literal($0.name)))" }
        lines.append("    }")
        lines.append("")
        lines.append("    /// The value as a request sends it.")
        lines.append("    public var graphQLValue: GraphQLValue {")
        lines.append("        .object([")
        lines += object.fields.map { "            \(SwiftNames.literal($0.name)): \(SwiftNames.identifier($0.name)).graphQLValue," }
        lines.append("        ])")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
