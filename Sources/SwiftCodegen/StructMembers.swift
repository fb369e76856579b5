/// The stored members of a generated value struct (a non-model type or an input type), declared, initialised and
/// read from a response in one way: a member that leads back to its own type is held indirectly (`Indirection`).
struct StructMembers {
    /// One member.
    struct Member {
        /// The GraphQL field's name.
        let name: String
        /// Its Swift type.
        let swiftType: String
        /// True when nil is allowed (the type is optional).
        let optional: Bool
        /// True when it is held indirectly.
        let indirect: Bool
        /// Its doc comment's text.
        let summary: String
    }

    let members: [Member]

    /// The property declarations, each under its doc comment.
    var declarations: [String] {
        members.flatMap { member -> [String] in
            let property = SwiftNames.identifier(member.name)
            let declaration =
                member.indirect
                ? Indirection.propertyLines(name: member.name, property: property, swiftType: member.swiftType) : ["    public var \(property): \(member.swiftType)"]
            return ["    /// \(member.summary)"] + declaration
        }
    }

    /// The memberwise initialiser's assignments.
    var assignments: [String] {
        members.map { member in
            let parameter = SwiftNames.identifier(member.name)
            guard member.indirect else { return "        self.\(parameter) = \(parameter)" }
            return "        self._\(member.name) = \(Indirection.wrap(parameter, optional: member.optional))"
        }
    }

    /// `init(graphQLValue:context:)` under `summary`, reading each member from the object named `typeName`.
    func decodingInitializer(typeName: String, summary: String) -> [String] {
        var lines = [
            "    /// \(summary)", "    public init(graphQLValue value: GraphQLValue, context: DecodingContext) throws(ModelGraphError) {",
            "        let values = try ObjectValues(value, typeName: \(SwiftNames.literal(typeName)), context: context)",
        ]
        lines += members.map { member in
            guard member.indirect else { return "        \(SwiftNames.identifier(member.name)) = try values.value(\(SwiftNames.literal(member.name)))" }
            let read = "try values.value(\(SwiftNames.literal(member.name)), as: \(member.swiftType).self)"
            return "        _\(member.name) = \(Indirection.wrap(read, optional: member.optional))"
        }
        return lines + ["    }", ""]
    }
}
