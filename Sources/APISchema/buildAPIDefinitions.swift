import ModelIR

/// Assembles every definition of the generated API in a stable order: scalars, user enums and object types,
/// per-model types and inputs, shared inputs, then the root types.
struct APIDefinitionsBuilder {
    let schema: Schema
    let models: ModelDefinitionsBuilder

    init(schema: Schema) {
        self.schema = schema
        self.models = ModelDefinitionsBuilder(schema: schema)
    }

    struct Output {
        var definitions: [SDLDefinition] = []
        var query: [String: RootField] = [:]
        var mutation: [String: RootField] = [:]
        var subscription: [String: RootField] = [:]
    }

    func build() -> Output {
        var output = Output()
        var seen: Set<String> = []
        func add(_ definition: SDLDefinition) {
            if seen.insert(definition.name).inserted { output.definitions.append(definition) }
        }
        for scalar in ScalarType.allCases where scalar.isAWSScalar { add(.scalar(scalar.graphQLName)) }
        add(.directive("@aws_subscribe(mutations: [String]) on FIELD_DEFINITION"))
        for enumeration in schema.enums { add(.enumeration(enumeration.name, values: enumeration.values)) }
        for object in schema.objectTypes {
            add(.object(object.name, fields: object.fields.map { SDLField($0.name, $0.type.description) }))
            add(models.objectInput(object))
        }
        var queryFields: [SDLField] = []
        var mutationFields: [SDLField] = []
        var subscriptionFields: [SDLField] = []
        var enumInputs: [SDLDefinition] = []
        var keyInputs: [SDLDefinition] = []
        for model in schema.models {
            let names = ModelNames(model)
            add(models.objectType(model))
            add(models.connection(model))
            add(models.filterInput(model))
            add(models.conditionInput(model))
            add(models.createInput(model))
            add(models.updateInput(model))
            add(models.deleteInput(model))
            add(models.subscriptionFilterInput(model))
            for field in model.fields {
                if case .enumeration(let name) = field.type.base {
                    if field.type.isList {
                        enumInputs.append(.input("Model\(name)ListInput", fields: [SDLField("eq", "[\(name)]"), SDLField("ne", "[\(name)]"), SDLField("contains", name), SDLField("notContains", name)]))
                    } else {
                        enumInputs.append(.input("Model\(name)Input", fields: [SDLField("eq", name), SDLField("ne", name)]))
                    }
                }
                if let relationship = field.relationship, relationship.kind == .hasMany, let target = schema.model(named: relationship.target),
                    let sortKey = models.nestedSortKeyArgument(relationship, target: target)
                {
                    keyInputs += sortKey.definitions
                }
            }
            if let get = names.get {
                let arguments = model.hasPrimaryKeyDirective
                    ? model.primaryKeyFields.map { SDLArgument($0.name, $0.type.with(required: true).description) }
                    : [SDLArgument("id", "ID!")]
                queryFields.append(SDLField(get, model.name, arguments: arguments))
                output.query[get] = RootField(name: get, model: model.name, kind: .get)
            }
            if let list = names.list {
                var arguments: [SDLArgument] = []
                var sortKeyName: String?
                if model.hasPrimaryKeyDirective, let key = model.primaryKeyFields.first {
                    arguments.append(SDLArgument(key.name, key.type.with(required: false).description))
                    if let sortKey = SortKeyArgument(model: model, sortKeys: Array(model.primaryKey.dropFirst()), compositeLabel: "Primary") {
                        arguments.append(SDLArgument(sortKey.name, sortKey.type))
                        keyInputs += sortKey.definitions
                        sortKeyName = sortKey.name
                    }
                }
                arguments += [SDLArgument("filter", names.filterInput), SDLArgument("limit", "Int"), SDLArgument("nextToken", "String")]
                if model.hasPrimaryKeyDirective { arguments.append(SDLArgument("sortDirection", "ModelSortDirection")) }
                queryFields.append(SDLField(list, names.connection, arguments: arguments))
                output.query[list] = RootField(name: list, model: model.name, kind: .list, sortKeyArgument: sortKeyName)
            }
            for index in model.indexes {
                guard let queryField = index.queryField, let key = model.field(named: index.fields[0]) else { continue }
                var arguments = [SDLArgument(key.name, key.type.with(required: true).description)]
                var sortKeyName: String?
                if let sortKey = SortKeyArgument(model: model, sortKeys: Array(index.fields.dropFirst()), compositeLabel: Inflection.upperFirst(index.name)) {
                    arguments.append(SDLArgument(sortKey.name, sortKey.type))
                    keyInputs += sortKey.definitions
                    sortKeyName = sortKey.name
                }
                arguments += [
                    SDLArgument("sortDirection", "ModelSortDirection"), SDLArgument("filter", names.filterInput),
                    SDLArgument("limit", "Int"), SDLArgument("nextToken", "String"),
                ]
                queryFields.append(SDLField(queryField, names.connection, arguments: arguments))
                output.query[queryField] = RootField(name: queryField, model: model.name, kind: .indexQuery(index), sortKeyArgument: sortKeyName)
            }
            for (operation, input, kind) in [(names.create, names.createInput, RootFieldKind.create), (names.update, names.updateInput, .update), (names.delete, names.deleteInput, .delete)] {
                guard let operation else { continue }
                mutationFields.append(SDLField(operation, model.name, arguments: [SDLArgument("input", "\(input)!"), SDLArgument("condition", names.conditionInput)]))
                output.mutation[operation] = RootField(name: operation, model: model.name, kind: kind)
            }
            for (subscriptions, mutation, kind) in [(names.onCreate, names.create, "create"), (names.onUpdate, names.update, "update"), (names.onDelete, names.delete, "delete")] {
                guard let mutation else { continue }
                for subscription in subscriptions {
                    subscriptionFields.append(SDLField(
                        subscription, model.name, arguments: [SDLArgument("filter", names.subscriptionFilterInput)],
                        directives: "@aws_subscribe(mutations: [\"\(mutation)\"])"
                    ))
                    output.subscription[subscription] = RootField(name: subscription, model: model.name, kind: .subscription(kind))
                }
            }
        }
        enumInputs.forEach(add)
        SharedDefinitions.scalarInputs().forEach(add)
        keyInputs.forEach(add)
        if !queryFields.isEmpty { add(.object("Query", fields: queryFields)) }
        if !mutationFields.isEmpty { add(.object("Mutation", fields: mutationFields)) }
        if !subscriptionFields.isEmpty { add(.object("Subscription", fields: subscriptionFields)) }
        return output
    }
}
