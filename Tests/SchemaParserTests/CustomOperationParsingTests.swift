import ModelIR
import SchemaParser
import TestSupport
import Testing

/// Custom queries, mutations and subscriptions in the schema: what each declaration becomes, and the located
/// error of each one that cannot be served.
@Suite("Custom operations in the schema")
struct CustomOperationParsingTests {
    @Test("the fixture's operations: handlers, pipelines, placeholders, arguments with defaults, input types, rules, a subscription's mutations")
    func fixture() throws {
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("custom-operations"))
        #expect(
            schema.customOperations.map(\.name) == [
                "postStats", "topPosts", "titles", "echoText", "echo", "recommended", "adminReport", "ratePost", "commentAndRate", "checkout", "notify", "onRatePost",
            ])
        let stats = try #require(schema.customOperation(.query, named: "postStats"))
        #expect(stats.arguments == [CustomArgument(name: "minRating", type: FieldType(.scalar(.int)), defaultValue: "0")])
        guard case .sql(let handler) = stats.handler else { Issue.record("postStats is answered by SQL"); return }
        #expect(handler.statement.names == ["minRating"] && handler.statement.text.hasSuffix(">= $1"))
        let checkout = try #require(schema.customOperation(.mutation, named: "checkout"))
        #expect(checkout.handler == .functions([FunctionStep(name: "price"), FunctionStep(name: "charge")]))
        #expect(checkout.arguments.first?.type == FieldType(.object("CartLine"), isList: true, isRequired: true, isElementRequired: true))
        #expect(schema.customOperation(.mutation, named: "notify")?.handler == .functions([FunctionStep(name: "notify", isAsync: true)]))
        #expect(schema.customOperation(.query, named: "echo")?.handler == .functions([FunctionStep(name: "echo-${env}")]))
        #expect(schema.customOperation(.query, named: "adminReport")?.rules == [AuthRule(.groups, provider: .userPools, groups: ["Admin"])])
        #expect(schema.customOperation(.subscription, named: "onRatePost")?.handler == .subscribe(SubscriptionSource(mutations: ["ratePost"])))
        #expect(schema.inputType(named: "CartLine")?.fields.last == CustomArgument(name: "quantity", type: FieldType(.scalar(.int), isRequired: true), defaultValue: "1"))
    }

    @Test("AppSync's own auth directives become rules")
    func appSyncDirectives() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: """
                type Query {
                  a: String @function(name: "f") @aws_api_key @aws_cognito_user_pools(cognito_groups: ["Ops"])
                  b: String @function(name: "f") @aws_oidc @auth(rules: [{ allow: private }])
                }
                """)
        #expect(schema.customOperation(.query, named: "a")?.rules == [AuthRule(.public, provider: .apiKey), AuthRule(.groups, provider: .userPools, groups: ["Ops"])])
        #expect(schema.customOperation(.query, named: "b")?.rules == [AuthRule(.private, provider: .oidc), AuthRule(.private, provider: .userPools)])
    }

    /// The errors of `field` declared on `type` (with the models and types the cases use), each as
    /// `line:column message`.
    static func errors(_ type: String, _ field: String, extra: String = "") -> [String] {
        let source = """
            type Post @model @auth(rules: [{ allow: public }]) { id: ID! title: String }
            input PostInput { title: String }
            type Note { text: String }
            \(extra)
            type \(type) {
              \(field)
            }
            """
        return SchemaParser.parse(source: source, file: "s.graphql").errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
    }

    @Test(
        "each declaration that cannot be served has a located error that says why",
        arguments: [
            ("Query", "note: Note", "6:3 Custom query Query.note needs a handler"),
            ("Query", #"posts: [Post] @sql(statement: "SELECT id FROM \"Post\" WHERE title = :title")"#, "6:17 The SQL of Query.posts uses :title, which is not an argument"),
            ("Mutation", #"wipe: Int @sql(statement: "DELETE FROM a; DELETE FROM b")"#, "6:13 The SQL of Mutation.wipe cannot be used: it holds more than one statement"),
            ("Query", #"both: Int @sql(statement: "SELECT 1", reference: "x")"#, "6:13 @sql directive can have either a 'statement' or a 'reference' argument but not both."),
            ("Query", #"file: Int @sql(reference: "missing")"#, "6:18 @sql(reference: \"missing\") on Query.file: no file 'missing'"),
            ("Subscription", #"s: Int @sql(statement: "SELECT 1")"#, "6:10 @sql directive can only be used on Query or Mutation types."),
            ("Subscription", #"onPost: Post @function(name: "f")"#, "6:3 Subscription Subscription.onPost needs @aws_subscribe"),
            ("Subscription", #"onPost: Post @aws_subscribe(mutations: ["publish"])"#, "6:3 Subscription.onPost receives mutation 'publish', which the schema does not have"),
            ("Subscription", #"onNote: Note @aws_subscribe(mutations: ["createPost"])"#, "6:3 Subscription.onNote returns Note but mutation 'createPost' returns Post"),
            ("Query", #"mine: [Post] @function(name: "f") @auth(rules: [{ allow: owner }])"#, "6:37 Query.mine has an owner rule; a custom operation has no record"),
            (
                "Query", #"x: Int @function(name: "f") @auth(rules: [{ allow: public, operations: [read] }])"#,
                "6:31 @auth rules on fields within Query, Mutation, Subscription cannot specify 'operations'"
            ),
            ("Query", #"x: Int @function(name: "f") @aws_iam"#, "6:31 @aws_iam on Query.x: ModelGraph does not serve IAM authorization"),
            ("Query", #"recipe(ask: String): String @generation(aiModel: "m", systemPrompt: "p")"#, "6:31 @generation on Query.recipe is an Amplify AI route"),
            ("Mutation", #"ping: Boolean @function(name: "f", invocationType: Event)"#, "6:9 Invalid return type Boolean for Mutation.ping."),
            ("Query", #"find(post: Post): String @function(name: "f")"#, "6:14 The argument 'post' of Query.find is of object type 'Post'"),
            ("Query", #"give: PostInput @function(name: "f")"#, "6:9 Query.give returns input type 'PostInput'"),
            ("Query", #"x: Int @function(name: "f") @sql(statement: "SELECT 1")"#, "6:3 Query.x has both @function and @sql"),
        ])
    func refused(type: String, field: String, expected: String) {
        let errors = Self.errors(type, field)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    @Test("@sql(reference:) reads the file the loader finds beside the schema")
    func reference() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: #"type Query { count(min: Int): Int @sql(reference: "count") }"#, readReference: { $0 == "count" ? "SELECT count(*) FROM t WHERE n > :min;\n" : nil })
        guard case .sql(let handler)? = schema.customOperations.first?.handler else { Issue.record("a SQL handler"); return }
        #expect(handler.reference == "count" && handler.statement.text == "SELECT count(*) FROM t WHERE n > $1")
    }
}

extension CustomOperationParsingTests {
    @Test("@http: the arguments rewritten as the transformer does (params, query, body), the input types added, the required ones remembered")
    func http() throws {
        let schema = try SchemaParser.parseOrThrow(
            source: """
                enum Unit { C F }
                type Query { weather(city: String!, unit: Unit, days: Int!): String @http(url: "https://example.com/weather/:city") }
                type Mutation { report(city: String!, text: String!, at: AWSDateTime): String @http(method: POST, url: "https://example.com/reports") }
                """)
        let weather = try #require(schema.customOperation(.query, named: "weather"))
        #expect(weather.arguments.map { "\($0.name): \($0.type)" } == ["params: QueryWeatherParamsInput!", "query: QueryWeatherQueryInput!"])
        let report = try #require(schema.customOperation(.mutation, named: "report"))
        #expect(report.arguments.map { "\($0.name): \($0.type)" } == ["query: MutationReportQueryInput", "body: MutationReportBodyInput"])
        guard case .http(let handler) = report.handler else { Issue.record("an @http handler"); return }
        #expect(handler.requiredArguments == ["city", "text"] && handler.sendsBody)
        let inputs = Dictionary(uniqueKeysWithValues: schema.inputTypes.map { ($0.name, $0.fields.map { "\($0.name): \($0.type)" }) })
        // With path parameters, only scalar arguments other than the parameters go to the query (the enum is dropped).
        #expect(inputs["QueryWeatherParamsInput"] == ["city: String!"])
        #expect(inputs["QueryWeatherQueryInput"] == ["days: Int!"])
        #expect(inputs["MutationReportBodyInput"] == ["city: String", "text: String", "at: AWSDateTime"])
        #expect(inputs["MutationReportQueryInput"] == inputs["MutationReportBodyInput"])
    }

    @Test(
        "@http forms that cannot be served have located errors",
        arguments: [
            ("Query", #"w: String @http(url: "example.com/w")"#, "", "6:13 @http directive on Query.w requires a url parameter that begins with http:// or https://."),
            ("Query", #"w: String @http(url: "https://a/w") @http(url: "https://b/w")"#, "", "6:39 Query.w has more than one @http"),
            ("Query", #"w(id: ID!): String @http(url: "https://a/w/:id")"#, "input QueryWParamsInput { x: Int }", "6:22 @http on Query.w adds the input type 'QueryWParamsInput'"),
            ("Subscription", #"onW: String @http(url: "https://a/w")"#, "", "6:15 @http directive can only be used on Query or Mutation types."),
        ])
    func httpRefused(type: String, field: String, extra: String, expected: String) {
        let errors = Self.errors(type, field, extra: extra)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    @Test(
        "a model's field answered by functions: the forms that cannot be served have located errors",
        arguments: [
            (#"summary: String @function(name: "f") @index(name: "bySummary")"#, "2:98 @index cannot go with @function on Doc.summary"),
            (#"summary: String @http(url: "https://a/:id")"#, "2:77 @http on the model field Doc.summary is not served"),
            (#"related: Post @function(name: "f")"#, "2:70 Doc.related returns the model Post from a function"),
            (#"later: String @function(name: "f", invocationType: Event)"#, "2:75 @function definition with 'invocationType: Event' must be defined on Query or Mutation field."),
        ])
    func fieldResolverRefused(field: String, expected: String) {
        let source = "type Post @model @auth(rules: [{ allow: public }]) { id: ID! }\ntype Doc @model @auth(rules: [{ allow: public }]) { id: ID! \(field) }"
        let errors = SchemaParser.parse(source: source, file: "s.graphql").errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }
}
