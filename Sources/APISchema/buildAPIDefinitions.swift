import ModelIR

/// Assembles every definition of the generated API in a stable order: scalars, user enums and object types,
/// per-model types and inputs, shared inputs, then the root types.
struct APIDefinitionsBuilder {
    let schema: Schema
    /// Whether extensions are added after AppSync's definitions.
    let surface: APISurface
    let models: ModelDefinitionsBuilder

    init(schema: Schema, surface: APISurface) {
        self.schema = schema
        self.surface = surface
        self.models = ModelDefinitionsBuilder(schema: schema, surface: surface)
    }

    struct Output {
        var definitions: [SDLDefinition] = []
        var query: [String: RootField] = [:]
        var mutation: [String: RootField] = [:]
        var subscription: [String: RootField] = [:]
        /// Why extensions were left out, in the order they were tried.
        var extensionWarnings: [String] = []
    }

    /// The definitions and root fields being collected: each definition once, in the order first added; the
    /// per-model enum and key inputs and the root fields are written after every model's types.
    struct Collected {
        var output = Output()
        var seen: Set<String> = []
        var queryFields: [SDLField] = []
        var mutationFields: [SDLField] = []
        var subscriptionFields: [SDLField] = []
        var enumInputs: [SDLDefinition] = []
        var keyInputs: [SDLDefinition] = []
        /// Names of the definitions extensions added, which another extension may add again unchanged.
        var extensionDefinitions: Set<String> = []

        /// Adds AppSync's `definition` unless its name is taken, which keeps the first one.
        mutating func add(_ definition: SDLDefinition) {
            if seen.insert(definition.name).inserted { output.definitions.append(definition) }
        }
    }

    /// AppSync's definitions and root fields, then, on the extended surface, each extension of `providers`
    /// that does not clash with them; the root types come last.
    func build(extensions providers: [APIExtensionProvider]) -> Output {
        var collected = Collected()
        for scalar in ScalarType.allCases where scalar.isAWSScalar { collected.add(.scalar(scalar.graphQLName)) }
        collected.add(.directive("@aws_subscribe(mutations: [String]) on FIELD_DEFINITION"))
        for enumeration in schema.enums { collected.add(.enumeration(enumeration.name, values: enumeration.values)) }
        addCustomOperations(to: &collected)
        for object in schema.objectTypes {
            collected.add(.object(object.name, fields: object.fields.map { SDLField($0.name, $0.type.description) }))
            collected.add(models.objectInput(object))
        }
        for model in schema.models {
            let names = ModelNames(model, syncing: schema.conflictDetection != nil)
            addTypes(of: model, to: &collected)
            addQueries(of: model, names: names, to: &collected)
            addMutationsAndSubscriptions(of: model, names: names, to: &collected)
        }
        for input in collected.enumInputs { collected.add(input) }
        for input in SharedDefinitions.scalarInputs(surface: surface) { collected.add(input) }
        for input in collected.keyInputs { collected.add(input) }
        if surface == .extended {
            let context = APIExtensionContext(
                schema: schema, definitions: collected.output.definitions,
                rootFields: [.query: collected.output.query, .mutation: collected.output.mutation, .subscription: collected.output.subscription],
                models: models)
            for provider in providers {
                for addition in provider(context) { collected.addExtension(addition) }
            }
        }
        // The schema's own input types, after every generated definition: a clash then shows as another type's fields.
        for input in schema.inputTypes {
            collected.add(.input(input.name, fields: input.fields.map { SDLField($0.name, $0.type.description, defaultValue: $0.defaultValue) }))
        }
        if !collected.queryFields.isEmpty { collected.add(.object("Query", fields: collected.queryFields)) }
        if !collected.mutationFields.isEmpty { collected.add(.object("Mutation", fields: collected.mutationFields)) }
        if !collected.subscriptionFields.isEmpty { collected.add(.object("Subscription", fields: collected.subscriptionFields)) }
        return collected.output
    }

    /// The schema's own root fields, which come before the models' in each root type.
    private func addCustomOperations(to collected: inout Collected) {
        for operation in schema.customOperations {
            var directives: String?
            if case .subscribe(let source) = operation.handler {
                let mutations = source.mutations
                directives = "@aws_subscribe(mutations: [" + mutations.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
            }
            let arguments = operation.arguments.map { SDLArgument($0.name, $0.type.description, defaultValue: $0.defaultValue) }
            let field = SDLField(operation.name, operation.returnType.description, arguments: arguments, directives: directives)
            var model = ""
            if case .model(let name) = operation.returnType.base { model = name }
            let root = RootField(name: operation.name, model: model, kind: .custom(operation))
            switch operation.kind {
            case .query:
                collected.queryFields.append(field)
                collected.output.query[operation.name] = root
            case .mutation:
                collected.mutationFields.append(field)
                collected.output.mutation[operation.name] = root
            case .subscription:
                collected.subscriptionFields.append(field)
                collected.output.subscription[operation.name] = root
            }
        }
    }

