import JSON
import ModelIR

extension IntrospectedSchema {
    /// The schema as a Gen 2 `schema.sql.ts`, the form `npx ampx generate schema-from-database` writes: models
    /// keyed by table name with one property per column (Gen 2 cannot rename a field, so properties are column
    /// names), `.identifier([...])`, enums, then `.renameModels(...)` to the model names the SDL form uses,
    /// `.setRelationships(...)` from the foreign keys, and public API-key access. `notes` gains a line for each
    /// column whose name is not a GraphQL name (left out here; the SDL form maps it with `@refersTo`).
    package func typeScript() -> (text: String, notes: [String]) {
        var notes: [String] = []
        var lines = [
            "/* Written by `modelgraph introspect` from an existing database: ModelGraph serves these tables as they are. */",
            "import { a } from \"@aws-amplify/data-schema\";",
            "import { configure } from \"@aws-amplify/data-schema/internals\";",
            "import { secret } from \"@aws-amplify/backend\";",
            "",
            "export const schema = configure({",
            "  database: {",
            "    engine: \"postgresql\",",
            "    connectionUri: secret(\"SQL_CONNECTION_STRING\"),",
            "  },",
            "})",
            "  .schema({",
        ]
        // A model whose key has a column that is not a GraphQL name cannot be written in Gen 2 at all.
        var sorted: [Model] = []
        for model in models.sorted(by: { $0.name < $1.name }) {
            let keyColumns = model.primaryKey.compactMap { name in model.fields.first { $0.name == name }?.column }
            if let column = keyColumns.first(where: { !Naming.isGraphQLName($0) }) {
                notes.append("table \(model.table) left out of the TypeScript schema: its key column \(column) is not a GraphQL name, and Gen 2 cannot map a field to a column")
            } else {
                sorted.append(model)
            }
        }
        let written = Set(sorted.map(\.name))
        for model in sorted {
            lines.append("    \(JSONText.quote(model.table)): a")
            lines.append("      .model({")
            for field in model.fields {
                guard Naming.isGraphQLName(field.column) else {
                    notes.append("column \(model.table).\(field.column) left out of the TypeScript schema: Gen 2 cannot map a field to a column that is not a GraphQL name")
                    continue
                }
                lines.append("        \(JSONText.quote(field.column)): \(Self.builder(field.type))\(field.isGeneratedByDatabase ? ".default()" : ""),")
            }
            lines.append("      })")
            let key = model.primaryKey.compactMap { name in model.fields.first { $0.name == name }?.column }
            lines.append("      .identifier([\(key.map(JSONText.quote).joined(separator: ", "))]),")
        }
        for enumeration in enums.sorted(by: { $0.name < $1.name }) {
            lines.append("    \(JSONText.quote(enumeration.name)): a.enum([\(enumeration.values.map(JSONText.quote).joined(separator: ", "))]),")
        }
        lines.append("  })")
        let renamed = sorted.filter { $0.table != $0.name }
        if !renamed.isEmpty {
            lines.append("  .renameModels(() => [")
            lines += renamed.map { "    [\(JSONText.quote($0.table)), \(JSONText.quote($0.name))]," }
            lines.append("  ])")
        }
        let related = sorted.filter { model in model.relationships.contains { written.contains($0.target) } }
        if !related.isEmpty {
            lines.append("  .setRelationships((models) => [")
            for model in related {
                lines.append("    models.\(model.name).relationships({")
                for relationship in model.relationships where written.contains(relationship.target) {
                    let child = relationship.kind == .belongsTo ? model : (models.first { $0.name == relationship.target } ?? model)
                    let columns = relationship.references.compactMap { name in child.fields.first { $0.name == name }?.column }.map(JSONText.quote)
                    let references = columns.count == 1 ? columns[0] : "[\(columns.joined(separator: ", "))]"
                    lines.append("      \(relationship.name): a.\(relationship.kind.rawValue)(\(JSONText.quote(relationship.target)), \(references)),")
                }
                lines.append("    }),")
            }
            lines.append("  ])")
        }
        lines.append("  .authorization((allow) => [allow.publicApiKey()]);")
        return (lines.joined(separator: "\n") + "\n", notes)
    }

    /// The field builder chain of a type: `a.integer().required()`, `a.string().array()`, `a.ref("Mood")`.
    static func builder(_ type: FieldType) -> String {
        var text: String
        switch type.base {
        case .enumeration(let name), .object(let name), .model(let name): text = "a.ref(\(JSONText.quote(name)))"
        case .scalar(let scalar):
            let names: [ScalarType: String] = [
                .id: "id", .string: "string", .int: "integer", .float: "float", .boolean: "boolean", .awsDate: "date", .awsTime: "time",
                .awsDateTime: "datetime", .awsTimestamp: "timestamp", .awsJSON: "json", .awsEmail: "email", .awsPhone: "phone", .awsURL: "url",
                .awsIPAddress: "ipAddress",
            ]
            text = "a.\(names[scalar] ?? "string")()"
        }
        if type.isList {
            if type.isElementRequired { text += ".required()" }
            text += ".array()"
        }
        if type.isRequired { text += ".required()" }
        return text
    }
}
