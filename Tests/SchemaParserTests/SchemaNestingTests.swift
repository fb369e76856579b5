import ModelIR
import SchemaParser
import Testing

@Suite("Schema files nested too deep")
struct SchemaNestingTests {
    @Test("a schema nesting brackets past the limit is one located error, not a parser crash")
    func deepSchema() {
        let source = "type A @model @auth(rules: [{allow: public}]) {\n  b: " + String(repeating: "[", count: 10_000) + "String" + String(repeating: "]", count: 10_000) + "\n}"
        let result = SchemaParser.parse(source: source, file: "deep.graphql")
        #expect(result.schema == nil)
        #expect(result.errors.count == 1)
        // The model's brace is the first level, so the excess is the limit's `[` after the 5 columns of "  b: ".
        #expect(result.errors.first?.location == SourceLocation(file: "deep.graphql", line: 2, column: 5 + SchemaParser.maximumNesting))
        #expect(result.errors.first?.message.contains("nest more than \(SchemaParser.maximumNesting) deep") == true)
    }
}

@Suite("Schema files that would crash the GraphQL lexer")
struct SchemaEscapeTests {
    @Test("a schema ending inside a \\u escape is a located syntax error")
    func cutEscape() {
        let result = SchemaParser.parse(source: "type A @model {\n  b: String @default(value: \"\\u0", file: "cut.graphql")
        #expect(result.errors.first?.location == SourceLocation(file: "cut.graphql", line: 2, column: 30))
        #expect(result.errors.first?.message.contains("invalid Unicode escape") == true)
    }
}

@Suite("Names PostgreSQL would cut")
struct StorageNameLengthTests {
    @Test("a table or column name over 63 bytes is an error at its line, not a database that drifts from its schema")
    func longNames() {
        let long = String(repeating: "x", count: 64)
        let source = """
            type Note @model @auth(rules: [{allow: public}]) {
              \(long): String
              body: String @refersTo(name: "\(String(repeating: "é", count: 32))")
            }
            type Short @model(queries: null) @refersTo(name: "\(long)") @auth(rules: [{allow: public}]) {
              id: ID!
            }
            """
        let errors = SchemaParser.parse(source: source, file: "long.graphql").errors
        #expect(errors.map { $0.location?.line } == [2, 3, 5])
        #expect(errors.allSatisfy { $0.message.contains("PostgreSQL keeps only 63") })
        let fits = "type Note @model @auth(rules: [{allow: public}]) {\n  \(String(repeating: "x", count: 63)): String\n}"
        #expect(SchemaParser.parse(source: fits).errors.isEmpty)
    }
}
