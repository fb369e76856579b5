import Gen2Schema
import ModelIR
import SchemaParser
import Testing

/// Modules a schema file imports by a relative path are read and run like the file itself.
@Suite("Gen 2 modules")
struct Gen2ModuleTests {
    /// A reader over in-memory files, resolving `./name` beside the importer (with `.ts` added).
    static func reader(_ files: [String: String]) -> Gen2Conversion.ModuleReader {
        { specifier, _ in
            let name = String(specifier.dropFirst(2))
            for candidate in [name, name + ".ts"] {
                if let source = files[candidate] { return (candidate, source) }
            }
            return nil
        }
    }

    static let main = """
        import { a, defineData } from '@aws-amplify/backend';
        import { models as shared, status } from './shared';
        /* a default import */ import base from './base';
        import * as everything from './shared';
        export const data = defineData({ schema: a.schema({ ...shared, Status: status, Base: base, Again: everything.models.Note }) });
        """

    static let shared = """
        import { a } from '@aws-amplify/backend';
        export const status = a.enum(['OPEN', 'DONE']);
        const rules = (allow) => [allow.publicApiKey()];
        export const models = { Note: a.model({ text: a.string() }).authorization(rules) };
        """

    static let base = """
        import { a } from '@aws-amplify/backend';
        export default a.model({ label: a.string() }).authorization((allow) => allow.publicApiKey());
        """

    @Test("named, renamed, default and namespace imports bring in the module's exports")
    func imports() throws {
        let conversion = try Gen2Conversion.convert(
            source: Self.main, file: "resource.ts", readModule: Self.reader(["shared.ts": Self.shared, "base.ts": Self.base]))
        #expect(conversion.sdl.contains("type Note @model"))
        #expect(conversion.sdl.contains("enum Status {"))
        #expect(conversion.sdl.contains("type Base @model"))
        #expect(conversion.sdl.contains("type Again @model"))
        #expect(conversion.modules.keys.sorted() == ["base.ts", "shared.ts"])
        // A line written in a module maps into that module.
        let line = try #require(conversion.sdl.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("  label:") })
        #expect(conversion.origins[line] == SourceLocation(file: "base.ts", line: 2, column: 26))
    }

    @Test("an error in a module is located in the module and formatted with its text")
    func errorInModule() throws {
        let broken = "import { a } from '@aws-amplify/backend';\nexport const models = { Note: a.model({ text: a.conversation() }) };\n"
        let loaded = SchemaFile.parse(source: Self.main, file: "resource.ts", readModule: Self.reader(["shared.ts": broken, "base.ts": Self.base]))
        let error = try #require(loaded.errors.first)
        #expect(error.location == SourceLocation(file: "shared.ts", line: 2, column: 49))
        let formatted = SchemaFile.format(loaded.errors, source: Self.main, modules: loaded.modules)
        #expect(formatted.contains("\nexport const models = { Note: a.model({ text: a.conversation() }) };\n" + String(repeating: " ", count: 48) + "^"), "\(formatted)")
    }

    @Test("a missing module, a missing export and an import cycle are refused where an imported name is used")
    func refusals() throws {
        let missing = try #require(Gen2Fixtures.error(Self.main, readModule: Self.reader([:])))
        #expect(missing.message.contains("'shared' comes from the module './shared' (imported at line 2), which cannot be read"), "\(missing)")
        // At the first use: the spread of `shared` on the last line.
        #expect(missing.location == SourceLocation(file: "resource.ts", line: 5, column: 56), "\(missing)")

        let noExport = try #require(Gen2Fixtures.error(Self.main, readModule: Self.reader(["shared.ts": "export const models = {};", "base.ts": Self.base])))
        #expect(noExport.message.contains("'status' is not exported by './shared'"), "\(noExport)")
        #expect(noExport.location.line == 5, "\(noExport)")

        let usesOne = "import { a, defineData } from '@aws-amplify/backend';\nimport { x } from './one';\nexport const data = defineData({ schema: a.schema({ Note: x }) });"
        let cycle = try #require(
            Gen2Fixtures.error(
                usesOne,
                readModule: Self.reader(["one.ts": "import { y } from './two';\nexport const x = y;", "two.ts": "import { x } from './one';\nexport const y = x;"])))
        #expect(cycle.message.contains("cycle: one.ts → two.ts → one.ts"), "\(cycle)")
        #expect(cycle.location == SourceLocation(file: "two.ts", line: 1, column: 1))
    }

    @Test("a module imported but never used is not read: a schema beside function resources loads")
    func unusedModules() throws {
        let source = """
            import { a, defineData } from '@aws-amplify/backend';
            import { magicRequestHandler } from '../functions/magic-request/resource';
            import { helper } from './unparsable';
            const schema = a.schema({ Note: a.model({ text: a.string() }).authorization((allow) => [allow.publicApiKey()]) });
            export const data = defineData({ schema });
            """
        var read: [String] = []
        let conversion = try Gen2Conversion.convert(
            source: source, file: "resource.ts",
            readModule: { specifier, importer in
                read.append(specifier)
                return Self.reader(["unparsable.ts": "export const helper = (x: number): number => { for (;;) {} };"])(specifier, importer)
            })
        #expect(conversion.sdl.contains("type Note @model"))
        #expect(read.isEmpty, "\(read)")
        #expect(conversion.modules.isEmpty)
    }

    @Test("without a reader, a relatively imported name fails where it is used")
    func withoutReader() throws {
        let error = try #require(Gen2Fixtures.error(Self.main))
        #expect(error.message.contains("'shared' is imported from './shared'"), "\(error)")
    }
}
