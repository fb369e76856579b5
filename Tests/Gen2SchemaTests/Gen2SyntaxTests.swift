import Gen2Schema
import ModelIR
import Testing

/// The TypeScript subset: every form the reader accepts, in one file, gives the schema it means.
@Suite("Gen 2 syntax")
struct Gen2SyntaxTests {
    static let source = #"""
        'use strict';
        /* types only */ import type { Foo } from './types';
        import * as backend from '@aws-amplify/backend';
        import { a, defineData, type ClientSchema } from '@aws-amplify/backend';

        interface Options {
          name: string;
          nested: { deep: Array<Record<string, number>> };
        }
        declare const injected: string;
        type Pair<T> =
          | [T, T]
          | null;

        const statuses: readonly string[] = ['OPEN', "CLOSED", `ARCHIVED`] as const;
        const key = 'title';
        const shared = { [key]: a.string().required(), 'quoted-key': a.string(), 42: a.integer() } satisfies object;
        const rules = (allow: any): unknown[] => {
          const list = [allow.publicApiKey()];
          return list;
        };
        const pick = (index) => [index('title').sortKeys(['createdOn']).name('byTitle')];

        const schema = a.schema({
          Status: a.enum([...statuses]),
          Note: a
            .model({
              ...shared,
              createdOn: a.date()!.required(),
              status: a.ref('Status'),
              score: a.float().default(-1.5),
              big: a.integer().default(0x10),
              small: a.float().default(.25e1),
            })
            ?.secondaryIndexes(pick)
            .authorization(rules),
        });

        export type Schema = ClientSchema<typeof schema>;
        export default defineData({ schema: schema });
        """#

    @Test("literals, spreads, computed and numeric keys, arrow functions with types and blocks, skipped types")
    func everything() throws {
        let conversion = try Gen2Conversion.convert(source: Self.source, file: "resource.ts")
        let expected = """
            enum Status {
              OPEN
              CLOSED
              ARCHIVED
            }

            type Note @model @auth(rules: [{allow: public, provider: apiKey}])
            {
              42: Int
              title: String! @index(name: "byTitle", sortKeyFields: ["createdOn"], queryField: "listNoteByTitleAndCreatedOn")
              quoted-key: String
              createdOn: AWSDate!
              status: Status
              score: Float @default(value: "-1.5")
              big: Int @default(value: "16")
              small: Float @default(value: "2.5")
            }
            """
        #expect(conversion.sdl == expected)
        // SDL line 10, `title`, comes from the computed key `[key]`.
        #expect(conversion.origins[9] == SourceLocation(file: "resource.ts", line: 17, column: 19))
    }

    @Test(
        ".ts, .js and their module variants are Gen 2 files; anything else is SDL",
        arguments: [
            ("amplify/data/resource.ts", true), ("resource.js", true), ("schema.mts", true), ("x.cjs", true), ("schema.graphql", false),
            ("folder.ts/schema", false), ("README", false),
        ])
    func extensions(path: String, isGen2: Bool) {
        #expect(SchemaFile.isGen2(path) == isGen2)
    }

    @Test("a .js file is read like a .ts file")
    func javaScript() throws {
        let source = """
            const { a, defineData } = require('@aws-amplify/backend');
            """
        let error = try #require(Gen2Fixtures.error(source, file: "resource.js"))
        #expect(error.message.contains("Destructuring"))
        let plain = "import { a } from '@aws-amplify/backend';\nexport default a.schema({ T: a.model({ n: a.integer() }).authorization(allow => allow.publicApiKey()) });"
        let loaded = SchemaFile.parse(source: plain, file: "resource.js")
        #expect(loaded.schema?.models.map(\.name) == ["T"])
    }
}
