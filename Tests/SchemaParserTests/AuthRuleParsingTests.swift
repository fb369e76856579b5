import ModelIR
import SchemaParser
import Testing

/// `@auth` rules read as the Amplify transformer reads them.
@Suite("@auth rules as the transformer reads them")
struct AuthRuleParsingTests {
    static func model(_ source: String, _ name: String = "A") throws -> Model {
        let schema = try SchemaParser.parseOrThrow(source: source)
        return try #require(schema.models.first { $0.name == name })
    }

    @Test("defaults: owner rules read 'owner' by sub::username over user pools, public rules use API keys, every operation is granted")
    func defaults() throws {
        let model = try Self.model("type A @model @auth(rules: [{allow: owner}, {allow: public, operations: [read]}]) {\n  id: ID!\n  title: String\n}")
        #expect(model.auth.rules.count == 2)
        let owner = model.auth.rules[0]
        #expect(owner.strategy == .owner && owner.provider == .userPools && owner.effectiveOwnerField == "owner" && owner.effectiveIdentityClaim == "sub::username")
        #expect(owner.operations == Set(ModelOperation.allCases) && owner.isRecordBased)
        let open = model.auth.rules[1]
        #expect(open.provider == .apiKey && open.operations == Set(ModelOperation.read) && !open.isRecordBased)
        #expect(model.auth.publicOperations == Set(ModelOperation.read))
    }

    @Test("an owner field the model does not declare is added as a nullable String after the timestamps; a declared one is kept as declared")
    func implicitOwnerField() throws {
        let implicit = try Self.model("type A @model @auth(rules: [{allow: owner, ownerField: \"author\"}]) {\n  id: ID!\n  title: String\n}")
        #expect(implicit.fields.map(\.name) == ["id", "title", "createdAt", "updatedAt", "author"])
        let author = try #require(implicit.field(named: "author"))
        #expect(author.origin == .implicitOwner && author.type == FieldType(.scalar(.string)))
        let declared = try Self.model("type A @model @auth(rules: [{allow: owner, ownerField: \"editors\"}]) {\n  id: ID!\n  editors: [String]\n}")
        #expect(declared.fields.map(\.name) == ["id", "editors", "createdAt", "updatedAt"])
    }

    @Test("groups: static lists with their claim, dynamic fields, private with OIDC, and the global rule")
    func groupsPrivateAndGlobal() throws {
        let model = try Self.model(
            """
            type A @model @auth(rules: [
              {allow: groups, groups: ["Admins", "Editors"], groupClaim: "roles", operations: [create, update]},
              {allow: groups, groupsField: "team"},
              {allow: private, provider: oidc}
            ]) {
              id: ID!
              team: [String]
            }
            """)
        let rules = model.auth.rules
        #expect(rules[0].groups == ["Admins", "Editors"] && rules[0].effectiveGroupClaim == "roles" && rules[0].operations == [.create, .update] && !rules[0].isRecordBased)
        #expect(rules[1].effectiveGroupsField == "team" && rules[1].isRecordBased && rules[1].effectiveGroupClaim == "cognito:groups")
        #expect(rules[2].strategy == .private && rules[2].provider == .oidc)
        #expect(model.auth.rules(granting: .create, in: .oidc) == [rules[2]])

        let global = try Self.model("input AMPLIFY { globalAuthRule: AuthRule = { allow: public } }\ntype A @model {\n  id: ID!\n}")
        #expect(global.auth.isFromGlobalRule && global.auth.publicOperations == Set(ModelOperation.allCases))
    }
}
