package import ModelIR

/// The fields an aggregate query reads: `sum` and `avg` over the numeric ones, `min` and `max` over the
/// orderable ones (the sortable fields but booleans, which have no order of their own in PostgreSQL).
package enum AggregateFields {
    /// The stored single `Int`, `Float` and `AWSTimestamp` fields of `model`.
    package static func numbers(_ model: Model) -> [Field] {
        SortableFields.of(model).filter { field in
            switch field.type.base {
            case .scalar(.int), .scalar(.float), .scalar(.awsTimestamp): true
            default: false
            }
        }
    }

    /// The sortable fields of `model` but booleans.
    package static func values(_ model: Model) -> [Field] {
        SortableFields.of(model).filter { $0.type.base != .scalar(.boolean) }
    }
}

/// The counting extensions: `countPosts(filter): Int!` and `aggregatePosts(filter): ModelPostAggregate!` beside
/// each list query, and `Post.commentsCount: Int!` for each hasMany or manyToMany field (a field of its own, so
/// a name the model already uses drops only that field).
enum Counting {
    /// The extensions of every model.
    @Sendable static func extensions(_ context: APIExtensionContext) -> [APIExtension] {
        var extensions: [APIExtension] = []
        for model in context.schema.models {
            let names = ModelNames(model)
            if let count = names.count {
                let field = SDLField(count, "Int!", arguments: [SDLArgument("filter", names.filterInput)])
                let root = RootField(name: count, model: model.name, kind: .count)
                extensions.append(APIExtension(feature: "count", model: model.name, additions: [.rootField(.query, field, root)]))
            }
            if let aggregate = names.aggregate {
                extensions.append(APIExtension(feature: "aggregate", model: model.name, additions: aggregateAdditions(model, names: names, rootName: aggregate)))
            }
            for field in model.fields {
                guard let relationship = field.relationship, relationship.kind == .hasMany || relationship.kind == .manyToMany else { continue }
                let counter = SDLField(ModelNames.relationCount(field.name), "Int!")
                extensions.append(APIExtension(feature: "relation count", model: model.name, additions: [.field(counter, toType: model.name)]))
            }
        }
        return extensions
    }

    /// The aggregate types of `model` and its root field; `sum`/`avg` and `min`/`max` only when the model has
    /// fields for them.
    private static func aggregateAdditions(_ model: Model, names: ModelNames, rootName: String) -> [APIAddition] {
        var additions: [APIAddition] = []
        var fields = [SDLField("count", "Int!")]
        let numbers = AggregateFields.numbers(model)
        if !numbers.isEmpty {
            additions.append(.definition(.object(names.aggregateNumbers, fields: numbers.map { SDLField($0.name, "Float") })))
            fields += [SDLField("sum", names.aggregateNumbers), SDLField("avg", names.aggregateNumbers)]
        }
        let values = AggregateFields.values(model)
        if !values.isEmpty {
            additions.append(.definition(.object(names.aggregateValues, fields: values.map { SDLField($0.name, $0.type.base.name) })))
            fields += [SDLField("min", names.aggregateValues), SDLField("max", names.aggregateValues)]
        }
        additions.append(.definition(.object(names.aggregateType, fields: fields)))
        let root = RootField(name: rootName, model: model.name, kind: .aggregate)
        additions.append(.rootField(.query, SDLField(rootName, "\(names.aggregateType)!", arguments: [SDLArgument("filter", names.filterInput)]), root))
        return additions
    }
}
