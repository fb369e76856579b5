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
}
