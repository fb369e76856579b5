import JSON
package import ModelIR

/// The TypeScript target of `amplify codegen models`: `schema.ts` (the model schema, typed as DataStore's
/// `Schema`) and `index.ts`, whose types are named `<Name>Model` and whose classes `<Name>` come from `initSchema`.
///
/// Amplify's own TypeScript target leaves three things that do not type-check, which this one writes so they do:
/// the import line names every DataStore type the declarations use (`__modelMeta__`, the identifier kinds and the
/// lazy-loading types), identifiers and related records name the `<Name>Model` types rather than the classes (a
/// class made by `initSchema` is a value, not a type), and the non-model classes are exported as the JavaScript
/// target exports them.
enum DataStoreTypeScript {
    /// `schema.ts` and `index.ts` for `schema`.
    static func files(for schema: Schema) -> [DataStoreModels.File] {
        let document = JSONPrettyText.encode(DataStoreModels.document(for: schema), indent: 4)
        return [
            DataStoreModels.File(name: "schema.ts", text: "import { Schema } from \"@aws-amplify/datastore\";\n\nexport const schema: Schema = " + document + ";"),
            DataStoreModels.File(name: "index.ts", text: index(schema)),
        ]
    }

    /// The module: imports, enums, model and non-model types, the classes `initSchema` makes and their export.
    static func index(_ schema: Schema) -> String {
        let typeName = { (name: String) in name + "Model" }
        var shapes = DataStoreTypes.shapes(schema, typeName: typeName)
        shapes.datastoreNames.insert("PersistentModelConstructor", at: 2)
        let imports = shapes.imports + "\nimport { initSchema } from \"@aws-amplify/datastore\";\n\nimport { schema } from \"./schema\";"
        let classes = schema.models.map(\.name) + schema.objectTypes.map(\.name)
        var initialization = ""
        if !classes.isEmpty {
            let constructors = classes.map { "  \($0): PersistentModelConstructor<\(typeName($0))>;" }.joined(separator: "\n")
            initialization = "const { \(classes.joined(separator: ", ")) } = initSchema(schema) as {\n\(constructors)\n};"
        }
        let exports = "export {\n  " + classes.joined(separator: ",\n  ") + "\n};"
        // Empty sections keep their place (blank lines), as Amplify's generator lays the file out.
        return [imports, shapes.enums, shapes.models, shapes.nonModels, initialization, exports].joined(separator: "\n\n")
    }
}
