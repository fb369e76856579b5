import APISchema
import ModelIR

/// The source of one model: the struct, its schema, its initialisers and conversions, its relationship
/// accessors, its typed field paths (`keys`) and its include paths.
struct ModelWriter {
    let model: Model
    let schema: Schema

    private var name: String { model.name }

    /// The client's `name` type as generated code must spell it: module-qualified when the schema declares a
    /// type of the same name (a model called `List`, say), which would shadow it.
    private func runtime(_ name: String) -> String { SwiftNames.client(name, in: schema) }
    private var storedFields: [Field] { model.storedFields }
    private var relationshipFields: [Field] { model.fields.filter { $0.relationship != nil } }

    /// True for fields the server fills (timestamps, owner): read-only and optional here.
    private func isReadOnly(_ field: Field) -> Bool { field.origin == .implicitTimestamp || field.origin == .implicitOwner }

    /// The Swift type of a stored field (read-only ones optional: a model made in memory lacks them).
    private func swiftType(_ field: Field) -> String { SwiftNames.type(field.type, forceOptional: isReadOnly(field)) }

    /// The file's source.
    var source: String {
        var lines = ["public import ModelGraphClient", "", "/// The `\(name)` model.", "public struct \(name): \(runtime("Model")) {"]
        lines += identifierLines + [""]
        lines += propertyLines + [""]
        lines += schemaLines + [""]
        lines += memberwiseInitLines + [""]
        lines += decodingLines + [""]
        lines += conversionLines
        for field in relationshipFields {
            let accessors = relationshipLines(field)
            if !accessors.isEmpty { lines += [""] + accessors }
        }
        lines.append("}")
        lines += [""] + keysLines
        if !relationshipFields.isEmpty { lines += [""] + pathLines }
        var indexQueries = model.indexes.compactMap { index in
            index.queryField.flatMap { keyQueryLines(field: $0, fields: index.fields, keyName: "`\(index.name)` index", label: Inflection.upperFirst(index.name)) }
        }
        // A key with sort fields: the list query also takes the partition value and a sort-key condition.
        if model.hasPrimaryKeyDirective, model.primaryKey.count > 1, let list = ModelNames(model).list,
            let lines = keyQueryLines(field: list, fields: model.primaryKey, keyName: "primary key", label: "Primary")
        {
            indexQueries.insert(lines, at: 0)
        }
        if !indexQueries.isEmpty {
            lines += ["", "extension GraphQLRequest {"] + indexQueries.joined(separator: [""]) + ["}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key's fields.
    private var keyFields: [Field] { model.primaryKeyFields }

    /// `typealias Identifier` for a one-field key, else a struct of the key's fields.
    private var identifierLines: [String] {
        if keyFields.count == 1 {
            return ["    /// The identifier: the `\(keyFields[0].name)` field.", "    public typealias Identifier = \(SwiftNames.type(keyFields[0].type.with(required: true)))"]
        }
        let parameters = keyFields.map { "\(SwiftNames.identifier($0.name)): \(SwiftNames.type($0.type.with(required: true)))" }.joined(separator: ", ")
        var lines = ["    /// The identifier: the key's fields, in key order.", "    public struct Identifier: Sendable, Hashable {"]
        for field in keyFields {
            lines.append("        /// The `\(field.name)` key field.")
            lines.append("        public var \(SwiftNames.identifier(field.name)): \(SwiftNames.type(field.type.with(required: true)))")
        }
        lines += ["", "        /// Creates an identifier.", "        public init(\(parameters)) {"]
        lines += keyFields.map { "            self.\(SwiftNames.identifier($0.name)) = \(SwiftNames.identifier($0.name))" }
        lines += ["        }", "", "        /// Creates an identifier (`.identifier(…)` where one is expected)."]
        lines.append("        public static func identifier(\(parameters)) -> Identifier {")
        lines.append("            Identifier(\(keyFields.map { "\(SwiftNames.identifier($0.name)): \(SwiftNames.identifier($0.name))" }.joined(separator: ", ")))")
        lines += ["        }", "    }"]
        return lines
    }

    /// Stored fields (key fields constant, server-filled ones read-only), then relationship storage.
    private var propertyLines: [String] {
        var lines: [String] = []
        for field in storedFields {
            let access = model.primaryKey.contains(field.name) ? "public let" : isReadOnly(field) ? "public internal(set) var" : "public var"
            let note = isReadOnly(field) ? " (the server fills it)" : ""
            lines.append("    /// The `\(field.name)` field\(note).")
            lines.append("    \(access) \(SwiftNames.identifier(field.name)): \(swiftType(field))")
        }
        for field in relationshipFields {
            let target = field.type.base.name
            switch FieldSchema.kind(of: field.relationship!) {
            case .belongsTo, .hasOne:
                lines.append("    /// The `\(field.name)` relationship's record, loaded or not.")
                lines.append("    var _\(field.name): LazyReference<\(target)>")
            case .hasMany:
                lines.append("    /// The `\(field.name)` relationship: loaded when the request included it, else `fetch()` loads it.")
                lines.append("    public var \(SwiftNames.identifier(field.name)): \(runtime("List"))<\(target)>")
            }
        }
        return lines
    }

    /// `public static let schema: ModelSchema = ModelSchema(…)`.
    private var schemaLines: [String] {
        let names = ModelNames(model)
        func optional(_ name: String?) -> String { name.map(SwiftNames.literal) ?? "nil" }
        var lines = ["    /// The model's API names, key and fields.", "    public static let schema: ModelSchema = ModelSchema("]
        lines.append("        name: \(SwiftNames.literal(name)),")
        lines.append("        getField: \(optional(names.get)), listField: \(optional(names.list)),")
        lines.append("        createField: \(optional(names.create)), updateField: \(optional(names.update)), deleteField: \(optional(names.delete)),")
        lines.append("        filterInput: \(SwiftNames.literal(names.filterInput)), conditionInput: \(SwiftNames.literal(names.conditionInput)),")
        let inputs = [("createInput", names.createInput), ("updateInput", names.updateInput), ("deleteInput", names.deleteInput)]
        lines.append("        " + inputs.map { "\($0): \(SwiftNames.literal($1))," }.joined(separator: " "))
        lines.append("        primaryKey: \(SwiftNames.literals(model.primaryKey)),")
        lines.append("        fields: [")
        lines += model.fields.flatMap { FieldSchema.lines(for: $0, in: model, schema: schema) }
        lines += ["        ]", "    )"]
        return lines
    }

    /// The fields a new record is made with: the writable stored ones, then the records it refers to.
    private var memberwiseInitLines: [String] {
        let writable = storedFields.filter { !isReadOnly($0) }
        let references = relationshipFields.filter { FieldSchema.kind(of: $0.relationship!) == .belongsTo }
        var parameters: [String] = writable.map { field in
            let type = swiftType(field)
            if field.name == "id" && model.generatesID { return "id: \(type) = newModelID()" }
            return "\(SwiftNames.identifier(field.name)): \(type)" + (field.type.isRequired ? "" : " = nil")
        }
        parameters += references.map { "\(SwiftNames.identifier($0.name)): \($0.type.base.name)? = nil" }
        var lines = ["    /// A new record (not saved yet); a record given for a relationship sets its reference fields."]
        lines.append("    public init(")
        lines += parameters.enumerated().map { index, parameter in "        \(parameter)" + (index == parameters.count - 1 ? "" : ",") }
        lines.append("    ) {")
        lines += writable.map { "        self.\(SwiftNames.identifier($0.name)) = \(SwiftNames.identifier($0.name))" }
        lines += storedFields.filter(isReadOnly).map { "        self.\(SwiftNames.identifier($0.name)) = nil" }
        for field in relationshipFields {
            let relationship = field.relationship!
            switch FieldSchema.kind(of: relationship) {
            case .belongsTo:
                let key = zip(relationship.targetFields, relationship.localFields).map { "\(SwiftNames.literal($0)): \(SwiftNames.identifier($1)).graphQLValue" }
                lines.append("        self._\(field.name) = LazyReference(key: [\(key.joined(separator: ", "))])")
            case .hasOne:
                lines.append("        self._\(field.name) = LazyReference(nil)")
            case .hasMany:
                lines.append("        self.\(SwiftNames.identifier(field.name)) = \(runtime("List"))()")
            }
        }
        for field in references where setterParameter(field) != nil {
            let parameter = SwiftNames.identifier(field.name)
            lines.append("        if let \(parameter) { set\(SwiftNames.upperFirst(field.name))(\(parameter)) }")
        }
        lines.append("    }")
        return lines
    }

    /// `init(values:)`: every field from a response object.
    private var decodingLines: [String] {
        var lines = ["    /// Reads a record from a response.", "    public init(values: ModelValues) throws(ModelGraphError) {"]
        for field in model.fields {
            let property = SwiftNames.identifier(field.name)
            let literal = SwiftNames.literal(field.name)
            guard let relationship = field.relationship else {
                lines.append("        \(property) = try values.value(\(literal))")
                continue
            }
            switch FieldSchema.kind(of: relationship) {
            case .belongsTo, .hasOne: lines.append("        _\(field.name) = try values.reference(\(literal))")
            case .hasMany: lines.append("        \(property) = try values.list(\(literal))")
            }
        }
        lines.append("    }")
        return lines
    }

    /// `identifier`, `keyValues(of:)` and `storedValues`.
    private var conversionLines: [String] {
        var lines = ["    /// This record's identifier."]
        if keyFields.count == 1 {
            lines.append("    public var identifier: Identifier { \(SwiftNames.identifier(keyFields[0].name)) }")
        } else {
            let arguments = keyFields.map { "\(SwiftNames.identifier($0.name)): \(SwiftNames.identifier($0.name))" }.joined(separator: ", ")
            lines.append("    public var identifier: Identifier { Identifier(\(arguments)) }")
        }
        lines += ["", "    /// The key arguments of an identifier.", "    public static func keyValues(of identifier: Identifier) -> [String: GraphQLValue] {"]
        if keyFields.count == 1 {
            lines.append("        [\(SwiftNames.literal(keyFields[0].name)): identifier.graphQLValue]")
        } else {
            let pairs = keyFields.map { "\(SwiftNames.literal($0.name)): identifier.\(SwiftNames.identifier($0.name)).graphQLValue" }
            lines.append("        [\(pairs.joined(separator: ", "))]")
        }
        lines += ["    }", "", "    /// The stored fields, for inputs.", "    public var storedValues: [String: GraphQLValue] {", "        ["]
        lines += storedFields.map { "            \(SwiftNames.literal($0.name)): \(SwiftNames.identifier($0.name)).graphQLValue," }
        lines += ["        ]", "    }"]
        return lines
    }

    /// The parameter type of `setX(_:)`, nil when the relationship cannot be set here (its reference fields are
    /// key fields, which do not change, or the target stores the reference): optional when every reference
    /// field is.
    private func setterParameter(_ field: Field) -> String? {
        guard let relationship = field.relationship, FieldSchema.kind(of: relationship) == .belongsTo else { return nil }
        let locals = relationship.localFields.compactMap { model.field(named: $0) }
        guard locals.count == relationship.localFields.count, !locals.contains(where: { model.primaryKey.contains($0.name) }) else { return nil }
        return field.type.base.name + (locals.allSatisfy { !$0.type.isRequired } ? "?" : "")
    }

    /// The async getter of a single-record relationship and, for a stored reference, its setter.
    private func relationshipLines(_ field: Field) -> [String] {
        let relationship = field.relationship!
        let property = SwiftNames.identifier(field.name)
        let target = field.type.base.name
        guard FieldSchema.kind(of: relationship) != .hasMany else { return [] }
        var lines = [
            "    /// The `\(field.name)` relationship: loaded when the request included it, else with one request the first time.",
            "    public var \(property): \(target)? {",
            "        get async throws(ModelGraphError) { try await _\(field.name).get() }",
            "    }",
        ]
        guard let parameter = setterParameter(field) else { return lines }
        let optional = parameter.hasSuffix("?")
        lines += [
            "", "    /// Points the `\(field.name)` relationship at `\(field.name)`, setting its reference fields.",
            "    public mutating func set\(SwiftNames.upperFirst(field.name))(_ \(field.name): \(parameter)) {",
            "        _\(field.name) = LazyReference(\(field.name))",
        ]
        for (local, targetField) in zip(relationship.localFields, relationship.targetFields) {
            lines.append("        \(SwiftNames.identifier(local)) = \(property)\(optional ? "?" : "").\(SwiftNames.identifier(targetField))")
        }
        lines.append("    }")
        return lines
    }

    /// `Keys`: a typed path for every scalar and enum field, for filters and conditions.
    private var keysLines: [String] {
        var lines = [
            "extension \(name) {", "    /// Typed paths to the fields, for filters and conditions (`\(name).keys.field == value`).", "    public struct Keys: Sendable {",
        ]
        for field in storedFields {
            if case .object = field.type.base { continue }
            lines.append("        /// The `\(field.name)` field.")
            lines.append("        public let \(SwiftNames.identifier(field.name)) = FieldPath<\(name), \(SwiftNames.elementType(field.type))>(\(SwiftNames.literal(field.name)))")
        }
        lines += ["    }", "", "    /// The typed field paths.", "    public static let keys: Keys = Keys()", "}"]
        return lines
    }

    /// `ModelPath` properties for `includes:`, one per relationship.
    private var pathLines: [String] {
        var lines = ["extension ModelPath where M == \(name) {"]
        for (index, field) in relationshipFields.enumerated() {
            if index > 0 { lines.append("") }
            lines.append("    /// Includes the `\(field.name)` relationship.")
            lines.append("    public var \(SwiftNames.identifier(field.name)): ModelPath<\(field.type.base.name)> { appending(\(SwiftNames.literal(field.name))) }")
        }
        lines.append("}")
        return lines
    }

    /// A request function for a key's query field (`.itemsByShelfIdAndAddedOn(shelfId:addedOn:…)` for an index,
    /// `.listItems(sku:kindVersion:…)` for the primary key): the partition value, then a condition on a single
    /// sort key (`KeyCondition`) or, for a composite one, the condition input as a `GraphQLValue`.
    private func keyQueryLines(field queryField: String, fields: [String], keyName: String, label: String) -> [String]? {
        guard let partition = model.field(named: fields[0]) else { return nil }
        let list = "\(runtime("List"))<\(name)>"
        var parameters = ["\(SwiftNames.identifier(partition.name)): \(SwiftNames.type(partition.type.with(required: true)))"]
        var arguments = [
            "KeyArgument(\(SwiftNames.literal(partition.name)), \(SwiftNames.literal(partition.type.with(required: true).description)), \(SwiftNames.identifier(partition.name)).graphQLValue)"
        ]
        let sortFields = Array(fields.dropFirst())
        if let sortKey = SortKeyArgument(model: model, sortKeys: sortFields, compositeLabel: label) {
            let parameter = SwiftNames.identifier(sortKey.name)
            if sortFields.count == 1, let field = model.field(named: sortFields[0]) {
                parameters.append("\(parameter): KeyCondition<\(SwiftNames.elementType(field.type))>? = nil")
                arguments.append("KeyArgument(\(SwiftNames.literal(sortKey.name)), \(SwiftNames.literal(sortKey.type)), \(parameter)?.graphQLValue)")
            } else {
                parameters.append("\(parameter): GraphQLValue? = nil")
                arguments.append("KeyArgument(\(SwiftNames.literal(sortKey.name)), \(SwiftNames.literal(sortKey.type)), \(parameter))")
            }
        }
        parameters += [
            "sortDirection: SortDirection? = nil", "where predicate: QueryPredicate<\(name)>? = nil", "limit: Int? = nil", "nextToken: String? = nil",
            "includes: (ModelPath<\(name)>) -> [any IncludePath] = { _ in [] }",
        ]
        var lines = [
            "    /// `\(queryField)`: the `\(name)` records of the \(keyName) whose `\(partition.name)` is the given value.",
            "    public static func \(SwiftNames.identifier(queryField))(",
        ]
        lines += parameters.enumerated().map { position, parameter in "        \(parameter)" + (position == parameters.count - 1 ? "" : ",") }
        lines += [
            "    ) -> GraphQLRequest<\(list)> where R == \(list) {",
            "        keyQuery(",
            "            \(name).self, field: \(SwiftNames.literal(queryField)),",
        ]
        if arguments.count == 1 {
            lines.append("            keyArguments: [\(arguments[0])],")
        } else {
            lines += ["            keyArguments: ["] + arguments.map { "                \($0)," } + ["            ],"]
        }
        lines += [
            "            sortDirection: sortDirection, where: predicate, limit: limit, nextToken: nextToken, includes: includes)",
            "    }",
        ]
        return lines
    }
}
