import Gen2Schema
import ModelIR
import SchemaParser
import Testing

/// Every refusal is located in the `.ts` file: constructs outside the model surface, unsupported rules, and the
/// library's validations.
@Suite("Gen 2 errors")
struct Gen2ErrorTests {
    /// A schema of one model whose body is `fields` and whose chain ends with `modifiers`.
    static func model(_ fields: String, _ modifiers: String = "") -> String {
        """
        import { a, defineData } from '@aws-amplify/backend';
        const schema = a.schema({
          Todo: a.model({
            \(fields)
          })\(modifiers),
        }).authorization((allow) => [allow.publicApiKey()]);
        export const data = defineData({ schema });
        """
    }

    static let cases: [(source: String, line: Int, column: Int, message: String)] = [
        (model("content: a.string(),\nask: a.query().arguments({}).returns(a.string())"), 5, 1, "not a custom query (a.query())"),
        (model("content: a.string()") + "\nconst m = a.handler.custom({ entry: './resolver.js' });", 8, 21, "AppSync JavaScript resolver"),
        (model("content: a.string()") + "\nconst s = a.handler.http;", 8, 21, "a.handler.http is not a handler"),
        (model("content: a.string()") + "\nconst c = a.conversation({});", 8, 13, "conversation"),
        (model("content: a.string()") + "\nconst g = a.generation({});", 8, 13, "generation"),
        (model("content: a.string()") + "\nconst t = a.ai.dataTool({});", 8, 13, "AI models"),
        (model("content: a.string()") + "\nconst u = a.unknownThing();", 8, 13, "not a builder"),
        (model("content: a.string()", ".authorization((allow) => [allow.guest()])"), 5, 38, "allow.guest()"),
        (model("content: a.string()", ".authorization((allow) => [allow.custom()])"), 5, 38, "Lambda authorizer"),
        (model("content: a.string()", ".authorization((allow) => [allow.authenticated('identityPool')])"), 5, 52, "identityPool"),
        (model("content: a.string()", ".authorization((allow) => [allow.owner('iam')])"), 5, 44, "'iam' provider"),
        (model("content: a.string().validate((v) => v.minLength(3))"), 4, 25, ".validate"),
        (model("content: a.string()", ".secondaryIndexes((index) => [index('content').projection('KEYS_ONLY')])"), 5, 52, "projection"),
        (model("title: a.string()", ".identifier(['title'])"), 4, 5, "Identifiers must reference required"),
        (model("title: a.string().required()", ".identifier(['name'])"), 5, 6, "Identifier field 'name' is not a field"),
        (model("count: a.float().default()"), 4, 14, "DB-generated fields"),
        (model("content: a.string()", ".disableOperations(['erase'])"), 5, 25, "not an operation"),
        (model("owner: a.integer()", ".authorization((allow) => [allow.owner()])"), 4, 5, "Implicit field owner conflicts"),
        (model("status: a.ref('Nothing')"), 4, 15, "not defined in the schema"),
        (model("content: a.string(),\nstatus: a.enum(['IN PROGRESS'])"), 5, 11, "whitespace"),
    ]

    @Test("each refusal names the construct at its line and column", arguments: cases.indices)
    func located(index: Int) throws {
        let (source, line, column, message) = Self.cases[index]
        let error = try #require(Gen2Fixtures.error(source))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location == SourceLocation(file: "resource.ts", line: line, column: column), "\(error)")
    }

