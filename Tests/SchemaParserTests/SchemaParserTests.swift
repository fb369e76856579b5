import ModelIR
import SchemaParser
import TestSupport
import Testing

@Suite("Schema parser")
struct SchemaParserTests {
    @Test("every fixture schema parses without errors", arguments: Fixtures.schemaNames())
    func fixturesParse(name: String) throws {
        let result = SchemaParser.parse(source: try Fixtures.schemaSource(name), file: "\(name).graphql")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.schema != nil)
    }

    @Test("implicit id and timestamps are appended after declared fields")
    func implicitFields() throws {
        let schema = try SchemaParser.parseOrThrow(source: "type Note @model @auth(rules: [{allow: public}]) { text: String }")
        let note = try #require(schema.model(named: "Note"))
        #expect(note.fields.map(\.name) == ["text", "id", "createdAt", "updatedAt"])
        #expect(note.fields.map(\.origin) == [.declared, .implicitID, .implicitTimestamp, .implicitTimestamp])
        #expect(note.primaryKey == ["id"])
    }

    @Test("references relationships resolve to the joining fields")
    func referencesRelationship() throws {
        let schema = try SchemaParser.parseOrThrow(source: try Fixtures.schemaSource("team-members"))
        let members = try #require(schema.model(named: "Team")?.field(named: "members")?.relationship)
        #expect(members.kind == .hasMany)
        #expect(members.localFields == ["id"])
        #expect(members.targetFields == ["teamId"])
        let team = try #require(schema.model(named: "Member")?.field(named: "team")?.relationship)
        #expect(team.kind == .belongsTo)
        #expect(team.localFields == ["teamId"])
        #expect(team.referenceOwner == .local)
    }

    @Test("implicit hasMany generates the reference field on the child (docs/api-contract.md §10.2)")
    func implicitHasMany() throws {
        let source = """
            type Post @model @auth(rules: [{allow: public}]) { id: ID!  comments: [Comment] @hasMany }
            type Comment @model @auth(rules: [{allow: public}]) { id: ID!  post: Post @belongsTo }
            """
        let schema = try SchemaParser.parseOrThrow(source: source)
        let comment = try #require(schema.model(named: "Comment"))
        let generated = try #require(comment.field(named: "postCommentsId"))
        #expect(generated.origin == .implicitReference)
        #expect(generated.type == FieldType(.scalar(.id)))
        #expect(comment.field(named: "post")?.relationship?.localFields == ["postCommentsId"])
    }

    @Test("manyToMany synthesises the join model (docs/api-contract.md §10.5)")
    func manyToMany() throws {
        let source = """
            type ManyLeft @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  manyRight: [ManyRight] @manyToMany(relationName: "leftRightJoin") }
            type ManyRight @model @auth(rules: [{allow: public}]) { id: ID! @primaryKey  manyLeft: [ManyLeft] @manyToMany(relationName: "leftRightJoin") }
            """
        let schema = try SchemaParser.parseOrThrow(source: source)
        let join = try #require(schema.model(named: "LeftRightJoin"))
        #expect(join.fields.map(\.name) == ["id", "manyLeftId", "manyRightId", "manyLeft", "manyRight", "createdAt", "updatedAt"])
        #expect(join.indexes.map(\.queryField) == ["leftRightJoinsByManyLeftId", "leftRightJoinsByManyRightId"])
    }

    @Test("errors point at file:line:column and every error of a file is reported")
    func diagnosticsCarryPositions() {
        let source = """
            type Post @model {
              id: ID!
              author: Person
              rating: Rating
            }
            type Comment @model @auth(rules: [{ allow: custom }]) {
              id: ID!
            }
            """
        let result = SchemaParser.parse(source: source, file: "bad.graphql")
        let messages = result.errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(messages.contains("3:11 Unknown type 'Person'."))
        #expect(messages.contains("4:11 Unknown type 'Rating'."))
        #expect(messages.contains { $0.hasPrefix("6:21 @auth rule 'allow: custom' is not supported") })
        #expect(result.schema == nil)
        let formatted = DiagnosticFormatter.format(result.errors, source: source)
        #expect(formatted.contains("bad.graphql:3:11: error: Unknown type 'Person'.\n  author: Person\n          ^"))
    }

    @Test("a syntax error is reported with its position")
    func syntaxError() {
        let result = SchemaParser.parse(source: "type Post @model {\n  id: ID!\n  title String\n}", file: "s.graphql")
        let error = result.errors.first
        #expect(error?.location?.line == 3)
        #expect(error?.message.hasPrefix("Syntax Error") == true)
    }

    @Test("references must match the parent's key and have a counterpart")
    func referenceRules() {
        let source = """
            type Team @model @auth(rules: [{allow: public}]) { id: ID!  members: [Member] @hasMany(references: ["teamId", "other"]) }
            type Member @model @auth(rules: [{allow: public}]) { id: ID!  teamId: ID }
            """
        let messages = SchemaParser.parse(source: source).errors.map(\.message)
        #expect(messages.contains { $0.contains("'references' lists 2 field(s) but 'Team' has 1 primary key field(s)") })
    }

    @Test("@default values are checked against the field type")
    func defaultValues() {
        let source = """
            enum Color { RED GREEN }
            type Box @model @auth(rules: [{allow: public}]) {
              size: Int @default(value: "big")
              color: Color @default(value: "BLUE")
              at: AWSDateTime @default(value: "2020-01-01T00:00:00Z")
            }
            """
        let messages = SchemaParser.parse(source: source).errors.map(\.message)
        #expect(messages.contains("@default value 'big' on 'Box.size' is not an Int."))
        #expect(messages.contains("@default value 'BLUE' on 'Box.color' is not a member of enum 'Color'."))
        #expect(messages.count == 2)
    }
}

