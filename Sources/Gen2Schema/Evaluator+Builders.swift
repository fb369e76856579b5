import ModelIR

/// The `a.*` builders, `defineData`, `secret` and the `index` factory.
extension Evaluator {
    /// The GraphQL type of each scalar field builder.
    static let scalarTypes: [String: String] = [
        "id": "ID", "string": "String", "integer": "Int", "float": "Float", "boolean": "Boolean", "date": "AWSDate", "time": "AWSTime",
        "datetime": "AWSDateTime", "timestamp": "AWSTimestamp", "email": "AWSEmail", "json": "AWSJSON", "phone": "AWSPhone", "url": "AWSURL",
        "ipAddress": "AWSIPAddress",
    ]

    /// Builders that declare things ModelGraph does not serve, with why.
    static let outsideModelSurface: [String: String] = [
        "generation": "a.generation() declares an AI generation route (Amazon Bedrock)",
        "conversation": "a.conversation() declares an AI conversation route (Amazon Bedrock)",
        "ai": "a.ai declares AI models and tools (Amazon Bedrock)",
    ]

    private static let builders: Set<String> = [
        "model", "schema", "combine", "enum", "ref", "customType", "hasMany", "hasOne", "belongsTo", "configure", "query", "mutation", "subscription",
    ]

    /// `a.name`.
    func builder(named name: String, at location: SourceLocation) throws(Gen2Error) -> Value {
        if Self.scalarTypes[name] != nil || Self.builders.contains(name) { return .builtin(.builder(name)) }
        if name == "handler" { return .builtin(.handlers) }
        if let why = Self.outsideModelSurface[name] {
            throw Gen2Error("\(why); ModelGraph serves the model API only and does not support it.", at: location)
        }
        throw Gen2Error("a.\(name) is not a builder of Amplify's data schema library that ModelGraph knows.", at: location)
    }

    /// Calls a library function.
    mutating func callBuiltin(_ builtin: Value.Builtin, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        switch builtin {
        case .builder(let name): return try callBuilder(name, arguments, at: location)
        case .allowRule(let name): return .rule(try allowRule(name, arguments, at: location))
        case .operationAllowRule(let name): return .rule(try operationAllowRule(name, arguments, at: location))
        case .handlerBuilder(let name): return .handler(try handler(name, arguments, at: location))
        case .defineFunction: return .lambdaFunction(try defineFunction(arguments, at: location))
        case .index:
            let partitionKey = try string(arguments, 0, of: "index(...)", at: location)
            try noMoreArguments(arguments, than: 1, of: "index(...)", at: location)
            return .index(SecondaryIndex(partitionKey: partitionKey, location: location))
        case .defineData: return try defineData(arguments, at: location)
        case .secret:
            let name = try string(arguments, 0, of: "secret(...)", at: location)
            return .secret(name)
        case .imported(let name, let module):
            throw Gen2Error("'\(name)' is imported from '\(module)'; ModelGraph reads the data schema only and cannot follow it.", at: location)
        case .deferredImport(let deferred):
            // Names are read from their module when looked up; a deferred one is never called.
            throw Gen2Error("'\(deferred.local)' is imported from '\(deferred.module)' and was not read.", at: location)
        case .namespace, .allow, .operationAllow, .handlers, .models:
            throw Gen2Error("This is a namespace, not a function.", at: location)
        }
    }

    private mutating func callBuilder(_ name: String, _ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        let call = "a.\(name)(...)"
        if let type = Self.scalarTypes[name] {
            try noMoreArguments(arguments, than: 0, of: "a.\(name)()", at: location)
            return .field(.scalar(ScalarField(type: type, location: location)))
        }
        switch name {
        case "enum":
            let values = try strings(arguments, 0, of: call, at: location)
            return .field(.enumType(EnumDefinition(values: values.map(\.text), location: location)))
        case "ref":
            return .field(.ref(RefField(link: try string(arguments, 0, of: call, at: location), location: location)))
        case "customType":
            let fields = try fieldEntries(try object(arguments, 0, of: call, at: location), of: "a custom type")
            return .field(.customType(CustomTypeDefinition(fields: fields, location: location)))
        case "model":
            let fields = try fieldEntries(try object(arguments, 0, of: call, at: location), of: "a model")
            return .model(ModelDefinition(fields: fields, identifierLocation: location, location: location))
        case "hasMany", "hasOne", "belongsTo":
            let related = try string(arguments, 0, of: call, at: location)
            let given = try argument(arguments, 1, of: call, expecting: "the reference field name (or an array of names)", at: location)
            let references: [String]
            if case .string(let single) = given.value { references = [single] } else { references = try strings(given, of: call).map(\.text) }
            try noMoreArguments(arguments, than: 2, of: call, at: location)
            let kind = RelationshipField.Kind(rawValue: name) ?? .hasMany
            return .field(.relationship(RelationshipField(kind: kind, relatedModel: related, references: references, location: location)))
        case "schema":
            return .schema(try schema(try object(arguments, 0, of: call, at: location), database: nil, at: location))
        case "combine":
            let given = try argument(arguments, 0, of: call, expecting: "an array of schemas", at: location)
            guard case .array(let items) = given.value else { throw Gen2Error("a.combine expects an array of schemas.", at: given.location) }
            var boxes: [SchemaBox] = []
            for item in items {
                switch item.value {
                case .schema(let box) where box.database == nil: boxes.append(box)
                case .schema: throw Gen2Error("ModelGraph cannot combine an existing-database (a.configure) schema with others; serve it alone.", at: item.location)
                case .combined(let inner): boxes += inner
                default: throw Gen2Error("a.combine expects schemas, not \(item.value.description).", at: item.location)
                }
            }
            var seen: Set<String> = []
            for box in boxes {
                for entry in box.types where !seen.insert(entry.name).inserted {
                    throw Gen2Error("The schemas a.combine joins both declare '\(entry.name)'; each type name may appear in one of them only.", at: entry.location)
                }
            }
            return .combined(boxes)
        case "query", "mutation", "subscription":
            try noMoreArguments(arguments, than: 0, of: "a.\(name)()", at: location)
            let kind = CustomOperationDefinition.Kind(rawValue: name.capitalizedFirst) ?? .query
            return .operation(CustomOperationDefinition(kind: kind, location: location))
        case "configure":
            return .configuration(try configuration(try object(arguments, 0, of: "a.configure(...)", at: location), at: location))
        default:
            throw Gen2Error("a.\(name) is not a builder ModelGraph knows.", at: location)
        }
    }