    static let relationshipCases: [(source: String, message: String, line: Int)] = [
        (
            """
            const schema = a.schema({
              Team: a.model({ members: a.hasMany('Member', 'teamId') }),
              Member: a.model({ teamId: a.id() }),
            }).authorization((allow) => allow.publicApiKey());
            """, "Unable to find associated relationship definition in Member for Team.members", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ members: a.hasMany('Member', 'teamId') }),
              Member: a.model({ teamId: a.id(), team: a.belongsTo('Team', 'teamId'), again: a.belongsTo('Team', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """, "Found multiple relationship associations with Member.team, Member.again", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ members: a.hasMany('Member', 'teamId') }),
              Member: a.model({ team: a.belongsTo('Team', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """, "Reference field 'teamId' must be defined on Member", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ id: a.id().required(), sk: a.string().required(), members: a.hasMany('Member', 'teamId') }).identifier(['id', 'sk']),
              Member: a.model({ teamId: a.id(), team: a.belongsTo('Team', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """, "The identifiers defined on Team must match the reference fields defined on Member", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ members: a.hasMany('Member', 'teamId') }),
              Member: a.model({ teamId: a.integer(), team: a.belongsTo('Team', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """, "Reference field 'teamId' on Member is Int, but identifier field 'id' of Team is ID", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ name: a.string(), lead: a.hasOne('Person', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """, "Invalid ref. Team is referring to Person which is not defined in the schema", 2
        ),
        (
            """
            const schema = a.schema({
              Team: a.model({ name: a.string() }),
            });
            """, "Model `Team` is missing authorization rules", 2
        ),
    ]

    @Test("relationship and rule validation, at the field that fails", arguments: relationshipCases.indices)
    func relationships(index: Int) throws {
        let (source, message, line) = Self.relationshipCases[index]
        let error = try #require(Gen2Fixtures.error(source))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location.line == line, "\(error)")
    }

    @Test("a problem the SDL parser finds in the converted SDL is reported in the .ts file, with its line and a caret")
    func mappedSDLError() throws {
        let source = Self.model("content: a.string(),\n__secret: a.string()")
        let loaded = SchemaFile.parse(source: source, file: "resource.ts")
        let error = try #require(loaded.errors.first)
        #expect(error.location == SourceLocation(file: "resource.ts", line: 5, column: 1))
        let formatted = DiagnosticFormatter.format([error], source: source)
        #expect(formatted.hasPrefix("resource.ts:5:1: error: "), "\(formatted)")
        #expect(formatted.hasSuffix("\n__secret: a.string()\n^"), "\(formatted)")
    }

    @Test("a required relationship field converts as the library writes it, and the GraphQL checks refuse it in the .ts")
    func requiredRelationship() throws {
        let source = """
            import { a } from '@aws-amplify/backend';
            export const schema = a.schema({
              Team: a.model({
                members: a.hasMany('Member', 'teamId').valueRequired(),
                project: a.hasOne('Project', 'teamId').required(),
              }),
              Member: a.model({ teamId: a.id(), team: a.belongsTo('Team', 'teamId') }),
              Project: a.model({ teamId: a.id(), team: a.belongsTo('Team', 'teamId') }),
            }).authorization((allow) => allow.publicApiKey());
            """
        let conversion = try Gen2Conversion.convert(source: source, file: "resource.ts")
        #expect(conversion.sdl.contains("  members: [Member!] @hasMany(references: [\"teamId\"])\n  project: Project! @hasOne(references: [\"teamId\"])"))
        let loaded = SchemaFile.parse(source: source, file: "resource.ts")
        #expect(loaded.errors.map(\.location) == [SourceLocation(file: "resource.ts", line: 4, column: 5), SourceLocation(file: "resource.ts", line: 5, column: 5)])
        #expect(loaded.errors.first?.message.contains("must be nullable") == true)
    }

    @Test("an SDL problem in a directive points at the .ts call that wrote the directive, not only at its line")
    func mappedToDirective() throws {
        let source = """
            import { a } from '@aws-amplify/backend';
            export const schema = a.schema({
              Todo: a.model({ data: a.json(), tags: a.string().array() })
                .secondaryIndexes((index) => [index('data'), index('tags')])
                .authorization((allow) => [allow.publicApiKey()]),
            });
            """
        let loaded = SchemaFile.parse(source: source, file: "resource.ts")
        let error = try #require(loaded.errors.first)
        #expect(error.message.contains("field 'tags' must be a scalar or enum"), "\(error)")
        #expect(error.location == SourceLocation(file: "resource.ts", line: 4, column: 50))
    }

    @Test("a file without a schema says what it expects")
    func noSchema() throws {
        let error = try #require(Gen2Fixtures.error("import { a } from '@aws-amplify/backend';\nconst x = 1;"))
        #expect(error.message.contains("No schema found"))
        #expect(error.location.line == 1)
    }

    @Test("names imported from other modules cannot be followed")
    func importedName() throws {
        let source = "import { shared } from './shared';\nconst schema = a.schema({ Todo: shared });"
        let error = try #require(Gen2Fixtures.error(source))
        #expect(error.message.contains("Schema entry 'Todo' must be"), "\(error)")
        let call = try #require(Gen2Fixtures.error("import { sayHello } from '../functions/say-hello/resource';\nconst x = sayHello.name;"))
        #expect(call.message.contains("imported from '../functions/say-hello/resource'"), "\(call)")
        #expect(call.location == SourceLocation(file: "resource.ts", line: 2, column: 20))
    }
}
