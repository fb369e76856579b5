import ModelIR

/// The source of a non-model type: a struct with its fields, its schema, and its conversions.
struct EmbeddedWriter {
    let object: ObjectType
    /// True when models store the type; false when only custom operations answer with it.
    let isStored: Bool
    /// Which fields of the schema's non-model types are held indirectly.
    let indirection: Indirection

    /// True when `field` is held indirectly (it leads back to this type).
    private func isIndirect(_ field: Field) -> Bool { indirection.isIndirect(field.type, in: object.name) }

    /// The file's source.
    var source: String {
        let name = object.name
        let summary = isStored ? "stored inside the models that use it" : "which custom operations answer with"
        var lines = ["public import ModelGraphClient", "", "/// The `\(name)` type, \(summary).", "public struct \(name): Embeddable {"]
        for field in object.fields {
            lines.append("    /// The `\(field.name)` field.")
            if isIndirect(field) {
                lines += Indirection.propertyLines(name: field.name, property: SwiftNames.identifier(field.name), swiftType: SwiftNames.type(field.type))
            } else {
                lines.append("    public var \(SwiftNames.identifier(field.name)): \(SwiftNames.type(field.type))")
            }
        }
        lines.append("")
        lines.append("    /// The type's fields, for selection sets.")
        lines.append("    public static let embeddedSchema: EmbeddedSchema = EmbeddedSchema(")
        lines.append("        name: \(SwiftNames.literal(name)),")
        lines.append("        fields: [")
        var entries = object.fields.flatMap { FieldSchema.lines(for: $0, in: nil, schema: nil) }
        // A lone element takes no trailing comma.
        if object.fields.count == 1, let last = entries.popLast() { entries.append(String(last.dropLast())) }
        lines += entries
        lines.append("        ]")
        lines.append("    )")
        lines.append("")
        lines.append("    /// Creates a value.")
        let parameters = object.fields.map { field in
            "\(SwiftNames.identifier(field.name)): \(SwiftNames.type(field.type))" + (field.type.isRequired ? "" : " = nil")
        }
        lines.append("    public init(\(parameters.joined(separator: ", "))) {")
        lines += object.fields.map { field in
            let parameter = SwiftNames.identifier(field.name)
            guard isIndirect(field) else { return "        self.\(parameter) = \(parameter)" }
            return "        self._\(field.name) = \(Indirection.wrap(parameter, optional: !field.type.isRequired))"
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Reads a value from a response.")
        lines.append("    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {")
        lines.append("        let values = try ObjectValues(value, typeName: \(SwiftNames.literal(name)), context: context)")
        lines += object.fields.map { field in
            guard isIndirect(field) else { return "        \(SwiftNames.identifier(field.name)) = try values.value(\(SwiftNames.literal(field.name)))" }
            let read = "try values.value(\(SwiftNames.literal(field.name)), as: \(SwiftNames.type(field.type)).self)"
            return "        _\(field.name) = \(Indirection.wrap(read, optional: !field.type.isRequired))"
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// The value as a request sends it.")
        lines.append("    public var graphQLValue: GraphQLValue {")
        lines.append("        .object([")
        lines += SwiftNames.elementLines(
            object.fields.map { "\(SwiftNames.literal($0.name)): \(SwiftNames.identifier($0.name)).graphQLValue" }, indent: "            ")
        lines.append("        ])")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
