import JSON
import ModelIR

extension IntrospectedSchema {
    /// The schema as annotated GraphQL SDL (Amplify's Gen 1 SQL form): the `AMPLIFY` engine marker, then each
    /// model with `@model(timestamps: null)`, `@refersTo` where a GraphQL name differs from the database's,
    /// `@primaryKey`, a bare `@default` on generated `Int` columns and the relationships, then the enums.
    package func sdl() -> String {
        var lines = [
            "# Written by `modelgraph introspect` from an existing database: ModelGraph serves these tables as they are.",
            "input AMPLIFY {",
            "  engine: String = \"postgres\"",
            "  # Anyone with an API key may read and write every model: replace with @auth rules before production.",
            "  globalAuthRule: AuthRule = { allow: public }",
            "}",
        ]
        for model in models.sorted(by: { $0.name < $1.name }) {
            lines.append("")
            var header = "type \(model.name) @model(timestamps: null)"
            if model.table != model.name { header += " @refersTo(name: \(JSONText.quote(model.table)))" }
            lines.append(header + " {")
            for field in model.fields {
                var line = "  \(field.name): \(field.type)"
                if field.name == model.primaryKey.first {
                    let sortKeys = model.primaryKey.dropFirst().map(JSONText.quote)
                    line += sortKeys.isEmpty ? " @primaryKey" : " @primaryKey(sortKeyFields: [\(sortKeys.joined(separator: ", "))])"
                }
                if field.isGeneratedByDatabase { line += " @default" }
                if field.column != field.name { line += " @refersTo(name: \(JSONText.quote(field.column)))" }
                lines.append(line)
            }
            for relationship in model.relationships {
                let type = relationship.kind == .hasMany ? "[\(relationship.target)]" : relationship.target
                let references = relationship.references.map(JSONText.quote).joined(separator: ", ")
                lines.append("  \(relationship.name): \(type) @\(relationship.kind.rawValue)(references: [\(references)])")
            }
            lines.append("}")
        }
        for enumeration in enums.sorted(by: { $0.name < $1.name }) {
            lines.append("")
            lines.append("enum \(enumeration.name) {")
            lines += enumeration.values.map { "  " + $0 }
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