    /// A model's object type, connection and inputs, and the enum and nested sort-key inputs its fields need.
    private func addTypes(of model: Model, to collected: inout Collected) {
        collected.add(models.objectType(model))
        collected.add(models.connection(model))
        collected.add(models.filterInput(model))
        collected.add(models.conditionInput(model))
        collected.add(models.createInput(model))
        collected.add(models.updateInput(model))
        collected.add(models.deleteInput(model))
        collected.add(models.subscriptionFilterInput(model))
        for field in model.fields {
            if case .enumeration(let name) = field.type.base {
                if field.type.isList {
                    collected.enumInputs.append(.input("Model\(name)ListInput", fields: Operator.fields(of: .enumerationList, surface: surface, valueType: name)))
                } else {
                    collected.enumInputs.append(.input("Model\(name)Input", fields: Operator.fields(of: .enumeration, surface: surface, valueType: name)))
                }
            }
            if let relationship = field.relationship, relationship.kind == .hasMany, let target = schema.model(named: relationship.target),
                let sortKey = models.nestedSortKeyArgument(relationship, target: target)
            {
                collected.keyInputs += sortKey.definitions
            }
        }
    }

    /// A model's `get`, `list`, `sync` (under conflict detection) and index queries.
    private func addQueries(of model: Model, names: ModelNames, to collected: inout Collected) {
        if let get = names.get {
            let arguments =
                model.hasPrimaryKeyDirective
                ? model.primaryKeyFields.map { SDLArgument($0.name, $0.type.with(required: true).description) }
                : [SDLArgument("id", "ID!")]
            collected.queryFields.append(SDLField(get, model.name, arguments: arguments))
            collected.output.query[get] = RootField(name: get, model: model.name, kind: .get)
        }
        if let list = names.list {
            var arguments: [SDLArgument] = []
            var sortKeyName: String?
            if model.hasPrimaryKeyDirective, let key = model.primaryKeyFields.first {
                arguments.append(SDLArgument(key.name, key.type.with(required: false).description))
                if let sortKey = SortKeyArgument(model: model, sortKeys: Array(model.primaryKey.dropFirst()), compositeLabel: "Primary") {
                    arguments.append(SDLArgument(sortKey.name, sortKey.type))
                    collected.keyInputs += sortKey.definitions
                    sortKeyName = sortKey.name
                }
            }
            arguments += [SDLArgument("filter", names.filterInput), SDLArgument("limit", "Int"), SDLArgument("nextToken", "String")]
            if model.hasPrimaryKeyDirective { arguments.append(SDLArgument("sortDirection", "ModelSortDirection")) }
            collected.queryFields.append(SDLField(list, names.connection, arguments: arguments))
            collected.output.query[list] = RootField(name: list, model: model.name, kind: .list, sortKeyArgument: sortKeyName)
        }
        if let sync = names.sync {
            let arguments = [
                SDLArgument("filter", names.filterInput), SDLArgument("limit", "Int"), SDLArgument("nextToken", "String"), SDLArgument("lastSync", "AWSTimestamp"),
            ]
            collected.queryFields.append(SDLField(sync, names.connection, arguments: arguments))
            collected.output.query[sync] = RootField(name: sync, model: model.name, kind: .sync)
        }
        for index in model.indexes {
            guard let queryField = index.queryField, let key = model.field(named: index.fields[0]) else { continue }
            var arguments = [SDLArgument(key.name, key.type.with(required: true).description)]
            var sortKeyName: String?
            if let sortKey = SortKeyArgument(model: model, sortKeys: Array(index.fields.dropFirst()), compositeLabel: Inflection.upperFirst(index.name)) {
                arguments.append(SDLArgument(sortKey.name, sortKey.type))
                collected.keyInputs += sortKey.definitions
                sortKeyName = sortKey.name
            }
            arguments += [
                SDLArgument("sortDirection", "ModelSortDirection"), SDLArgument("filter", names.filterInput),
                SDLArgument("limit", "Int"), SDLArgument("nextToken", "String"),
            ]
            collected.queryFields.append(SDLField(queryField, names.connection, arguments: arguments))
            collected.output.query[queryField] = RootField(name: queryField, model: model.name, kind: .indexQuery(index), sortKeyArgument: sortKeyName)
        }
    }

    /// A model's create, update and delete mutations and the subscriptions to each; a subscription takes its
    /// model's owner arguments after `filter`.
    private func addMutationsAndSubscriptions(of model: Model, names: ModelNames, to collected: inout Collected) {
        for (operation, input, kind) in [
            (names.create, names.createInput, RootFieldKind.create), (names.update, names.updateInput, .update), (names.delete, names.deleteInput, .delete),
        ] {
            guard let operation else { continue }
            collected.mutationFields.append(
                SDLField(operation, model.name, arguments: [SDLArgument("input", "\(input)!"), SDLArgument("condition", names.conditionInput)]))
            collected.output.mutation[operation] = RootField(name: operation, model: model.name, kind: kind)
        }
        let filterArguments = [SDLArgument("filter", names.subscriptionFilterInput)] + OwnerFields(model).subscriptionArguments
        for (subscriptions, mutation, kind) in [(names.onCreate, names.create, "create"), (names.onUpdate, names.update, "update"), (names.onDelete, names.delete, "delete")] {
            guard let mutation else { continue }
            for subscription in subscriptions {
                collected.subscriptionFields.append(
                    SDLField(
                        subscription, model.name, arguments: filterArguments,
                        directives: "@aws_subscribe(mutations: [\"\(mutation)\"])"
                    ))
                collected.output.subscription[subscription] = RootField(name: subscription, model: model.name, kind: .subscription(kind))
            }
        }
    }
}