@Suite("pluralize port")
struct PluralizeTests {
    @Test(
        "the cases of docs/api-contract.md §2.2",
        arguments: [
            ("Post", "Posts"), ("BlogPost", "BlogPosts"), ("Category", "Categories"), ("UserCategory", "UserCategories"),
            ("Key", "Keys"), ("Survey", "Surveys"), ("Money", "Monies"), ("Status", "Statuses"), ("Address", "Addresses"),
            ("Box", "Boxes"), ("Match", "Matches"), ("Quiz", "Quizzes"), ("Person", "People"), ("SalesPerson", "SalesPeople"),
            ("Child", "Children"), ("Woman", "Women"), ("Human", "Humans"), ("Index", "Indices"), ("Matrix", "Matrices"),
            ("Vertex", "Vertices"), ("Mouse", "Mice"), ("Leaf", "Leaves"), ("Wife", "Wives"), ("Chef", "Chefs"), ("Hero", "Heroes"),
            ("Photo", "Photos"), ("Analysis", "Analyses"), ("Criterion", "Criteria"), ("Datum", "Data"), ("Data", "Data"),
            ("Metadata", "Metadata"), ("News", "News"), ("Equipment", "Equipment"), ("Media", "Media"), ("Series", "Series"),
            ("Species", "Species"), ("Software", "Software"), ("Information", "Information"), ("Staff", "Staff"), ("Audio", "Audio"),
            ("Agenda", "Agenda"), ("Feedback", "Feedbacks"), ("Video", "Videos"), ("Virus", "Viri"), ("Cactus", "Cacti"),
            ("Syllabus", "Syllabi"), ("Schema", "Schemata"), ("Genus", "Genera"), ("Potato", "Potatoes"), ("Goose", "Geese"),
            ("Die", "Dice"), ("Sms", "Sms"), ("Fish", "Fish"), ("Sheep", "Sheep"), ("Deer", "Deer"), ("Chinese", "Chinese"),
            ("PostTags", "PostTags"), ("Users", "Users"), ("SalesStaff", "SalesStaffs"), ("AppEquipment", "AppEquipments"),
            ("BlogMedia", "BlogMedias"), ("CarFish", "CarFish"), ("TeamPerson", "TeamPeople"), ("PERSON", "PEOPLE"), ("Item1", "Item1s"),
            ("UserNews", "UserNews"), ("ProductSeries", "ProductSeries"),
        ])
    func plural(single: String, plural: String) {
        #expect(Inflection.pluralize(single) == plural)
    }
}
