import ModelIR

/// The source of a non-model type: a struct with its fields, its schema, and its conversions.
struct EmbeddedWriter {
    let object: ObjectType
    /// True when models store the type; false when only custom operations answer with it.
    let isStored: Bool
    /// Which fields of the schema's non-model types are held indirectly.
    let indirection: Indirection

    /// The struct's members, one per field.
    private var members: StructMembers {
        StructMembers(
            members: object.fields.map { field in
                .init(
                    name: field.name, swiftType: SwiftNames.type(field.type), optional: !field.type.isRequired,
                    indirect: indirection.isIndirect(field.type, in: object.name), summary: "The `\(field.name)` field.")
            })
    }

    /// The file's source.
    var source: String {
        let name = object.name
        let summary = isStored ? "stored inside the models that use it" : "which custom operations answer with"
        var lines = ["public import ModelGraphClient", "", "/// The `\(name)` type, \(summary).", "public struct \(name): Embeddable {"]
        let members = self.members
        lines += members.declarations
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
        lines += members.assignments
        lines.append("    }")
        lines.append("")
        lines += members.decodingInitializer(typeName: name, summary: "Reads a value from a response.")
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
