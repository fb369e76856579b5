import ModelIR

/// The source of an `input` type custom operations take: a struct with its fields that encodes to the input
/// object, leaving out the fields that are nil (so the server takes their defaults).
struct InputWriter {
    let input: InputType
    let schema: Schema

    /// The struct's members, one per field.
    private var members: StructMembers {
        let indirection = Indirection(schema.inputTypes.map { ($0.name, $0.fields.map(\.type)) })
        return StructMembers(
            members: input.fields.map { field in
                .init(
                    name: field.name, swiftType: Self.swiftType(field), optional: Self.isOptional(field),
                    indirect: indirection.isIndirect(field.type, in: input.name), summary: Self.summary(of: field))
            })
    }

    /// The file's source.
    var source: String {
        let name = input.name
        let conformance = SwiftNames.client("GraphQLValueConvertible", in: schema)
        var lines = [
            "public import ModelGraphClient", "", "/// The `\(name)` input type, an argument of the schema's custom operations.", "public struct \(name): \(conformance) {",
        ]
        let members = self.members
        lines += members.declarations
        lines += ["", "    /// Creates a value."]
        let parameters = input.fields.map { field in "\(SwiftNames.identifier(field.name)): \(Self.swiftType(field))" + (Self.isOptional(field) ? " = nil" : "") }
        lines += SwiftNames.declaration("    public init", parameters, " {")
        lines += members.assignments
        lines += ["    }", ""]
        lines += members.decodingInitializer(typeName: name, summary: "Reads a value (as a function's event or a response holds one).")
        lines += encodingLines
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `graphQLValue`: the required fields always, the others when they have a value.
    private var encodingLines: [String] {
        let required = input.fields.filter { !Self.isOptional($0) }
        let optional = input.fields.filter(Self.isOptional)
        let summary = optional.isEmpty ? "The input object a request sends." : "The input object a request sends; a field that is nil is left out."
        var lines = ["    /// \(summary)", "    public var graphQLValue: GraphQLValue {"]
        let pairs = required.map { "\(SwiftNames.literal($0.name)): \(SwiftNames.identifier($0.name)).graphQLValue" }
        guard !optional.isEmpty else {
            if pairs.isEmpty { return lines + ["        .object([:])", "    }"] }
            return lines + ["        .object(["] + SwiftNames.elementLines(pairs, indent: "            ") + ["        ])", "    }"]
        }
        if pairs.isEmpty {
            lines.append("        var fields: [String: GraphQLValue] = [:]")
        } else {
            lines += ["        var fields: [String: GraphQLValue] = ["] + SwiftNames.elementLines(pairs, indent: "            ") + ["        ]"]
        }
        for field in optional {
            let property = SwiftNames.identifier(field.name)
            lines.append("        if let \(property) { fields[\(SwiftNames.literal(field.name))] = \(property).graphQLValue }")
        }
        lines += ["        return .object(fields)", "    }"]
        return lines
    }

    /// True for a field the struct holds as an optional: a nullable one, or one with a default.
    static func isOptional(_ field: CustomArgument) -> Bool { !field.type.isRequired || field.defaultValue != nil }

    /// The Swift type of a field (or an argument): optional when it is nullable or has a default.
    static func swiftType(_ field: CustomArgument) -> String { SwiftNames.type(field.type, forceOptional: field.defaultValue != nil) }

    /// The doc comment of a field: its name, and what nil means when it may be nil.
    private static func summary(of field: CustomArgument) -> String {
        if let value = field.defaultValue { return "The `\(field.name)` field; nil leaves it out, so the server takes its default (`\(SwiftNames.oneLine(value))`)." }
        return field.type.isRequired ? "The `\(field.name)` field." : "The `\(field.name)` field; nil leaves it out."
    }
}
