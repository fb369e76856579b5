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
