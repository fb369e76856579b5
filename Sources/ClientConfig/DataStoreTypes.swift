import ModelIR

/// `index.d.ts` of `amplify codegen models` for JavaScript: each enum as a TypeScript enum, each non-model as a
/// type, each model as an eager and a lazy shape (related records as values, or as `AsyncItem`/`AsyncCollection`)
/// with its identifier and read-only timestamps, and a class with `copyOf`.
enum DataStoreTypes {
    static func declarations(_ schema: Schema) -> String {
        var identifiers: [String] = []
        var usesCollection = false, usesItem = false
        let models = schema.models.map { model -> String in
            let identifier = identifierType(model)
            if !identifiers.contains(identifier.kind) { identifiers.append(identifier.kind) }
            let fields = ModelIntrospection.orderedFields(of: model)
            let lazy = fields.map { field -> String in
                guard case .model(let target) = field.type.base else { return property(field, in: schema) }
                if field.type.isList {
                    usesCollection = true
                    return "  readonly \(field.name): AsyncCollection<\(target)>;"
                }
                usesItem = true
                return "  readonly \(field.name): AsyncItem<\(target)\(field.type.isRequired ? "" : " | undefined")>;"
            }
            let meta = metadata(model, identifier: identifier.text)
            let eager = "type Eager\(model.name) = {\n" + (meta + fields.map { property($0, in: schema) }).joined(separator: "\n") + "\n}"
            let lazyType = "type Lazy\(model.name) = {\n" + (meta + lazy).joined(separator: "\n") + "\n}"
            let declared = "export declare type \(model.name) = LazyLoading extends LazyLoadingDisabled ? Eager\(model.name) : Lazy\(model.name)"
            let constructor =
                "export declare const \(model.name): (new (init: ModelInit<\(model.name)>) => \(model.name)) & {\n"
                + "  copyOf(source: \(model.name), mutator: (draft: MutableModel<\(model.name)>) => MutableModel<\(model.name)> | void): \(model.name);\n}"
            return [eager, lazyType, declared, constructor].joined(separator: "\n\n")
        }.joined(separator: "\n\n")
        let nonModels = schema.objectTypes.map { type -> String in
            let body = type.fields.map { property($0, in: schema) }.joined(separator: "\n")
            return "type Eager\(type.name) = {\n\(body)\n}\n\ntype Lazy\(type.name) = {\n\(body)\n}\n\n"
                + "export declare type \(type.name) = LazyLoading extends LazyLoadingDisabled ? Eager\(type.name) : Lazy\(type.name)\n\n"
                + "export declare const \(type.name): (new (init: ModelInit<\(type.name)>) => \(type.name))"
        }.joined(separator: "\n\n")
        let enums = schema.enums.map { type in
            "export enum \(type.name) {\n" + type.values.map { "  \($0) = \"\($0)\"" }.joined(separator: ",\n") + "\n}"
        }.joined(separator: "\n\n")
        let datastoreNames = ["ModelInit", "MutableModel"] + (schema.models.isEmpty ? [] : ["__modelMeta__"]) + identifiers
        var lazyNames = ["LazyLoading", "LazyLoadingDisabled"]
        if usesCollection { lazyNames.append("AsyncCollection") }
        if usesItem { lazyNames.append("AsyncItem") }
        let imports =
            "import { \(datastoreNames.joined(separator: ", ")) } from \"@aws-amplify/datastore\";\n// @ts-ignore\n"
            + "import { \(lazyNames.joined(separator: ", ")) } from \"@aws-amplify/datastore\";"
        return [imports, enums, nonModels, models].joined(separator: "\n\n") + "\n"
    }

    /// The identifier a model's key is: managed by the server (an implicit `id`), optionally (`id` declared as
    /// the key), a custom single field, or composite.
    static func identifierType(_ model: Model) -> (kind: String, text: String) {
        let key = model.primaryKey
        if key.count > 1 {
            return ("CompositeIdentifier", "CompositeIdentifier<\(model.name), [\(key.map { "'\($0)'" }.joined(separator: ", "))]>")
        }
        let field = key.first ?? "id"
        if field != "id" { return ("CustomIdentifier", "CustomIdentifier<\(model.name), '\(field)'>") }
        let implicit = model.field(named: "id")?.origin == .implicitID || !model.hasPrimaryKeyDirective
        return implicit ? ("ManagedIdentifier", "ManagedIdentifier<\(model.name), 'id'>") : ("OptionallyManagedIdentifier", "OptionallyManagedIdentifier<\(model.name), 'id'>")
    }

    static func metadata(_ model: Model, identifier: String) -> [String] {
        let readOnly = model.fields.filter { $0.origin == .implicitTimestamp }.map { "'\($0.name)'" }
        var lines = ["  readonly [__modelMeta__]: {", "    identifier: \(identifier);"]
        if !readOnly.isEmpty { lines.append("    readOnlyFields: \(readOnly.joined(separator: " | "));") }
        lines.append("  };")
        return lines
    }

    /// One field's eager property: optional and nullable unless required (timestamps are optional).
    static func property(_ field: Field, in schema: Schema) -> String {
        let type = field.type
        var element: String
        switch type.base {
        case .scalar(let scalar):
            switch scalar.graphQLName {
            case "Int", "Float", "AWSTimestamp": element = "number"
            case "Boolean": element = "boolean"
            default: element = "string"
            }
        case .enumeration(let name): element = "\(name) | keyof typeof \(name)"
        case .object(let name), .model(let name): element = name
        }
        let required = type.isRequired && field.origin != .implicitTimestamp
        if type.isList {
            let item = type.isElementRequired ? (element.contains(" ") ? "(\(element))" : element) : "(\(element) | null)"
            return required ? "  readonly \(field.name): \(item)[];" : "  readonly \(field.name)?: \(item)[] | null;"
        }
        return required ? "  readonly \(field.name): \(element);" : "  readonly \(field.name)?: \(element) | null;"
    }
}
