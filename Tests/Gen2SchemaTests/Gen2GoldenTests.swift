import Gen2Schema
import ModelIR
import SchemaParser
import TestSupport
import Testing

/// `modelgraph convert` output for each fixture: the library's documented examples (relationships,
/// identifiers, secondary indexes, disabled operations, enums and custom types, rules, an existing database),
/// the Gen 2 twins of the shared examples, and real-world-shaped files.
@Suite("Gen 2 conversion goldens")
struct Gen2GoldenTests {
    @Test("each fixture converts to its golden SDL", arguments: Gen2Fixtures.names)
    func golden(name: String) throws {
        let conversion = try Gen2Conversion.convert(source: Gen2Fixtures.source(name), file: "\(name).ts")
        if let difference = Golden.check(conversion.printed(from: "\(name).ts"), named: "\(name).graphql") { Issue.record(Comment(rawValue: difference)) }
        #expect(conversion.origins.count == conversion.sdl.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test("each converted fixture is a schema the SDL parser accepts", arguments: Gen2Fixtures.names.filter { !["library-sql", "custom-ops-sql"].contains($0) })
    func parses(name: String) throws {
        let source = try Gen2Fixtures.source(name)
        let loaded = SchemaFile.parse(source: source, file: "\(name).ts")
        #expect(loaded.errors.isEmpty, "\(DiagnosticFormatter.format(loaded.errors, source: source))")
    }

    @Test("an existing-database fixture converts to SDL the SDL parser reads (AMPLIFY engine, bare @default)")
    func existingDatabaseParses() throws {
        let source = try Gen2Fixtures.source("library-sql")
        let loaded = SchemaFile.parse(source: source, file: "library-sql.ts")
        #expect(loaded.errors.isEmpty, "\(DiagnosticFormatter.format(loaded.errors, source: source))")
        #expect(loaded.schema?.isExistingDatabase == true)
    }

    @Test("an existing-database schema records its engine and connection secret and starts with the AMPLIFY engine input")
    func existingDatabase() throws {
        let conversion = try Gen2Conversion.convert(source: Gen2Fixtures.source("library-sql"), file: "schema.sql.ts")
        #expect(conversion.existingDatabase == ExistingDatabase(engine: "postgresql", connectionSecret: "SQL_CONNECTION_STRING"))
        #expect(conversion.sdl.hasPrefix("input AMPLIFY { engine: String = \"postgres\" }\n\n"))
        #expect(conversion.sdl.contains("type Blog @model(timestamps: null) @auth(rules: [{allow: public, provider: apiKey}]) @refersTo(name: \"blogs\")"))
        #expect(conversion.sdl.contains("  id: Int! @primaryKey @default\n"))
        // The AMPLIFY input comes from `configure(...)`; the first type (the enum: renamed models move to the
        // end, as in the library) from its own key.
        #expect(conversion.origins[0] == SourceLocation(file: "schema.sql.ts", line: 7, column: 23))
        #expect(conversion.origins[2] == SourceLocation(file: "schema.sql.ts", line: 31, column: 5))
    }

    @Test("defineData's authorization modes are recorded")
    func authorizationModes() throws {
        let conversion = try Gen2Conversion.convert(source: Gen2Fixtures.source("team-members"), file: "team-members.ts")
        #expect(conversion.authorizationModes.defaultMode == "apiKey")
        #expect(conversion.authorizationModes.apiKeyExpiresInDays == 30)
        #expect(conversion.authorizationModes.apiKeyLocation != nil && conversion.authorizationModes.oidc == nil)
    }

    @Test("an SDL string given to defineData is passed through")
    func sdlString() throws {
        let source = """
            import { defineData } from '@aws-amplify/backend';
            export const data = defineData({
              schema: `
            type Todo @model @auth(rules: [{ allow: public }]) { content: String }
            `,
            });
            """
        let loaded = SchemaFile.parse(source: source, file: "resource.ts")
        #expect(loaded.errors.isEmpty)
        #expect(loaded.schema?.models.map(\.name) == ["Todo"])
    }
}
