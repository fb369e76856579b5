import Foundation
import Gen2Schema
import Testing

/// An existing-database schema opens with `a.configure(...)` (as Amplify's guide writes it) or with the bare
/// `configure(...)` of `@aws-amplify/data-schema/internals` (as `npx ampx generate schema-from-database` and
/// `modelgraph introspect --format ts` write it): both convert to the same SDL and database.
@Suite("Gen 2 configure")
struct Gen2ConfigureTests {
    static let bare = """
        import { a } from '@aws-amplify/data-schema';
        import { configure } from '@aws-amplify/data-schema/internals';
        import { secret } from '@aws-amplify/backend';

        export const schema = configure({
          database: { engine: 'postgresql', connectionUri: secret('SQL_CONNECTION_STRING') },
        }).schema({
          "tags": a.model({ "name": a.string().required() }).identifier(["name"]),
        }).authorization((allow) => [allow.publicApiKey()]);
        """

    @Test("bare configure(...) and a.configure(...) convert alike")
    func bareAndNamespaced() throws {
        let namespaced = Self.bare
            .replacingOccurrences(of: "import { configure } from '@aws-amplify/data-schema/internals';\n", with: "")
            .replacingOccurrences(of: "= configure(", with: "= a.configure(")
        let fromBare = try Gen2Conversion.convert(source: Self.bare, file: "schema.sql.ts")
        let fromNamespace = try Gen2Conversion.convert(source: namespaced, file: "schema.sql.ts")
        #expect(fromBare.sdl == fromNamespace.sdl)
        #expect(fromBare.sdl.hasPrefix("input AMPLIFY { engine: String = \"postgres\" }\n"), "\(fromBare.sdl)")
        #expect(fromBare.existingDatabase == ExistingDatabase(engine: "postgresql", connectionSecret: "SQL_CONNECTION_STRING"))
        #expect(fromBare.existingDatabase == fromNamespace.existingDatabase)
    }

    static let posts = """
        import { a } from '@aws-amplify/data-schema';
        import { configure } from '@aws-amplify/data-schema/internals';
        import { secret } from '@aws-amplify/backend';

        export const schema = configure({ database: { engine: 'postgresql', connectionUri: secret('SQL') } }).schema({
          "posts": a.model({ id: a.string().required(), title: a.string(), stage: a.string() }).identifier(["id"]),
        });
        """

    @Test("setAuthorization sets a field's rules through models.X.fields.y, as the library does")
    func fieldRulesThroughSetAuthorization() throws {
        let source =
            Self.posts + """

                export const authorized = schema.setAuthorization((models) => [
                  models.posts.authorization((allow) => allow.publicApiKey()),
                  models.posts.fields.id.authorization((allow) => allow.authenticated()),
                ]);
                """
        let sdl = try Gen2Conversion.convert(source: source, file: "schema.sql.ts").sdl
        #expect(sdl.contains("  id: String! @primaryKey @auth(rules: [{allow: private}])\n"), "\(sdl)")
        #expect(sdl.contains("  title: String\n"), "\(sdl)")
        let missing = source.replacingOccurrences(of: "fields.id.", with: "fields.nope.")
        #expect(throws: Gen2Error.self) { try Gen2Conversion.convert(source: missing, file: "schema.sql.ts") }
    }

    @Test("addToSchema adds enums and custom types to an existing-database schema and refuses models")
    func addToSchema() throws {
        let source =
            Self.posts + """

                export const extended = schema.addToSchema({
                  Stage: a.enum(['draft', 'published']),
                  Point: a.customType({ x: a.float(), y: a.float() }),
                });
                """
        let sdl = try Gen2Conversion.convert(source: source, file: "schema.sql.ts").sdl
        #expect(sdl.contains("enum Stage {"), "\(sdl)")
        #expect(sdl.contains("type Point \n{\n  x: Float\n  y: Float\n}"), "\(sdl)")
        let model = source.replacingOccurrences(of: "Point: a.customType(", with: "Point: a.model(")
        do {
            _ = try Gen2Conversion.convert(source: model, file: "schema.sql.ts")
            Issue.record("a model added through addToSchema was accepted")
        } catch {
            #expect(error.message.contains("cannot add the model 'Point'"), "\(error.message)")
        }
    }
}
