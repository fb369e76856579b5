import Crypto
import JSON
package import ModelIR

/// The model schema and model classes `amplify codegen models` writes for a JavaScript app (`src/models/`), which
/// DataStore and the Gen 1 API category read: `schema.js` (the models, enums and non-models as DataStore's
/// `initSchema` takes them), `schema.d.ts`, `index.js` (the classes `initSchema` makes, and the enums) and
/// `index.d.ts` (their types: eager and lazy shapes, identifiers, read-only timestamps).
package enum DataStoreModels {
    /// One generated file.
    package struct File: Equatable, Sendable {
        /// Its name in the models folder.
        package var name: String
        /// Its text.
        package var text: String
    }

    /// The codegen version DataStore checks (`initSchema` refuses a major version other than 3, or a minor below 2).
    static let codegenVersion = "3.4.4"

    /// The four JavaScript files (ending without a newline, as Amplify's generator writes them, so regenerating an
    /// app's committed models changes nothing but the version) for `schema`, or with `typeScript` the two TypeScript ones (`schema.ts`, `index.ts`).
    package static func files(for schema: Schema, typeScript: Bool = false) -> [File] {
        if typeScript { return DataStoreTypeScript.files(for: schema) }
        return [
            File(name: "schema.js", text: "export const schema = " + JSONPrettyText.encode(document(for: schema), indent: 4) + ";"),
            File(name: "schema.d.ts", text: "import { Schema } from '@aws-amplify/datastore';\n\nexport declare const schema: Schema;"),
            File(name: "index.js", text: javaScriptIndex(schema)),
            File(name: "index.d.ts", text: DataStoreTypes.declarations(schema)),
        ]
    }

    /// What `schema.js` exports: the models without their primary key info (DataStore reads the key attributes),
    /// the enums, the non-models, the codegen version and a version of the models' shape, which DataStore
    /// compares with the one its local store was made with (a change clears the store).
    static func document(for schema: Schema) -> JSONValue {
        let models = JSONValue.object(
            schema.models.map { model in
                guard case .object(let members) = ModelIntrospection.model(model, in: schema) else { return (model.name, .null) }
                return (model.name, .object(members.filter { $0.0 != "primaryKeyInfo" }))
            })
        let introspection = ModelIntrospection.document(for: schema)
        let enums = introspection["enums"] ?? .object([])
        let nonModels = introspection["nonModels"] ?? .object([])
        let shape = JSONText.encode(.list([models, nonModels]))
        let version = Insecure.MD5.hash(data: Array(shape.utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
        return .object([
            ("models", models), ("enums", enums), ("nonModels", nonModels), ("codegenVersion", .string(codegenVersion)), ("version", .string(version)),
        ])
    }

    /// `index.js`: the enums as frozen-shape objects and the classes DataStore makes from the schema.
    static func javaScriptIndex(_ schema: Schema) -> String {
        let imports = "// @ts-check\nimport { initSchema } from '@aws-amplify/datastore';\nimport { schema } from './schema';"
        let enums = schema.enums.map { type in
            "const \(type.name) = " + JSONPrettyText.encode(.object(type.values.map { (constantCase($0), .string($0)) })) + ";"
        }.joined(separator: "\n\n")
        let classes = schema.models.map(\.name) + schema.objectTypes.map(\.name)
        let initialization = "const { " + classes.joined(separator: ", ") + " } = initSchema(schema);"
        let exported = schema.models.map(\.name) + schema.enums.map(\.name) + schema.objectTypes.map(\.name)
        let exports = "export {\n" + exported.map { "  " + $0 }.joined(separator: ",\n") + "\n};"
        return [imports, enums, initialization, exports].joined(separator: "\n\n")
    }

    /// `CONSTANT_CASE` of an enum value, as the generator names an enum object's keys (`enumVal1` → `ENUM_VAL1`).
    static func constantCase(_ value: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in value {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.uppercased() }.joined(separator: "_")
    }
}
