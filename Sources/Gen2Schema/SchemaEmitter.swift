import JSON
import ModelIR

/// Writes the annotated SDL of evaluated schemas as Amplify's `processSchema` writes it: enums and models in
/// declaration order, then custom types, then the types hoisted from inline `a.enum` / `a.customType` fields
/// (named `<Type><Field>`); types separated by a blank line. Validation runs as each model is written.
struct SchemaEmitter {
    /// Every type of every schema of the file (all of `a.combine`) by name, for references across them; the
    /// first schema declaring a name wins, as in the library's lookup.
    let types: [String: TypeEntry]
    /// The output.
    var text = SourceMappedText()
    /// What custom operations add, written after the types.
    var output = OperationOutput()

    init(schemas: [SchemaBox]) {
        var types: [String: TypeEntry] = [:]
        for schema in schemas {
            for entry in schema.types where types[entry.name] == nil { types[entry.name] = entry }
        }
        self.types = types
    }

    /// Writes every schema.
    static func emit(_ schemas: [SchemaBox]) throws(Gen2Error) -> SourceMappedText {
        var emitter = SchemaEmitter(schemas: schemas)
        for (position, schema) in schemas.enumerated() {
            if position > 0 { emitter.text.append("\n\n", at: schema.location) }
            try emitter.emit(schema)
        }
        emitter.emitOperationTypes()
        return emitter.text
    }

    /// The type named `name` in any of the schemas.
    func type(named name: String) -> TypeEntry? { types[name] }

    private mutating func emit(_ schema: SchemaBox) throws(Gen2Error) {
        let isCustom: (TypeEntry) -> Bool = {
            if case .customType = $0.definition { return true }
            return false
        }
        var entries = schema.types
        // An operation whose last handler is async returns `EventInvocationResponse`, which the library adds to the
        // schema's types (in place of one of that name).
        for entry in schema.types {
            guard case .operation(let operation) = entry.definition, case .eventInvocationResponse? = operation.returned else { continue }
            let added = Self.eventInvocationResponse(at: operation.returnsLocation ?? entry.location)
            if let index = entries.firstIndex(where: { $0.name == added.name }) { entries[index] = added } else { entries.append(added) }
            break
        }
        var queue = entries.filter { !isCustom($0) } + entries.filter(isCustom)
        var position = 0
        var written = false
        while position < queue.count {
            let entry = queue[position]
            position += 1
            if case .operation(let operation) = entry.definition {
                queue += try emitOperation(operation, named: entry, in: schema)
                continue
            }
            if written { text.append("\n\n", at: entry.location) }
            written = true
            switch entry.definition {
            case .enumType(let definition):
                if let bad = definition.values.first(where: { $0.contains { $0.isWhitespace } }) {
                    throw Gen2Error("Values of the enum type \(entry.name) should not contain any whitespace ('\(bad)').", at: definition.location)
                }
                text.append("enum \(entry.name) {", at: entry.location)
                for value in definition.values { text.append("\n  \(value)", at: definition.location) }
                text.append("\n}", at: entry.location)
            case .customType(let definition):
                try validateRefs(definition.fields, of: entry.name, kind: "custom type")
                text.append("type \(entry.name) \n{", at: entry.location)
                queue += try appendFields(definition.fields, of: entry.name, identifier: nil, indexes: [:], customType: true)
                text.append("\n}", at: entry.location)
            case .model(let model):
                try emitModel(model, named: entry, in: schema, queue: &queue)
            case .operation: break
            }
        }
        emitInputs()
    }

    private mutating func emitModel(_ model: ModelDefinition, named entry: TypeEntry, in schema: SchemaBox, queue: inout [TypeEntry]) throws(Gen2Error) {
        try validateRefs(model.fields, of: entry.name, kind: "model")
        try validateKeys(model, named: entry.name)
        let rules = model.rules.isEmpty ? schema.rules : model.rules
        try validateImpliedFields(model, named: entry.name, rules: rules, requireDeclared: schema.database != nil)
        try validateGeneratedAndIdentifiers(model, database: schema.database)
        var indexes: [String: [IndexText]] = [:]
        if let database = schema.database {
            if let index = model.indexes.first {
                throw Gen2Error("Secondary indexes on an existing-database (\(database.engine)) model are dropped by Amplify's converter; remove them.", at: index.location)
            }
            let disabled = Self.disabledOperationsText(model.disabledOperations)
            text.append("type \(entry.name) @model(timestamps: null\(disabled.isEmpty ? "" : ", \(disabled)")) ", at: entry.location)
            if !rules.isEmpty { Self.appendAuth(rules, to: &text) }
            if let original = model.originalName { text.append(" @refersTo(name: \(JSONText.quote(original)))", at: entry.location) }
        } else {
            guard !rules.isEmpty else {
                throw Gen2Error(
                    "Model `\(entry.name)` is missing authorization rules. Add global rules to the schema or ensure every model has its own rules.",
                    at: entry.location)
            }
            try validateRelationships(model, named: entry.name)
            for index in model.indexes {
                try validateIndexRefs(index, model: model, named: entry.name)
                indexes[index.partitionKey, default: []].append((Self.indexText(index, model: entry.name), index.location))
            }
            let disabled = Self.disabledOperationsText(model.disabledOperations)
            text.append("type \(entry.name) \(disabled.isEmpty ? "@model" : "@model(\(disabled))") ", at: entry.location)
            Self.appendAuth(rules, to: &text)
        }
        text.append("\n{", at: entry.location)
        queue += try appendFields(model.fields, of: entry.name, identifier: model.identifier, indexes: indexes, customType: false)
        text.append("\n}", at: entry.location)
    }

    /// Appends one line per field and returns the types hoisted from inline enums and custom types.
    private mutating func appendFields(
        _ fields: [FieldEntry], of typeName: String, identifier: [String]?, indexes: [String: [IndexText]], customType: Bool
    ) throws(Gen2Error) -> [TypeEntry] {
        var hoisted: [TypeEntry] = []
        for field in fields {
            let fieldIndexes = indexes[field.name] ?? []
            var rules: [AuthRule] = []
            let line: [Fragment]
            switch field.builder {
            case .relationship(let relationship):
                line = [(Self.relationshipText(relationship), nil)]
                rules = relationship.rules
            case .scalar(let scalar):
                line = Self.scalarText(scalar, identifier: field.name == identifier?.first ? identifier : nil, indexes: fieldIndexes)
                rules = scalar.rules
            case .ref(let ref):
                line = Self.refText(ref, indexes: fieldIndexes)
                rules = ref.rules
            case .enumType(let definition):
                let name = typeName.capitalizedFirst + field.name.capitalizedFirst
                hoisted.append(TypeEntry(name: name, location: field.location, definition: .enumType(definition)))
                line = [(name, nil)] + fieldIndexes.map { (" \($0.text)", $0.location) }
            case .customType(let definition):
                let name = typeName.capitalizedFirst + field.name.capitalizedFirst
                hoisted.append(TypeEntry(name: name, location: field.location, definition: .customType(definition)))
                line = [(name, nil)]
            }
            if customType, let rule = rules.first {
                throw Gen2Error("Field-level authorization on a custom type's field is dropped by Amplify's converter; put the rule on the model field.", at: rule.location)
            }
            text.append("\n  \(field.name): ", at: field.location)
            for fragment in line { text.append(fragment.text, at: fragment.location ?? field.location) }
            if !rules.isEmpty {
                text.append(" ", at: field.location)
                Self.appendAuth(rules, to: &text)
            }
        }
        return hoisted
    }
}