    /// The fields of `a.model({...})` or `a.customType({...})`.
    func fieldEntries(_ members: [Value.Member], of owner: String) throws(Gen2Error) -> [FieldEntry] {
        var fields: [FieldEntry] = []
        for member in members {
            guard case .field(let builder) = member.value else {
                throw Gen2Error("Field '\(member.key)' of \(owner) must be a field builder such as a.string(), not \(member.value.description).", at: member.location)
            }
            if case .relationship = builder, owner != "a model" {
                throw Gen2Error("Field '\(member.key)': relationships belong in models, not in \(owner).", at: member.location)
            }
            fields.append(FieldEntry(name: member.key, location: member.location, builder: builder))
        }
        return fields
    }

    /// The types of `a.schema({...})`.
    func schema(_ members: [Value.Member], database: DatabaseConfiguration?, at location: SourceLocation) throws(Gen2Error) -> SchemaBox {
        var types: [TypeEntry] = []
        for member in members {
            let definition: TypeDefinition
            switch member.value {
            case .model(let model): definition = .model(model)
            case .field(.enumType(let values)): definition = .enumType(values)
            case .field(.customType(let custom)): definition = .customType(custom)
            case .operation(let operation): definition = .operation(operation)
            default:
                throw Gen2Error(
                    "Schema entry '\(member.key)' must be an a.model(), a.enum(), a.customType(), a.query(), a.mutation() or a.subscription(), not \(member.value.description).",
                    at: member.location)
            }
            types.append(TypeEntry(name: member.key, location: member.location, definition: definition))
        }
        return SchemaBox(types: types, database: database, location: location)
    }

    /// `a.configure({ database: { engine, connectionUri } })`.
    private func configuration(_ members: [Value.Member], at location: SourceLocation) throws(Gen2Error) -> DatabaseConfiguration {
        guard let database = members.first(where: { $0.key == "database" }), case .object(let settings) = database.value else {
            throw Gen2Error("a.configure expects { database: { engine: 'postgresql', connectionUri: secret('...') } }.", at: location)
        }
        guard let engine = settings.first(where: { $0.key == "engine" }), case .string(let name) = engine.value else {
            throw Gen2Error("a.configure: the database needs an engine ('postgresql').", at: database.location)
        }
        guard name == "postgresql" else {
            throw Gen2Error("a.configure: the engine '\(name)' is not supported; ModelGraph serves PostgreSQL ('postgresql') only.", at: engine.location)
        }
        var secretName: String?
        if let uri = settings.first(where: { $0.key == "connectionUri" }) {
            guard case .secret(let name) = uri.value else {
                throw Gen2Error("a.configure: connectionUri must be secret('NAME').", at: uri.location)
            }
            secretName = name
        }
        return DatabaseConfiguration(engine: name, connectionSecret: secretName, location: location)
    }

    /// `defineData({ schema, authorizationModes })`.
    private mutating func defineData(_ arguments: [Value.Located], at location: SourceLocation) throws(Gen2Error) -> Value {
        let members = try object(arguments, 0, of: "defineData(...)", at: location)
        guard let schema = members.first(where: { $0.key == "schema" }) else {
            throw Gen2Error("defineData needs the schema: defineData({ schema }).", at: location)
        }
        switch schema.value {
        case .schema, .combined, .string: break
        default: throw Gen2Error("defineData's schema must be a.schema(...), a.combine([...]) or an SDL string, not \(schema.value.description).", at: schema.location)
        }
        var modes = AuthorizationModes()
        for member in members {
            switch member.key {
            case "schema", "name", "logging": continue
            case "authorizationModes": modes = try authorizationModes(member)
            default:
                throw Gen2Error("defineData option '\(member.key)' is not supported by ModelGraph (it reads schema, name and authorizationModes).", at: member.location)
            }
        }
        if dataDefinition != nil { throw Gen2Error("defineData is called twice; a file defines one data resource.", at: location) }
        dataDefinition = (Value.Located(value: schema.value, location: schema.location), modes)
        return .data
    }
}
