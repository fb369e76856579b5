import ModelIR

/// `index.d.ts` of `amplify codegen models` for JavaScript: each enum as a TypeScript enum, each non-model as a
/// type, each model as an eager and a lazy shape (related records as values, or as `AsyncItem`/`AsyncCollection`)
/// with its identifier and read-only timestamps, and a class with `copyOf`.
enum DataStoreTypes {
    /// The declarations of a schema's types, and the names each import line needs.
    struct Shapes {
        /// What the plain import from `@aws-amplify/datastore` names.
        var datastoreNames: [String]
        /// What the `@ts-ignore` import names (lazy-loading types older DataStore versions lack).
        var lazyNames: [String]
        /// The enums as TypeScript enums.
        var enums: String
        /// Each non-model's eager and lazy shape and constructor.
        var nonModels: String
        /// Each model's eager and lazy shape, identifier and constructor with `copyOf`.
        var models: String

        /// The two import lines.
        var imports: String {
            "import { \(datastoreNames.joined(separator: ", ")) } from \"@aws-amplify/datastore\";\n// @ts-ignore\n"
                + "import { \(lazyNames.joined(separator: ", ")) } from \"@aws-amplify/datastore\";"
        }
    }

    /// `index.d.ts`: imports, enums, non-models, models; each type named as its GraphQL type.
    static func declarations(_ schema: Schema) -> String {
        let shapes = shapes(schema, typeName: { $0 })
        return [shapes.imports, shapes.enums, shapes.nonModels, shapes.models].joined(separator: "\n\n")
    }

    /// The declarations with each model and non-model type named by `typeName` (the TypeScript target names the
    /// types `<Name>Model`, leaving `<Name>` to the class `initSchema` makes).
    static func shapes(_ schema: Schema, typeName: (String) -> String) -> Shapes {
        var identifiers: [String] = []
        var usesCollection = false, usesItem = false
        let models = schema.models.map { model -> String in
            let name = typeName(model.name)
            let identifier = identifierType(model, typeName: name)
            if !identifiers.contains(identifier.kind) { identifiers.append(identifier.kind) }
            let fields = ModelIntrospection.orderedFields(of: model)
            let lazy = fields.map { field -> String in
                guard case .model(let target) = field.type.base else { return property(field, of: model, in: schema, typeName: typeName) }
                if field.type.isList {
                    usesCollection = true
                    return "  readonly \(field.name): AsyncCollection<\(typeName(target))>;"
                }
                usesItem = true
                return "  readonly \(field.name): AsyncItem<\(typeName(target))\(field.type.isRequired ? "" : " | undefined")>;"
            }
            let meta = metadata(model, identifier: identifier.text)
            let eager = "type Eager\(name) = {\n" + (meta + fields.map { property($0, of: model, in: schema, typeName: typeName) }).joined(separator: "\n") + "\n}"
            let lazyType = "type Lazy\(name) = {\n" + (meta + lazy).joined(separator: "\n") + "\n}"
            let declared = "export declare type \(name) = LazyLoading extends LazyLoadingDisabled ? Eager\(name) : Lazy\(name)"
            let constructor =
                "export declare const \(name): (new (init: ModelInit<\(name)>) => \(name)) & {\n"
                + "  copyOf(source: \(name), mutator: (draft: MutableModel<\(name)>) => MutableModel<\(name)> | void): \(name);\n}"
            return [eager, lazyType, declared, constructor].joined(separator: "\n\n")
        }.joined(separator: "\n\n")
        let nonModels = schema.objectTypes.map { type -> String in
            let name = typeName(type.name)
            let body = type.fields.map { property($0, of: nil, in: schema, typeName: typeName) }.joined(separator: "\n")
            return "type Eager\(name) = {\n\(body)\n}\n\ntype Lazy\(name) = {\n\(body)\n}\n\n"
                + "export declare type \(name) = LazyLoading extends LazyLoadingDisabled ? Eager\(name) : Lazy\(name)\n\n"
                + "export declare const \(name): (new (init: ModelInit<\(name)>) => \(name))"
        }.joined(separator: "\n\n")
        let enums = schema.enums.map { type in
            "export enum \(type.name) {\n" + type.values.map { "  \($0) = \"\($0)\"" }.joined(separator: ",\n") + "\n}"
        }.joined(separator: "\n\n")
        var lazyNames = ["LazyLoading", "LazyLoadingDisabled"]
        if usesCollection { lazyNames.append("AsyncCollection") }
        if usesItem { lazyNames.append("AsyncItem") }
        return Shapes(
            datastoreNames: ["ModelInit", "MutableModel"] + (schema.models.isEmpty ? [] : ["__modelMeta__"]) + identifiers,
            lazyNames: lazyNames, enums: enums, nonModels: nonModels, models: models)
    }

    /// The identifier a model's key is: managed by the server (an implicit `id`), optionally (`id` declared as
    /// the key), a custom single field, or composite.
    static func identifierType(_ model: Model, typeName: String) -> (kind: String, text: String) {
        let key = model.primaryKey
        if key.count > 1 {
            return ("CompositeIdentifier", "CompositeIdentifier<\(typeName), [\(key.map { "'\($0)'" }.joined(separator: ", "))]>")
        }
        let field = key.first ?? "id"
        if field != "id" { return ("CustomIdentifier", "CustomIdentifier<\(typeName), '\(field)'>") }
        let implicit = model.field(named: "id")?.origin == .implicitID || !model.hasPrimaryKeyDirective
        return implicit ? ("ManagedIdentifier", "ManagedIdentifier<\(typeName), 'id'>") : ("OptionallyManagedIdentifier", "OptionallyManagedIdentifier<\(typeName), 'id'>")
    }

    static func metadata(_ model: Model, identifier: String) -> [String] {
        let readOnly = model.fields.filter { $0.origin == .implicitTimestamp }.map { "'\($0.name)'" }
        var lines = ["  readonly [__modelMeta__]: {", "    identifier: \(identifier);"]
        if !readOnly.isEmpty { lines.append("    readOnlyFields: \(readOnly.joined(separator: " | "));") }
        lines.append("  };")
        return lines
    }

    /// One field's eager property: optional and nullable unless required (timestamps are optional).
    static func property(_ field: Field, of model: Model?, in schema: Schema, typeName: (String) -> String) -> String {
        let type = ModelIntrospection.clientType(field, of: model)
        var element: String
        switch type.base {
        case .scalar(let scalar):
            switch scalar.graphQLName {
            case "Int", "Float", "AWSTimestamp": element = "number"
            case "Boolean": element = "boolean"
            default: element = "string"
            }
        case .enumeration(let name): element = "\(name) | keyof typeof \(name)"
        case .object(let name), .model(let name): element = typeName(name)
        }
        let required = type.isRequired && field.origin != .implicitTimestamp
        if type.isList {
            let item = type.isElementRequired ? (element.contains(" ") ? "(\(element))" : element) : "(\(element) | null)"
            return required ? "  readonly \(field.name): \(item)[];" : "  readonly \(field.name)?: \(item)[] | null;"
        }
        return required ? "  readonly \(field.name): \(element);" : "  readonly \(field.name)?: \(element) | null;"
    }
}
