import ClientConfig
import JSON
import ModelIR
import SchemaParser
import TestSupport
import Testing

/// The client configuration files, compared with golden files for every example schema. The goldens were
/// checked against the shapes Amplify's own generators write (amplify-codegen's model-introspection visitor and
/// its snapshots, amplify-backend's client-config writer): key order, association shapes, keys, auth rules.
@Suite("Client configuration: amplify_outputs.json and the Gen 1 files")
struct ClientConfigTests {
    static let examples = ["team-members", "blog-implicit", "author-editor", "composite-references", "custom-primary-keys", "customer-cart", "objectbox-style", "post-tags"]

    static func schema(_ name: String) throws -> Schema {
        try SchemaParser.parseOrThrow(source: Fixtures.schemaSource(name))
    }

    @Test("amplify_outputs.json of every example schema matches its golden file", arguments: examples)
    func outputs(name: String) throws {
        let configuration = ClientConfiguration(url: "https://localhost:8080/graphql", apiKey: "mg_0123abcd_secret", modes: [.apiKey, .userPools])
        let text = configuration.amplifyOutputs(for: try Self.schema(name))
        if let difference = Golden.check(text, named: "\(name).amplify_outputs.json") { Issue.record(Comment(rawValue: difference)) }
        // The file is JSON the clients read: version 1.x, the data category's required members.
        let value = try JSONReader.parse(Array(text.utf8))
        #expect(value["version"] == .string("1.4"))
        #expect(value["data"]?["default_authorization_type"] == .string("API_KEY"))
        #expect(value["data"]?["authorization_types"] == .list([.string("AMAZON_COGNITO_USER_POOLS")]))
        #expect(value["data"]?["model_introspection"]?["version"] == .int(1))
    }

    @Test("the Gen 1 files of an example: aws-exports.js and amplifyconfiguration.json")
    func gen1() throws {
        let configuration = ClientConfiguration(url: "https://localhost:8080/graphql", region: "eu-west-1", apiKey: "mg_0123abcd_secret", modes: [.apiKey])
        if let difference = Golden.check(configuration.awsExports(), named: "aws-exports.js") { Issue.record(Comment(rawValue: difference)) }
        if let difference = Golden.check(configuration.amplifyConfigurationJSON(), named: "amplifyconfiguration.json") { Issue.record(Comment(rawValue: difference)) }
        let withoutKey = ClientConfiguration(url: "http://127.0.0.1:8080/graphql", modes: [.userPools, .apiKey]).amplifyConfigurationJSON()
        #expect(!withoutKey.contains("aws_appsync_apiKey") && withoutKey.contains(#""aws_appsync_authenticationType": "AMAZON_COGNITO_USER_POOLS""#))
        #expect(withoutKey.contains(#""aws_project_region": "us-east-1""#))
    }

    @Test("a user pool app: the auth section (region, pool, app client) before data; the Gen 1 file names the pool too")
    func userPool() throws {
        var configuration = ClientConfiguration(url: "https://localhost/graphql", modes: [.userPools, .apiKey])
        configuration.userPool = ClientConfiguration.UserPool(region: "eu-west-1", id: "eu-west-1_AbC123", clientID: "client-app")
        let text = configuration.amplifyOutputs(for: try Self.schema("team-members"))
        #expect(
            text.hasPrefix(
                "{\n  \"auth\": {\n    \"aws_region\": \"eu-west-1\",\n    \"user_pool_id\": \"eu-west-1_AbC123\",\n    \"user_pool_client_id\": \"client-app\"\n  },\n  \"data\": {"
            ), "\(text.prefix(300))")
        let gen1 = configuration.amplifyConfigurationJSON()
        #expect(gen1.contains(#""aws_user_pools_id": "eu-west-1_AbC123""#) && gen1.contains(#""aws_user_pools_web_client_id": "client-app""#))
    }

    @Test("no API key: the member is left out; no additional modes: an empty list")
    func optionalMembers() throws {
        let text = ClientConfiguration(url: "https://localhost/graphql", modes: [.userPools]).amplifyOutputs(for: try Self.schema("team-members"))
        let value = try JSONReader.parse(Array(text.utf8))
        #expect(value["data"]?["api_key"] == nil)
        #expect(value["data"]?["authorization_types"] == .list([]))
    }

    @Test("JSON laid out as JSON.stringify(value, null, 2) lays it out")
    func prettyText() {
        let value = JSONValue.object([("a", .list([.int(1), .string("x")])), ("b", .object([])), ("c", .list([])), ("d", .object([("e", .null)]))])
        #expect(JSONPrettyText.encode(value) == "{\n  \"a\": [\n    1,\n    \"x\"\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": {\n    \"e\": null\n  }\n}")
    }

    @Test("DataStore's model files (codegen javascript, and --typescript) of every example schema match their golden files", arguments: examples)
    func dataStoreModels(name: String) throws {
        let schema = try Self.schema(name)
        for file in DataStoreModels.files(for: schema) + DataStoreModels.files(for: schema, typeScript: true) {
            if let difference = Golden.check(file.text, named: "\(name).models.\(file.name)") { Issue.record(Comment(rawValue: difference)) }
        }
    }

    @Test("the TypeScript model schema is the JavaScript one typed as Schema; index.ts names the types <Name>Model and exports the classes")
    func typeScriptModels() throws {
        let schema = try Self.schema("team-members")
        let javaScript = try #require(DataStoreModels.files(for: schema).first { $0.name == "schema.js" }?.text)
        let files = DataStoreModels.files(for: schema, typeScript: true)
        #expect(files.map(\.name) == ["schema.ts", "index.ts"])
        let typeScript = try #require(files.first?.text)
        #expect(typeScript.hasPrefix("import { Schema } from \"@aws-amplify/datastore\";\n\nexport const schema: Schema = {"))
        #expect(typeScript.hasSuffix(String(javaScript.dropFirst("export const schema = ".count))))
        let index = try #require(files.last?.text)
        #expect(index.contains("export declare type TeamModel = LazyLoading extends LazyLoadingDisabled ? EagerTeamModel : LazyTeamModel"))
        #expect(index.contains("identifier: ManagedIdentifier<TeamModel, 'id'>;"))
        #expect(index.contains("readonly members: AsyncCollection<MemberModel>;"))
        #expect(index.contains("  Team: PersistentModelConstructor<TeamModel>;"))
        #expect(index.hasSuffix("export {\n  Member,\n  Team\n};"))
    }

    @Test("schema.js names a codegen version DataStore accepts and a version that changes with the models' shape")
    func schemaVersion() throws {
        let schema = try Self.schema("team-members")
        let text = try #require(DataStoreModels.files(for: schema).first { $0.name == "schema.js" }?.text)
        #expect(text.hasPrefix("export const schema = {\n    \"models\": {"))
        #expect(text.contains(#""codegenVersion": "3.4.4""#))
        var changed = schema
        changed.models[0].fields.removeLast()
        let other = try #require(DataStoreModels.files(for: changed).first { $0.name == "schema.js" }?.text)
        let version = { (text: String) in text.split(separator: "\n").first { $0.contains("\"version\"") }.map(String.init) }
        #expect(version(text) != nil && version(text) != version(other))
    }
}
