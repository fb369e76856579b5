import ModelIR

/// Schema modifiers: `.authorization`, and the existing-database ones (`renameModels`, `setRelationships`,
/// `setAuthorization`, with `models.X.relationships(...)` / `models.X.authorization(...)`).
extension Evaluator {
    /// `schema.name(arguments)`; the schema changes in place, as the library's does.
    mutating func schemaMethod(_ name: String, _ box: SchemaBox, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        switch name {
        case "authorization":
            let rules = try authorizationRules(arguments, at: location, schemaLevel: true)
            box.rules = rules.filter { $0.resource == nil }
            for rule in rules {
                guard let function = rule.resource else { continue }
                notes.add(
                    "allow.resource(\(function)) gives the function '\(function)' IAM access to the API, which ModelGraph does not serve: the function calls back with an API key or a token like any client."
                )
            }
        case "renameModels" where box.database != nil:
            try renameModels(box, arguments, at: location)
        case "setRelationships" where box.database != nil, "setAuthorization" where box.database != nil:
            let given = try argument(arguments, 0, of: ".\(name)(...)", expecting: "a function", at: location)
            guard case .function(let closure) = given.value else { throw Gen2Error(".\(name) expects a function such as models => [...].", at: given.location) }
            _ = try invoke(closure, [.builtin(.models(box)), .schema(box)], at: given.location)
        case "addToSchema" where box.database != nil:
            try addToSchema(box, arguments, at: location)
        case "addQueries" where box.database != nil, "addMutations" where box.database != nil, "addSubscriptions" where box.database != nil:
            try addToSchema(box, arguments, at: location, only: ["addQueries": .query, "addMutations": .mutation, "addSubscriptions": .subscription][name])
        case "renameModels", "setRelationships", "setAuthorization", "addToSchema", "addQueries", "addMutations", "addSubscriptions":
            throw Gen2Error(".\(name)(...) belongs to existing-database schemas: a.configure({ database: ... }).schema({...}).", at: location)
        default:
            throw Gen2Error("A schema has no method '\(name)' that ModelGraph knows.", at: location)
        }
        return .schema(box)
    }

    /// `.addToSchema({...})` on an existing-database schema: enums, custom types and custom operations join the
    /// schema; a model cannot (the tables are the database's). `.addQueries` / `.addMutations` /
    /// `.addSubscriptions` take operations of their kind (`only`).
    private func addToSchema(_ box: SchemaBox, _ arguments: [Value.Located], at location: SourceLocation, only: CustomOperationDefinition.Kind? = nil) throws(Gen2Error) {
        for member in try object(arguments, 0, of: ".addToSchema(...)", at: location) {
            let definition: TypeDefinition
            switch member.value {
            case .operation(let operation) where only == nil || only == operation.kind: definition = .operation(operation)
            case let value where only != nil:
                throw Gen2Error("This entry must be \(only?.builder ?? ""), not \(value.description).", at: member.location)
            case .field(.enumType(let values)): definition = .enumType(values)
            case .field(.customType(let custom)): definition = .customType(custom)
            case .model:
                throw Gen2Error(".addToSchema cannot add the model '\(member.key)': an existing-database schema's models are its tables.", at: member.location)
            default:
                throw Gen2Error(".addToSchema entry '\(member.key)' must be an a.enum() or a.customType(), not \(member.value.description).", at: member.location)
            }
            guard box.index(of: member.key) == nil else {
                throw Gen2Error(".addToSchema: the schema already has a type named '\(member.key)'.", at: member.location)
            }
            box.types.append(TypeEntry(name: member.key, location: member.location, definition: definition))
        }
    }

    /// `.renameModels(() => [['table_name', 'ModelName'], ...])`.
    private mutating func renameModels(_ box: SchemaBox, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) {
        let given = try argument(arguments, 0, of: ".renameModels(...)", expecting: "a function", at: location)
        guard case .function(let closure) = given.value else { throw Gen2Error(".renameModels expects a function such as () => [['posts', 'Post']].", at: given.location) }
        guard case .array(let pairs) = try invoke(closure, [], at: given.location) else {
            throw Gen2Error(".renameModels' function must return an array of [current, new] name pairs.", at: given.location)
        }
        for pair in pairs {
            let names = try strings(pair, of: ".renameModels")
            guard names.count == 2 else { throw Gen2Error("Each .renameModels entry is a pair: [current name, new name].", at: pair.location) }
            guard let index = box.index(of: names[0].text) else {
                throw Gen2Error("Invalid renameModels call: '\(names[0].text)' is not defined in the schema.", at: names[0].location)
            }
            guard !names[1].text.isEmpty else { throw Gen2Error("Invalid renameModels call: the new name must not be empty.", at: names[1].location) }
            var entry = box.types.remove(at: index)
            if case .model(var model) = entry.definition {
                model.originalName = model.originalName ?? names[0].text
                entry.definition = .model(model)
            }
            entry.name = names[1].text
            box.types.removeAll { $0.name == names[1].text }
            box.types.append(entry)
        }
    }

    /// `models.Name.fields.field.authorization(allow => ...)`: the field's rules, as `.authorization` on its
    /// builder would set them.
    mutating func authorizeField(_ field: String, of model: String, in box: SchemaBox, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) {
        guard let index = box.index(of: model), case .model(var definition) = box.types[index].definition,
            let position = definition.fields.firstIndex(where: { $0.name == field })
        else { throw Gen2Error("models.\(model).fields.\(field): the model has no field named '\(field)'.", at: location) }
        let rules = try authorizationRules(arguments, at: location)
        switch definition.fields[position].builder {
        case .scalar(var scalar):
            scalar.rules = rules
            definition.fields[position].builder = .scalar(scalar)
        case .ref(var reference):
            reference.rules = rules
            definition.fields[position].builder = .ref(reference)
        case .relationship(var relationship):
            relationship.rules = rules
            definition.fields[position].builder = .relationship(relationship)
        case .enumType, .customType:
            throw Gen2Error("Field-level authorization on an inline enum or custom type is dropped by Amplify's converter; use a.ref('Name').", at: location)
        }
        box.types[index].definition = .model(definition)
    }

    /// `models.Name.relationships({...})` and `models.Name.authorization(allow => ...)`.
    mutating func modelHandleMethod(_ name: String, _ box: SchemaBox, _ model: String, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        guard let index = box.index(of: model), case .model(var definition) = box.types[index].definition else {
            throw Gen2Error("models.\(model): the schema has no model named '\(model)'.", at: location)
        }
        switch name {
        case "relationships":
            for field in try fieldEntries(try object(arguments, 0, of: "models.\(model).relationships(...)", at: location), of: "a model") {
                guard case .relationship = field.builder else {
                    throw Gen2Error("models.\(model).relationships takes a.hasMany, a.hasOne and a.belongsTo fields only.", at: field.location)
                }
                if let existing = definition.fields.firstIndex(where: { $0.name == field.name }) {
                    definition.fields[existing] = field
                } else {
                    definition.fields.append(field)
                }
            }
        case "authorization":
            definition.rules = try authorizationRules(arguments, at: location)
        default:
            throw Gen2Error("models.\(model) has no method '\(name)'; use relationships or authorization.", at: location)
        }
        box.types[index].definition = .model(definition)
        return .modelHandle(box, model)
    }
}
